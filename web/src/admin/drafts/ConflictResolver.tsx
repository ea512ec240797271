// Publishing found that the live site changed some of the same things since the draft began (the
// server's 409). For each clashing field — or the whole item, when one side deleted it — the live
// value and the draft's side by side, and a choice between them (ConflictChoice.tsx): keep one, or for
// text combine both into a value edited here; publishing again sends the choices.
import { plainOf } from '../entityApi.ts';
import { useId, useState, type FormEvent } from 'react';
import type { EntityDef, Fields } from '../../../../server/schema/define.ts';
import type { AnyField } from '../../../../server/schema/fields.ts';
import { canCombine, combinedStart } from '../../../../server/schema/conflictPicks.ts';
import { entityByName } from '../../../../server/schema/registry.ts';
import { ConflictChoice, type Choice } from './ConflictChoice.tsx';
import { FieldValue, ItemView } from '../form/ItemView.tsx';
import { Modal } from '../ui/Modal.tsx';
import type { DraftChange, Picks } from './draftsApi.ts';
import { changeName } from './draftWords.ts';

interface ConflictResolverProps {
  title: string;
  conflicts: DraftChange[];
  busy: boolean;
  /** The server's refusal of the last choices (a combined value a save would refuse), if any. */
  problem?: { message: string; fields: Record<string, string> } | null;
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

const fieldOf = (change: DraftChange, field: string): AnyField | undefined => {
  const def = change.entity ? entityByName.get(change.entity) : undefined;
  return field === '*' || !def ? undefined : (def.fields as Fields)[field];
};

const fieldLabel = (change: DraftChange, field: string): string => {
  if (field === '*') return change.kind === 'media' ? 'The file' : 'The whole item';
  return fieldOf(change, field)?.label || field;
};

/** The field, when both sides hold text of it that staff may combine. */
const combinable = (change: DraftChange, field: string): AnyField | undefined => {
  const f = fieldOf(change, field);
  return change.live && change.draft && canCombine(f) ? f : undefined;
};

const keyOf = (path: string, field: string) => `${path}\n${field}`;

export function ConflictResolver({
  title,
  conflicts,
  busy,
  problem,
  onPublish,
  onClose,
}: ConflictResolverProps) {
  const id = useId();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [combined, setCombined] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState(false);
  const wanted = conflicts.flatMap((c) => c.conflicts.map((field) => ({ change: c, field })));
  const chosen = (path: string, field: string) => choices[keyOf(path, field)];
  const choose = (change: DraftChange, field: string, choice: Choice) => {
    const key = keyOf(change.path, field);
    const f = combinable(change, field);
    // A combined value starts from both sides the first time; after that it keeps what was typed.
    if (choice === 'combine' && f && combined[key] === undefined)
      setCombined((c) => ({ ...c, [key]: combinedStart(f, change.live?.[field], change.draft?.[field]) }));
    setChoices((c) => ({ ...c, [key]: choice }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (wanted.some(({ change, field }) => !chosen(change.path, field))) {
      setMissing(true);
      return;
    }
    setMissing(false);
    // Only the clashes asked about: a choice left from an earlier answer is not sent.
    const sent: Picks = {};
    for (const { change, field } of wanted) {
      const choice = chosen(change.path, field)!;
      const pick = choice === 'combine' ? { value: combined[keyOf(change.path, field)] ?? '' } : choice;
      sent[change.path] = { ...sent[change.path], [field]: pick };
    }
    onPublish(sent);
  };

  return (
    <Modal open onClose={onClose} title="Choose what to keep" className="admin-dialog admin-conflicts">
      <form onSubmit={submit}>
        <p>
          Since “{title}” was started, the live site changed some of the same things. Nothing has been
          published yet. For each one, choose whether to keep what the live site has now or to use this
          draft’s version. For text you can also combine both and edit the result.
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
                  <ConflictChoice
                    name={name}
                    label={label}
                    combinable={combinable(c, field)}
                    chosen={chosen(c.path, field)}
                    onChoose={(choice) => choose(c, field, choice)}
                    combined={combined[keyOf(c.path, field)] ?? ''}
                    onCombined={(text) => setCombined((t) => ({ ...t, [keyOf(c.path, field)]: text }))}
                    problem={chosen(c.path, field) === 'combine' ? problem?.fields[field] : undefined}
                  />
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
        {problem && !missing && (
          <p className="admin-notice admin-notice-error" role="alert">
            {problem.message}
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
