// What a draft changes, item by item: what it is and whether it is new, changed or deleted, where to
// preview its page and edit it in the draft, the fields the live site changed too (publishing will
// ask about those), and the draft compared with the live site field by field, words marked.
// Loaded with the word-diff library when a draft's page shows changes.
import type { Fields } from '../../../../server/schema/define.ts';
import { entityByName } from '../../../../server/schema/registry.ts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ItemView } from '../form/ItemView.tsx';
import { FieldsCompare, type CompareNames } from '../history/CompareView.tsx';
import type { DraftChange, DraftDetail } from './draftsApi.ts';
import { CHANGE_WORDS, changeName, editHref, previewHref, publicPageOf } from './draftWords.ts';

const DRAFT_NAMES: CompareNames = {
  before: 'Live site',
  after: 'This draft',
  onlyBefore: 'only on the live site: ',
  onlyAfter: 'only in this draft: ',
  same: 'Nothing differs from the live site.',
  altBefore: (label) => `${label} on the live site`,
  altAfter: (label) => `${label} in this draft`,
};

function clashWords(change: DraftChange): string {
  if (change.conflicts.includes('*'))
    return 'The live site changed or deleted this too since the draft began: publishing will ask which to keep.';
  const def = change.entity ? entityByName.get(change.entity) : undefined;
  const labels = change.conflicts.map((f) => (def && (def.fields as Fields)[f]?.label) || f);
  return `The live site changed ${labels.join(', ')} too since the draft began: publishing will ask which to keep.`;
}

function Change({ change, draftId }: { change: DraftChange; draftId: string }) {
  const headingId = useId();
  const def = change.entity ? entityByName.get(change.entity) : undefined;
  const name = changeName(change);
  const edit = editHref(change, draftId);
  return (
    <article className="admin-card admin-draft-change" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p className="admin-muted">
        {CHANGE_WORDS[change.change]}
        {change.kind === 'media' ? ' (a picture or file of an item)' : ''}
      </p>
      {change.conflicts.length > 0 && (
        <p className="admin-notice admin-notice-warning">{clashWords(change)}</p>
      )}
      <div className="admin-actions">
        {change.kind === 'item' && (
          <a className="admin-button admin-button-small" href={previewHref(draftId, publicPageOf(change))}>
            Preview its page<span className="visually-hidden">: {name}</span>
          </a>
        )}
        {edit && (
          <Link className="admin-button admin-button-small" to={edit}>
            Edit in this draft<span className="visually-hidden">: {name}</span>
          </Link>
        )}
      </div>
      {def && change.change === 'removed' && change.live && (
        <details className="admin-draft-removed">
          <summary>
            What the live site has now<span className="visually-hidden">: {name}</span>
          </summary>
          <ItemView def={def} item={change.live} />
        </details>
      )}
      {def && change.change !== 'removed' && (
        <FieldsCompare
          def={def}
          before={change.live ?? {}}
          after={change.draft ?? {}}
          names={DRAFT_NAMES}
          level={4}
          itemHeading={headingId}
        />
      )}
    </article>
  );
}

export default function DraftChanges({ draft }: { draft: DraftDetail }) {
  const items = draft.changes.filter((c) => c.kind === 'item');
  const files = draft.changes.filter((c) => c.kind === 'media');
  return (
    <div className="admin-compare">
      <p>
        {items.length} {items.length === 1 ? 'item' : 'items'}
        {files.length ? ` and ${files.length} ${files.length === 1 ? 'file' : 'files'}` : ''}. Each is
        compared with the live site: <del>struck-through</del> words are only on the live site,{' '}
        <ins>underlined</ins> words only in this draft.
      </p>
      {draft.changes.map((c) => (
        <Change key={c.path} change={c} draftId={draft.id} />
      ))}
    </div>
  );
}
