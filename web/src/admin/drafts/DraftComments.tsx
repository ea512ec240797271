// A draft's conversation: what reviewers and authors said (a request for changes comes with its
// note), oldest first, and a box to add to it.
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../api.ts';
import { addComment, type DraftDetail } from './draftsApi.ts';
import { localTime } from '../dates.ts';

export function DraftComments({ draft, onDone }: { draft: DraftDetail; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setError('Write a comment first.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addComment(draft.id, text);
      setText('');
      onDone();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Comments</h2>
      {draft.comments.length === 0 ? (
        <p className="admin-muted">No comments yet.</p>
      ) : (
        <ol className="admin-draft-comments">
          {draft.comments.map((c, i) => (
            <li key={`${c.at}-${i}`}>
              <p className="admin-muted">
                <strong>{c.by.name || c.by.username}</strong> · <time dateTime={c.at}>{localTime(c.at)}</time>
              </p>
              <p className="admin-pre">{c.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="admin-draft-comment-form" onSubmit={(e) => void submit(e)}>
        <div className="admin-field">
          <label htmlFor={`${id}-text`}>Add a comment</label>
          <textarea
            id={`${id}-text`}
            rows={3}
            maxLength={5000}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {error && (
            <p id={`${id}-error`} className="admin-field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="admin-button" disabled={busy}>
          Add the comment
        </button>
      </form>
    </section>
  );
}
