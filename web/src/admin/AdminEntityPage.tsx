// An entity admin page: the sections of its entities, each the generic list or form unless the
// entity's extras draw their own. Someone who may not change the live site sees it read-only there,
// with the way into a draft.
import { AdminFrame } from './AdminFrame.tsx';
import type { AdminPageInfo } from './pages.ts';
import { CollectionSection } from './sections/CollectionSection.tsx';
import { SingletonSection } from './sections/SingletonSection.tsx';
import { useCan } from './access.ts';
import { DraftsOnlyNotice } from './drafts/DraftsOnlyNotice.tsx';

export default function AdminEntityPage({ page }: { page: AdminPageInfo }) {
  const savesContent = page.sections.some(({ def }) => def.storage !== 'private');
  return (
    <AdminFrame
      title={page.title}
      intro={<p>{page.description}</p>}
      savesContent={savesContent}
      needs={page.needs}
    >
      <ReadOnlyHere savesContent={savesContent} />
      {page.sections.map(({ def, extras }) => {
        const Section = extras.Section ?? (def.type === 'collection' ? CollectionSection : SingletonSection);
        return <Section key={def.name} def={def} extras={extras} />;
      })}
    </AdminFrame>
  );
}

/** Drawn inside the frame (so only once someone is signed in): the way into a draft, when needed. */
function ReadOnlyHere({ savesContent }: { savesContent: boolean }) {
  const { saveHere, drafts } = useCan();
  return savesContent && !saveHere && drafts ? <DraftsOnlyNotice /> : null;
}
