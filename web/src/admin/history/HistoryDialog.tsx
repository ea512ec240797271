// Per-item history: who changed what and when (one commit per save), any version viewed as it was
// or compared with the current one or with any other, and restored as a new save (the current
// version stays in the history).
import { lazy, Suspense, useEffect, useState } from 'react';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { messageOf, type AdminItem } from '../api.ts';
import { isMediaField } from '../../../../server/schema/fields.ts';
import { fieldsOf, getHistory, getVersion, restoreVersion, type Commit } from '../entityApi.ts';
import { ItemView } from '../form/ItemView.tsx';
import { localTime } from '../dates.ts';
import { HistoryList } from './HistoryList.tsx';
import { Modal } from '../ui/Modal.tsx';
import { workingDraftId } from '../drafts/workingDraft.ts';
import { useCan } from '../access.ts';

// The compare view brings the word-diff library: loaded when someone compares.
const CompareView = lazy(() => import('./CompareView.tsx'));

interface HistoryDialogProps {
  def: EntityDef;
  id: string;
  /** What the item is called in the dialog title. */
  name: string;
  onClose: () => void;
  onRestored: (message: string, item: AdminItem) => void;
}

const when = localTime;

export function HistoryDialog({ def, id, name, onClose, onRestored }: HistoryDialogProps) {
  const [commits, setCommits] = useState<Commit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{
    commit: Commit;
    item: AdminItem;
    changed: string[] | null;
  } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** Two versions side by side; `newer.index` 0 is the current version. */
  type Side = { commit: Commit; index: number; item: AdminItem };
  const [comparing, setComparing] = useState<{ older: Side; newer: Side } | null>(null);
  /** The versions ticked to compare with each other (kept while one is compared and back). */
  const [picked, setPicked] = useState<string[]>([]);
  // The history is the live site's, and a restore is a save on the live site: not from inside a draft.
  const inADraft = workingDraftId() !== null;
  // Restoring is a save on the live site: for the roles that may change it.
  const mayRestoreAtAll = useCan().restore;
  const mayRestore = mayRestoreAtAll && !inADraft;

  useEffect(() => {
    let live = true;
    getHistory(def, id).then(
      (c) => {
        if (live) setCommits(c);
      },
      (e: unknown) => {
        if (live) setError(messageOf(e));
      },
    );
    return () => {
      live = false;
    };
  }, [def, id]);

  /** What a save changed: the labels of the fields that differ from the version before it. */
  const changedBy = (item: AdminItem, before: AdminItem | null) =>
    before === null
      ? null
      : fieldsOf(def)
          .filter(([key, f]) => !isMediaField(f) && (item[key] ?? '') !== (before[key] ?? ''))
          .map(([, f]) => f.label);

  const view = async (index: number) => {
    const commit = commits?.[index];
    if (!commit) return;
    setError(null);
    setBusy(commit.oid);
    try {
      const older = commits?.[index + 1];
      const [item, before] = await Promise.all([
        getVersion(def, id, commit.oid),
        older ? getVersion(def, id, older.oid).catch(() => null) : Promise.resolve(null),
      ]);
      setViewing({ commit, item, changed: changedBy(item, before) });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  /** Two versions by their place in the list (older has the larger index), both read the same way (pictures from git). */
  const compare = async (olderIndex: number, newerIndex: number) => {
    const older = commits?.[olderIndex];
    const newer = commits?.[newerIndex];
    if (!older || !newer) return;
    setError(null);
    setBusy(older.oid);
    try {
      const [olderItem, newerItem] = await Promise.all([
        getVersion(def, id, older.oid),
        getVersion(def, id, newer.oid),
      ]);
      setComparing({
        older: { commit: older, index: olderIndex, item: olderItem },
        newer: { commit: newer, index: newerIndex, item: newerItem },
      });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const saved = (c: Commit) => `the version saved ${when(c.date)} by ${c.author.name}`;

  const restore = async (commit: Commit) => {
    if (
      !window.confirm(
        `Restore the version saved ${when(commit.date)}? It becomes the current version; the current one stays in the history.`,
      )
    )
      return;
    setError(null);
    setBusy(commit.oid);
    try {
      const item = await restoreVersion(def, id, commit.oid);
      // What else the restore changed ('2 event cards moved with the renamed page.').
      const more = item.message?.replace(/^Restored\.\s*/, '');
      onRestored(`Restored the version saved ${when(commit.date)}.${more ? ` ${more}` : ''}`, item);
      onClose();
    } catch (e) {
      setError(messageOf(e));
      setBusy(null);
    }
  };

  return (
    <Modal open onClose={onClose} title={`History of ${name}`} className="admin-dialog admin-history">
      {error && (
        <p className="admin-notice admin-notice-error" role="alert">
          {error}
        </p>
      )}
      {!commits && !error && <p role="status">Loading the history…</p>}
      {!mayRestoreAtAll && (
        <p className="admin-notice admin-notice-info">
          Restoring an earlier version changes the live site, which only editors and admins can do. You can
          look at every version here.
        </p>
      )}
      {inADraft && mayRestoreAtAll && (
        <p className="admin-notice admin-notice-info">
          This is the history of the live site. You are working in a draft, so restoring is turned off here:
          go back to the live site to restore an earlier version.
        </p>
      )}
      {comparing ? (
        <Suspense fallback={<p role="status">Loading the comparison…</p>}>
          <CompareView
            def={def}
            older={comparing.older.item}
            newer={comparing.newer.item}
            busy={busy !== null}
            olderName={saved(comparing.older.commit)}
            newerName={comparing.newer.index === 0 ? undefined : saved(comparing.newer.commit)}
            onRestore={mayRestore ? () => void restore(comparing.older.commit) : undefined}
            onBack={() => setComparing(null)}
          />
        </Suspense>
      ) : viewing ? (
        <div className="admin-history-version">
          <p>
            As saved {when(viewing.commit.date)} by {viewing.commit.author.name}. Restoring it brings its
            pictures and files back too.
          </p>
          <p className="admin-changed">
            {viewing.changed === null
              ? 'This is the first saved version.'
              : viewing.changed.length
                ? `This save changed: ${viewing.changed.join(', ')}.`
                : 'This save changed only a picture or file.'}
          </p>
          <ItemView def={def} item={viewing.item} />
          <div className="admin-actions">
            {mayRestore && (
              <button
                type="button"
                className="admin-button admin-button-primary"
                disabled={busy !== null}
                onClick={() => void restore(viewing.commit)}
              >
                Restore this version
              </button>
            )}
            <button type="button" className="admin-button" onClick={() => setViewing(null)}>
              Back to the list
            </button>
          </div>
        </div>
      ) : (
        commits && (
          <HistoryList
            commits={commits}
            picked={picked}
            onPick={setPicked}
            busy={busy !== null}
            mayRestore={mayRestore}
            onView={(i) => void view(i)}
            onCompare={(older, newer) => void compare(older, newer)}
            onRestore={(c) => void restore(c)}
          />
        )
      )}
    </Modal>
  );
}
