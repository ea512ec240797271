// One clash's choice in the conflict resolver: keep the live site's value, use the draft's, or — for
// text — combine both into a value staff edit, which starts from both (conflictPicks.ts
// combinedStart). Native radios in the resolver's fieldset (arrow keys move between them); the
// combined value's box is labelled and says where it started; the server's word on it shows beside it.
import type { AnyField } from '../../../../server/schema/fields.ts';

/** What staff chose for one clash (a combined value's text is kept apart, so it survives a change of mind). */
export type Choice = 'live' | 'draft' | 'combine';

interface ConflictChoiceProps {
  /** The radios' group name and the ids' stem: unique in the dialog. */
  name: string;
  /** The field's label ('Title'), for the hidden words that tell the radios of each field apart. */
  label: string;
  /** The field when its values can be combined (text or markdown); otherwise only the two sides. */
  combinable?: AnyField;
  chosen: Choice | undefined;
  onChoose: (choice: Choice) => void;
  combined: string;
  onCombined: (text: string) => void;
  /** What the server said of the combined value (a 400 naming this field). */
  problem?: string;
}

const WORDS: Record<Choice, string> = {
  live: 'Keep the live site’s',
  draft: 'Use this draft’s',
  combine: 'Combine both',
};

export function ConflictChoice(p: ConflictChoiceProps) {
  const choices: Choice[] = p.combinable ? ['live', 'draft', 'combine'] : ['live', 'draft'];
  const box = `${p.name}-combined`;
  const oneLine = p.combinable?.kind === 'text' && !p.combinable.rows;
  const common = {
    id: box,
    value: p.combined,
    'aria-describedby': `${box}-help${p.problem ? ` ${box}-problem` : ''}`,
    'aria-invalid': p.problem ? true : undefined,
    'aria-required': p.combinable?.required || undefined,
  };
  return (
    <>
      <div className="admin-radios">
        {choices.map((choice) => (
          <label key={choice} className="admin-radio">
            <input
              type="radio"
              name={p.name}
              value={choice}
              checked={p.chosen === choice}
              onChange={() => p.onChoose(choice)}
            />
            {WORDS[choice]}
            <span className="visually-hidden"> ({p.label.toLowerCase()})</span>
          </label>
        ))}
      </div>
      {p.combinable && p.chosen === 'combine' && (
        <div className="admin-field admin-conflict-combined">
          <label htmlFor={box}>{p.label}, combined</label>
          {oneLine ? (
            <input type="text" {...common} onChange={(e) => p.onCombined(e.target.value)} />
          ) : (
            <textarea rows={8} {...common} onChange={(e) => p.onCombined(e.target.value)} />
          )}
          <p id={`${box}-help`} className="admin-help">
            It starts with the live site’s version, then this draft’s
            {oneLine ? '' : ', with an empty line between them'}. Edit it to read as it should; this is what
            gets published.
            {p.combinable.max !== undefined && ` At most ${p.combinable.max} characters.`}
          </p>
          {p.problem && (
            <p id={`${box}-problem`} className="admin-field-error">
              {p.problem}
            </p>
          )}
        </div>
      )}
    </>
  );
}
