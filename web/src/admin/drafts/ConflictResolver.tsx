// Publishing found that the live site changed some of the same things since the draft began (the
// server's 409). For each clashing field — or the whole item, when one side deleted it — the live
// value and the draft's side by side, and a choice between them; publishing again sends the choices.
import { plainOf } from '../entityApi.ts';
import { useId, useState, type FormEvent } from 'react';
import type { EntityDef, Fields } from '../../../../server/schema/define.ts';
import { entityByName } from '../../../../server/schema/registry.ts';
import { FieldValue, ItemView } from '../form/ItemView.tsx';
import { Modal } from '../ui/Modal.tsx';
import type { DraftChange, Picks } from './draftsApi.ts';
import { changeName } from './draftWords.ts';

interface ConflictResolverProps {
  title: string;
  conflicts: DraftChange[];
  busy: boolean;
  onPublish: (picks: Picks) => void;
  onClose: () => void;
}

type Side = 'live' | 'draft';

/** One side of a clash: a field's value, or the whole item (or file), or its absence. */
function SideValue({ change, field, side }: { change: DraftChange; field: string; side: Side }) {
  const def: EntityDef | undefined = change.entity ? entityByName.get(change.entity) : undefined;
  const item = side === 'live' ? change.live : change.draft;
  if (change.kind === 'media')
    return (
      <span>
        {side === 'live' ? 'The file as the live site has it now' : 'The file as this draft has it'}
      </span>
    );
  if (!item)
    return (
      <span className="admin-muted">
        {side === 'live' ? 'Deleted on the live site' : 'Deleted in this draft'}
      </span>
    );
  if (!def) return null;
  if (field === '*') return <ItemView def={def} item={item} />;
  const f = (def.fields as Fields)[field];
  return f ? <FieldValue field={f} value={item[field] ?? ''} /> : <span>{plainOf(item[field])}</span>;
}

const fieldLabel = (change: DraftChange, field: string): string => {
  if (field === '*') return change.kind === 'media' ? 'The file' : 'The whole item';
  const def = change.entity ? entityByName.get(change.entity) : undefined;
  return (def && (def.fields as Fields)[field]?.label) || field;
};

export function ConflictResolver({ title, conflicts, busy, onPublish, onClose }: ConflictResolverProps) {
  const id = useId();
  const [picks, setPicks] = useState<Picks>({});
  const [missing, setMissing] = useState(false);
  const wanted = conflicts.flatMap((c) => c.conflicts.map((field) => ({ change: c, field })));
  const chosen = (path: string, field: string) => picks[path]?.[field];
  const choose = (path: string, field: string, side: Side) =>
    setPicks((p) => ({ ...p, [path]: { ...p[path], [field]: side } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (wanted.some(({ change, field }) => !chosen(change.path, field))) {
      setMissing(true);
      return;
    }
    setMissing(false);
    // Only the clashes asked about: a choice left from an earlier answer is not sent.
    const sent: Picks = {};
    for (const { change, field } of wanted)
      sent[change.path] = { ...sent[change.path], [field]: chosen(change.path, field)! };
    onPublish(sent);
  };

  return (
    <Modal open onClose={onClose} title="Choose what to keep" className="admin-dialog admin-conflicts">
      <form onSubmit={submit}>
        <p>
          Since “{title}” was started, the live site changed some of the same things. Nothing has been
          published yet. For each one, choose whether to keep what the live site has now or to use this
          draft’s version.
        </p>
        {conflicts.map((c) => (
          <section key={c.path} className="admin-conflict-item" aria-labelledby={`${id}-${c.path}`}>
            <h3 id={`${id}-${c.path}`}>{changeName(c)}</h3>
            {c.conflicts.map((field) => {
              const name = `${id}-${c.path}-${field}`;
              const label = fieldLabel(c, field);
              return (
                <fieldset key={field} className="admin-conflict-field">
                  <legend>{label}</legend>
                  <div className="admin-compare-sides">
                    <figure>
                      <figcaption>The live site now</figcaption>
                      <SideValue change={c} field={field} side="live" />
                    </figure>
                    <figure>
                      <figcaption>This draft</figcaption>
                      <SideValue change={c} field={field} side="draft" />
                    </figure>
                  </div>
                  <div className="admin-radios">
                    {(['live', 'draft'] as const).map((side) => (
                      <label key={side} className="admin-radio">
                        <input
                          type="radio"
                          name={name}
                          value={side}
                          checked={chosen(c.path, field) === side}
                          onChange={() => choose(c.path, field, side)}
                        />
                        {side === 'live' ? 'Keep the live site’s' : 'Use this draft’s'}
                        <span className="visually-hidden"> ({label.toLowerCase()})</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              );
            })}
          </section>
        ))}
        {missing && (
          <p className="admin-notice admin-notice-error" role="alert">
            Choose one side for every item above, then publish.
          </p>
        )}
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            Publish with these choices
          </button>
          <button type="button" className="admin-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
