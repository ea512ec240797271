// The end of a list's input: what its limits allow now, in a sentence, and "Add a …": one button for a
// list of one kind of thing, or, for a list of several kinds (a page's sections), a button that opens
// the kinds to choose from, each with its one line of help.
import { useId, useRef, useState } from 'react';
import type { ListShape } from '../../../../server/schema/fields.ts';
import { counted, withArticle } from './listValues.ts';

const limitsId = (idBase: string) => `${idBase}-limits`;

/** Said when a limit holds: nothing more can be added, or nothing more removed; or that there is none yet. */
export function ListLimits({ shape, count }: { shape: ListShape; count: number }) {
  const id = useId();
  let text = '';
  if (count === 0)
    text = shape.min > 0 ? `Add at least ${counted(shape.min, shape.noun)}.` : `No ${shape.noun}s yet.`;
  else if (count >= shape.max)
    text = `This holds at most ${counted(shape.max, shape.noun)}: remove one to add another.`;
  else if (count <= shape.min)
    text = `This needs at least ${counted(shape.min, shape.noun)}, so ${count === 1 ? 'it' : 'they'} cannot be removed; add another first.`;
  if (!text) return null;
  return (
    <p id={id} className="admin-help admin-list-limits">
      {text}
    </p>
  );
}

interface AddProps {
  shape: ListShape;
  count: number;
  idBase: string;
  onAdd: (type?: string) => void;
}

export function ListAdd({ shape, count, idBase, onAdd }: AddProps) {
  const [choosing, setChoosing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const full = count >= shape.max;
  const label = `Add ${withArticle(shape.noun)}`;
  const why = full ? `${limitsId(idBase)}-why` : undefined;
  const whyLine = full && (
    <p id={why} className="visually-hidden">
      {`At most ${counted(shape.max, shape.noun)}.`}
    </p>
  );
  if (!shape.types)
    return (
      <div className="admin-list-add">
        <button
          type="button"
          className="admin-button"
          disabled={full}
          aria-describedby={why}
          onClick={() => onAdd()}
        >
          {label}
        </button>
        {whyLine}
      </div>
    );
  const choicesId = `${idBase}-kinds`;
  return (
    <div className="admin-list-add">
      <button
        ref={opener}
        type="button"
        className="admin-button"
        disabled={full}
        aria-describedby={why}
        aria-expanded={choosing}
        aria-controls={choosing ? choicesId : undefined}
        onClick={() => setChoosing((c) => !c)}
      >
        {label}
      </button>
      {whyLine}
      {choosing && !full && (
        <div
          id={choicesId}
          className="admin-list-kinds"
          role="group"
          aria-label={`Which kind of ${shape.noun} to add`}
        >
          <ul>
            {Object.entries(shape.types).map(([type, kind]) => (
              <li key={type}>
                <button
                  type="button"
                  className="admin-list-kind"
                  aria-describedby={kind.help ? `${choicesId}-${type}` : undefined}
                  onClick={() => {
                    setChoosing(false);
                    onAdd(type);
                  }}
                >
                  {kind.label}
                </button>
                {kind.help && <span id={`${choicesId}-${type}`}>{kind.help}</span>}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="admin-button admin-button-small admin-button-quiet"
            onClick={() => {
              setChoosing(false);
              opener.current?.focus();
            }}
          >
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}
