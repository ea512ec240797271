// Asked before a picture goes into a text: its description, for people who cannot see it (the
// stored one filled in when the file has one). "Decorative" is the word for a picture that only
// decorates (the content checks take it). The help says where the words go: kept in the library too
// when the picture has no description there yet, else this text's only (useMarkdownUploads.ts keeps
// them). Cancel puts nothing in the text. It opens inside the
// item's form, so it is no form of its own (forms do not nest): Enter in its box inserts, and goes no
// further (it would send the item's form).
import { useId, useState, type KeyboardEvent } from 'react';
import { Modal } from '../ui/Modal.tsx';
import { ALT_MAX, ALT_WHAT } from './DescriptionForm.tsx';
import { thumbnailOf } from './mediaRules.ts';
import type { MediaFile } from './mediaTypes.ts';

export const NEEDS_WORDS = 'Write what the picture shows, or “decorative” if it only decorates the page.';

/** Where the words go, in plain words: into the library too, or this text only. */
export const keptWhere = (file: Pick<MediaFile, 'alt'>) =>
  file.alt
    ? 'This is its description from the media library. If you change it here, the change is for this text only.'
    : 'It has no description in the media library yet, so yours is kept there too, for other pages that show it.';

interface Props {
  file: MediaFile;
  /** The name it was uploaded with (the stored name is made from it). */
  name?: string;
  /** The description to insert, or null: do not insert the picture. */
  onDone: (description: string | null) => void;
}

export function DescribeDialog({ file, name, onDone }: Props) {
  const id = useId();
  const [text, setText] = useState(file.alt);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!text.trim()) {
      setError(NEEDS_WORDS);
      return;
    }
    onDone(text.trim());
  };
  return (
    <Modal open onClose={() => onDone(null)} title="Describe the picture" className="admin-dialog">
      <div className="media-describe">
        <img className="media-describe-thumb" src={thumbnailOf(file)} alt="" />
        <p className="admin-muted">{name ?? file.name}</p>
        <div className="admin-field">
          <label htmlFor={`${id}-alt`}>Description</label>
          <p id={`${id}-help`} className="admin-help">
            {ALT_WHAT} If it only decorates the page, write “decorative”. {keptWhere(file)}
          </p>
          <input
            id={`${id}-alt`}
            type="text"
            maxLength={ALT_MAX}
            value={text}
            autoComplete="off"
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            onKeyDown={(e: KeyboardEvent) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              submit();
            }}
          />
          {error && (
            <p id={`${id}-error`} className="admin-field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="admin-actions">
          <button type="button" className="admin-button admin-button-primary" onClick={submit}>
            Insert picture
          </button>
          <button type="button" className="admin-button" onClick={() => onDone(null)}>
            Don’t insert it
          </button>
        </div>
      </div>
    </Modal>
  );
}
