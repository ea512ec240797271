// A picture's stored description: what it shows, for people who cannot see it, used wherever the
// picture appears without a description of its own. Saved on its own (PATCH alt).
import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf, messageOf } from '../api.ts';
import { useDirty } from '../ui/unsaved.tsx';
import { describeMedia } from './mediaApi.ts';
import type { MediaFile } from './mediaTypes.ts';
import { ALT_MAX } from '../../../../server/schema/mediaLibrary.ts';

export { ALT_MAX };
export const ALT_WHAT = 'Describe what the picture shows for people who cannot see it.';
export const ALT_HELP = `${ALT_WHAT} Used wherever the picture appears without its own description.`;

interface Props {
  file: MediaFile;
  onSaved: (file: MediaFile) => void;
}

export function DescriptionForm({ file, onSaved }: Props) {
  const id = useId();
  const [text, setText] = useState(file.alt);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const dirty = text.trim() !== file.alt;
  useDirty(dirty);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !dirty) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const answer = await describeMedia(file.path, { alt: text.trim() });
      setText(answer.alt);
      setSaved(true);
      onSaved(answer);
    } catch (err) {
      setError(fieldErrorsOf(err).alt ?? messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const describedBy = [`${id}-help`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <form className="media-form" onSubmit={(e) => void save(e)} noValidate>
      <div className="admin-field">
        <label htmlFor={`${id}-alt`}>Description</label>
        <p id={`${id}-help`} className="admin-help">
          {ALT_HELP} {ALT_MAX - text.length} characters remaining.
        </p>
        <textarea
          id={`${id}-alt`}
          rows={3}
          maxLength={ALT_MAX}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setText(e.target.value);
            setSaved(false);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="admin-field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={busy || !dirty}>
          {busy ? 'Saving…' : 'Save description'}
        </button>
        <span className="admin-status" role="status">
          {saved ? 'Description saved.' : ''}
        </span>
      </div>
    </form>
  );
}
