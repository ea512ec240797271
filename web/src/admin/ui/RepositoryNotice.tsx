// The state of the site's repository, at the top of every admin page (the sign-in page included):
// - saving turned off by the server to protect the site's history (a damaged repository it could not
//   repair by itself);
// - the off-site backup (a git remote): "Backed up 2 minutes ago", or since when it has failed and why;
// - a merge in which the backup and this site had changed the same items (the backup's version kept);
// - on a read-only copy of the site (a replica), where to go to edit;
// - a disk that is almost full, before saves start to fail;
// - folders the server cannot watch (the system's limit of watches reached): hand edits seen late.
import { useEffect, useState } from 'react';
import { getJson } from '../api.ts';
import { localTime } from '../dates.ts';

interface Health {
  repository?: { ok: boolean; message?: string };
  disk?: { low: boolean; message?: string } | null;
  /** How the server sees files changed on it by hand: watching folders, or checking them. */
  watcher?: { mode: 'watching' | 'polling'; message?: string } | null;
  /** Files of the site that could not be used (invalid, too large, not a regular file, unreadable). */
  errors?: { path: string; error: string; fields?: Record<string, string> }[];
  remote?: {
    role: 'primary' | 'replica';
    ok: boolean;
    message: string;
    primaryUrl: string | null;
    lastMerge: { at: string; bothChanged: string[] } | null;
  } | null;
  /** When this answer arrived (Date.now()): the age of a merge is judged at that moment. */
  receivedAt: number;
}

const CHECK_EVERY_MS = 60_000;
/** A merge that kept the backup's version is mentioned for a day. */
const MERGE_SHOWN_MS = 24 * 3600_000;

export function useHealth(): Health | null {
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const check = () => {
      getJson<Omit<Health, 'receivedAt'>>('health', controller.signal).then(
        (h) => setHealth({ ...h, receivedAt: Date.now() }),
        () => undefined, // unreachable: shown where the editor saves
      );
    };
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, []);
  return health;
}

const itemName = (path: string) => path.replace(/^content\//, '').replace(/\.md$/, '');

export function RepositoryNotice() {
  const health = useHealth();
  if (!health) return null;
  const { repository, remote, disk, watcher, receivedAt } = health;
  const merge =
    remote?.lastMerge && receivedAt - Date.parse(remote.lastMerge.at) < MERGE_SHOWN_MS
      ? remote.lastMerge
      : null;
  return (
    <>
      {repository && !repository.ok && repository.message && (
        <p className="admin-repository-problem" role="alert">
          {repository.message}
        </p>
      )}
      {disk?.low && disk.message && (
        <p className="admin-repository-problem" role="alert">
          {disk.message}
        </p>
      )}
      {watcher?.mode === 'polling' && watcher.message && (
        <p className="admin-repository-problem" role="status">
          {watcher.message}
        </p>
      )}
      {remote?.role === 'replica' && (
        <p className="admin-repository-problem" role="alert">
          This is a read-only copy of the site: changes made here cannot be saved.
          {remote.primaryUrl && (
            <>
              {' '}
              Edit the site at <a href={`${remote.primaryUrl}/admin`}>{remote.primaryUrl}/admin</a>.
            </>
          )}
        </p>
      )}
      {remote?.role === 'primary' && (
        <p
          className={remote.ok ? 'admin-backup-status' : 'admin-repository-problem'}
          role={remote.ok ? 'status' : 'alert'}
        >
          {remote.message}
        </p>
      )}
      {merge && (
        <p className="admin-backup-merge" role="status">
          Changes from the backup were merged on {localTime(merge.at)}. These were changed both here and on
          the backup; the backup&apos;s version was kept, and the version from this site is in each
          item&apos;s history: {merge.bothChanged.map(itemName).join(', ')}.
        </p>
      )}
    </>
  );
}
