// Replacing a file's content while keeping its address (PUT): every page that uses it shows the new
// file at once, and the old one stays in the site's history. The new file must be of the same type
// (the address ends in it); the browser checks that, and the size, before sending.
import { useId, useRef, useState } from 'react';
import { messageOf } from '../api.ts';
import { replaceMedia } from './mediaApi.ts';
import { kindOf, mimeOf, replaceProblem } from './mediaRules.ts';
import type { MediaFile } from './mediaTypes.ts';
import { ProgressBar } from './UploadList.tsx';

export const REPLACE_HELP =
  'Every page that uses it will show the new file; the old one stays in the history.';

/** What the chooser offers: files of the old one's type. */
function acceptFor(file: MediaFile): string | undefined {
  const mime = mimeOf({ name: file.name, type: '' });
  if (!mime) return undefined;
  return kindOf({ name: file.name, type: mime }) === 'pdf' ? 'application/pdf,.pdf' : mime;
}

export function ReplaceFile({
  file,
  onReplaced,
}: {
  file: MediaFile;
  onReplaced: (file: MediaFile) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const replace = async (chosen: File) => {
    setDone(false);
    const problem = replaceProblem(file, chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const answer = await replaceMedia(file.path, chosen, { onProgress: setProgress });
      setDone(true);
      onReplaced(answer);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="media-part" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Replace file</h3>
      <p id={`${id}-help`} className="admin-help">
        {REPLACE_HELP} The address stays the same.
      </p>
      <button
        type="button"
        className="admin-button"
        aria-describedby={`${id}-help`}
        disabled={progress !== null}
        onClick={() => input.current?.click()}
      >
        Choose the new file
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptFor(file)}
        aria-label={`New file for ${file.name}`}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (chosen) void replace(chosen);
        }}
      />
      {progress !== null && <ProgressBar fraction={progress} label={`Uploading the new ${file.name}`} />}
      {error && (
        <p className="admin-field-error" role="alert">
          {error}
        </p>
      )}
      <p className="admin-status" role="status">
        {done ? 'Replaced. Every page that uses it now shows the new file.' : ''}
      </p>
    </section>
  );
}
