// The saves of an item, newest first, each with View, Compare with current and Restore; and a tick
// box on each to pick any two versions and compare them with each other (at most two are ticked).
import { useId } from 'react';
import type { Commit } from '../entityApi.ts';
import { localTime as when } from '../dates.ts';

interface HistoryListProps {
  commits: Commit[];
  /** The oids ticked to compare, at most two. */
  picked: string[];
  onPick: (picked: string[]) => void;
  busy: boolean;
  mayRestore: boolean;
  onView: (index: number) => void;
  /** Compares two versions by their place in the list; the larger index is the older one. */
  onCompare: (older: number, newer: number) => void;
  onRestore: (commit: Commit) => void;
}

/** Commit messages name the collection and id ("news: update 12 …"); staff only need the action. */
export const plainAction = (message: string) => {
  const m = /^[\w-]+: (create|update|delete|restore \w+ of)\b/.exec(message);
  if (!m) return message;
  if (m[1] === 'create') return 'Created';
  if (m[1] === 'update') return 'Edited';
  if (m[1] === 'delete') return 'Deleted';
  return 'Restored an earlier version';
};

export function HistoryList(props: HistoryListProps) {
  const { commits, picked, onPick, busy, mayRestore, onView, onCompare, onRestore } = props;
  const id = useId();
  if (commits.length === 0) return <p>No saved versions yet.</p>;
  const full = picked.length === 2;
  const toggle = (oid: string, on: boolean) =>
    onPick(on ? [...picked, oid].slice(-2) : picked.filter((p) => p !== oid));
  const comparePicked = () => {
    const [a, b] = picked.map((oid) => commits.findIndex((c) => c.oid === oid));
    if (a === undefined || b === undefined || a < 0 || b < 0) return;
    onCompare(Math.max(a, b), Math.min(a, b));
  };
  return (
    <>
      {commits.length > 2 && (
        <div className="admin-history-pick">
          <p id={`${id}-how`} className="admin-muted">
            To see what changed between any two versions, tick them both, then compare them.
          </p>
          <p role="status" className="admin-muted">
            {full
              ? 'Two versions ticked. Untick one to pick another.'
              : picked.length === 1
                ? 'One version ticked: tick one more.'
                : ''}
          </p>
          <button type="button" className="admin-button" disabled={!full || busy} onClick={comparePicked}>
            Compare the two ticked versions
          </button>
        </div>
      )}
      <ol className="admin-history-list">
        {commits.map((c, i) => {
          const ticked = picked.includes(c.oid);
          return (
            <li key={c.oid}>
              <div>
                <strong>{when(c.date)}</strong> · {c.author.name}
                <div className="admin-muted">
                  {plainAction(c.message)}
                  {i === 0 ? ' (current version)' : ''}
                </div>
                {commits.length > 2 && (
                  <div className="admin-check">
                    <input
                      id={`${id}-${c.oid}`}
                      type="checkbox"
                      checked={ticked}
                      disabled={full && !ticked}
                      aria-describedby={`${id}-how`}
                      onChange={(e) => toggle(c.oid, e.target.checked)}
                    />
                    <label htmlFor={`${id}-${c.oid}`}>
                      Pick <span className="visually-hidden">the version saved {when(c.date)}</span> to
                      compare
                    </label>
                  </div>
                )}
              </div>
              <div className="admin-actions">
                <button
                  type="button"
                  className="admin-button"
                  disabled={busy}
                  onClick={() => onView(i)}
                  aria-label={`View the version saved ${when(c.date)}`}
                >
                  View
                </button>
                {i > 0 && (
                  <button
                    type="button"
                    className="admin-button"
                    disabled={busy}
                    onClick={() => onCompare(i, 0)}
                    aria-label={`Compare the version saved ${when(c.date)} with the current one`}
                  >
                    Compare with current
                  </button>
                )}
                {i > 0 && mayRestore && (
                  <button
                    type="button"
                    className="admin-button"
                    disabled={busy}
                    onClick={() => onRestore(c)}
                    aria-label={`Restore the version saved ${when(c.date)}`}
                  >
                    Restore
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
