// An entity admin page: the sections of its entities, each the generic list or form unless the
// entity's extras draw their own.
import { AdminFrame } from './AdminFrame.tsx';
import type { AdminPageInfo } from './pages.ts';
import { CollectionSection } from './sections/CollectionSection.tsx';
import { SingletonSection } from './sections/SingletonSection.tsx';

export default function AdminEntityPage({ page }: { page: AdminPageInfo }) {
  return (
    <AdminFrame
      title={page.title}
      intro={<p>{page.description}</p>}
      savesContent={page.sections.some(({ def }) => def.storage !== 'private')}
    >
      {page.sections.map(({ def, extras }) => {
        const Section = extras.Section ?? (def.type === 'collection' ? CollectionSection : SingletonSection);
        return <Section key={def.name} def={def} extras={extras} />;
      })}
    </AdminFrame>
  );
}
