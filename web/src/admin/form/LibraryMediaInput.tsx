// A picture (or PDF) inside a list (a card's picture, a section's picture): chosen from the media
// library only, and kept as the library file's path (`media/library/camp.jpg`), which the server
// stores as it is. Uploading goes through the library (its page, or the picker's own search), so a
// picture used on a page is one staff can find, describe and replace in one place. A read answers
// the file's address (`/media/library/x.jpg?v=…`); the form keeps its path (entityApi formValues).
import { useState } from 'react';
import { askedFor } from '../../../../server/schema/fields.ts';
import { textOf } from '../entityApi.ts';
import { workingDraftId } from '../drafts/workingDraft.ts';
import type { InputProps } from './inputProps.ts';
import { FieldMediaPicker } from './FieldMediaPicker.tsx';

/** Where the admin shows a stored path from (in a draft, from its preview, which has the draft's files). */
export function mediaSrc(value: string): string {
  if (!value) return '';
  if (!value.startsWith('media/')) return value;
  const draft = workingDraftId();
  return draft ? `/preview/${draft}/${value}` : `/${value}`;
}

export function LibraryMediaInput(p: InputProps) {
  const isImage = p.field.kind === 'image';
  const value = textOf(p.value);
  const [picking, setPicking] = useState(false);
  const [name, setName] = useState<string | null>(null);
  const what = isImage ? 'picture' : 'PDF';
  const file = value.split('/').pop() ?? '';
  const choose = value ? `Choose another ${what}` : `Choose a ${what} from the library`;
  return (
    <div className="admin-media">
      {value &&
        (isImage ? (
          <img className="admin-thumb" src={mediaSrc(value)} alt={`Chosen picture: ${name ?? file}`} />
        ) : (
          <a href={mediaSrc(value)} target="_blank" rel="noreferrer">
            Open the chosen PDF
          </a>
        ))}
      <div className="admin-media-choose">
        <button
          type="button"
          id={p.id}
          className="admin-button admin-button-small"
          // Its words and the field's: the row's label would otherwise replace what the button says.
          aria-label={`${choose} (${p.field.label})`}
          aria-describedby={p.describedBy}
          onClick={() => setPicking(true)}
        >
          {choose}
        </button>
        {value && !askedFor(p.field) && (
          <button
            type="button"
            className="admin-button admin-button-small admin-button-quiet"
            onClick={() => {
              setName(null);
              p.onChange('');
            }}
          >
            No {what}
          </button>
        )}
      </div>
      <span className="admin-muted" aria-live="polite">
        {value ? `Chosen: ${name ?? file}.` : `No ${what} yet.`} To use a new file, add it on the Media
        library page first.
      </span>
      {picking && (
        <FieldMediaPicker
          isImage={isImage}
          onClose={() => setPicking(false)}
          onPick={(chosen) => {
            setPicking(false);
            setName(chosen.name);
            p.onChange(chosen.path);
            document.getElementById(p.id)?.focus();
          }}
        />
      )}
    </div>
  );
}
