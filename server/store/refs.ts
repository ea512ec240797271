// Branch refs read and moved as git does: a ref moves only under its .lock file, by compare-and-swap
// against the value the save started from (like `git update-ref <ref> <new> <old>`), flushed, with a
// reflog line, and never rewritten in place.
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { BranchMovedError, RepositoryBusyError } from './storeErrors.ts';
import { syncDir, syncFile } from './durable.ts';
import { LOCK_WAIT_MS, takeLock } from './ownedLock.ts';
import { gitPerson } from './commitObject.ts';
import { failpoint } from './failpoint.ts';

const OID = /^[0-9a-f]{40}$/;
const ZERO = '0'.repeat(40);

/** What a branch ref holds: a commit id, nothing yet (unborn), or something unreadable. */
export type RefState = { kind: 'oid'; oid: string } | { kind: 'unborn' } | { kind: 'broken'; why: string };

/** The branch HEAD points at (`main`), or null when HEAD is detached or unreadable. */
export async function currentBranch(gitdir: string): Promise<string | null> {
  const head = await readFile(path.join(gitdir, 'HEAD'), 'utf8').catch(() => '');
  const m = /^ref: refs\/heads\/(\S+)\s*$/.exec(head);
  return m ? m[1]! : null;
}

export async function readBranch(gitdir: string, branch: string): Promise<RefState> {
  return readRef(gitdir, `refs/heads/${branch}`);
}

/** Any ref by its full name (`refs/heads/main`, `refs/drafts/<id>`), loose or packed. */
export async function readRef(gitdir: string, ref: string): Promise<RefState> {
  const loose = await readFile(path.join(gitdir, ref), 'utf8').catch((e: NodeJS.ErrnoException) =>
    e.code === 'ENOENT' ? null : Promise.reject(e),
  );
  if (loose !== null) {
    const value = loose.trim();
    if (OID.test(value)) return { kind: 'oid', oid: value };
    return {
      kind: 'broken',
      why: value ? `the branch file ${ref} is damaged` : `the branch file ${ref} is empty`,
    };
  }
  const packed = await packedRef(gitdir, ref);
  return packed ? { kind: 'oid', oid: packed } : { kind: 'unborn' };
}

export interface RefUpdate {
  branch: string;
  /** The value the ref must still have (null: the branch must not exist yet). */
  expected: string | null;
  next: string;
  /** Reflog identity and message, as git writes them. */
  who: { name: string; email: string };
  message: string;
  /** Whether to take an existing value that is broken as "expected" (a repair). */
  replaceBroken?: boolean;
  /** How long to wait while someone else holds the ref's lock (default LOCK_WAIT_MS). */
  waitMs?: number;
}

/** Moves a branch by compare-and-swap; answers only once the new value is on disk. */
export async function updateBranch(gitdir: string, u: RefUpdate): Promise<void> {
  return updateRef(gitdir, { ...u, ref: `refs/heads/${u.branch}`, logHead: true });
}

/**
 * Moves any ref by compare-and-swap under its .lock file (`next` null deletes it, as
 * `git update-ref -d`); HEAD's reflog gets the line too when the ref is the checked-out branch.
 */
export async function updateRef(
  gitdir: string,
  u: Omit<RefUpdate, 'branch' | 'next'> & { ref: string; next: string | null; logHead?: boolean },
): Promise<void> {
  const { ref } = u;
  const file = path.join(gitdir, ref);
  await mkdir(path.dirname(file), { recursive: true });
  const lock = await takeLock(gitdir, file, u.waitMs ?? LOCK_WAIT_MS, () => new RepositoryBusyError());
  try {
    const now = await readRef(gitdir, ref);
    const current = now.kind === 'oid' ? now.oid : null;
    const matches = now.kind === 'broken' ? u.replaceBroken === true : current === u.expected;
    if (!matches) throw new BranchMovedError();
    failpoint('ref-locked');
    if (u.next === null) {
      if (await packedRef(gitdir, ref)) throw new Error(`${ref} is packed; it cannot be removed here`);
      await rm(file, { force: true });
      await rm(path.join(gitdir, 'logs', ref), { force: true });
      await lock.release();
      return;
    }
    await lock.handle.writeFile(`${u.next}\n`);
    lock.flush();
    // A repair logs no old value: the one it replaces may name a missing object, which fsck refuses.
    const line = reflogLine(u.replaceBroken ? ZERO : (current ?? ZERO), u.next, u.who, u.message);
    await Promise.all([
      appendLog(gitdir, ref, line),
      u.logHead ? appendLog(gitdir, 'HEAD', line) : undefined,
    ]);
    await lock.commit();
    failpoint('ref');
  } catch (e) {
    await lock.release();
    throw e;
  }
}

function reflogLine(
  old: string,
  next: string,
  who: { name: string; email: string },
  message: string,
): string {
  return `${old} ${next} ${gitPerson(who, new Date(Date.now()))}\t${message.split('\n')[0]!.replace(/\t/g, ' ')}\n`;
}

async function appendLog(gitdir: string, ref: string, line: string): Promise<void> {
  const file = path.join(gitdir, 'logs', ref);
  const created = (await mkdir(path.dirname(file), { recursive: true })) !== undefined;
  const handle = await open(file, 'a');
  try {
    const size = (await handle.stat()).size;
    const isNew = created || size === 0;
    try {
      await handle.appendFile(line);
    } catch (e) {
      // A full disk can take part of the line: cut it off so the reflog stays whole for git and for repairs.
      await handle.truncate(size).catch(() => undefined);
      throw e;
    }
    await syncFile(handle);
    if (isNew) await syncDir(path.dirname(file)); // a new file's name must be on disk too
  } finally {
    await handle.close();
  }
}

/** The values a branch had, newest first, from its reflog (for repairing a damaged ref). */
export async function reflogValues(gitdir: string, branch: string): Promise<string[]> {
  const text = await readFile(path.join(gitdir, 'logs', 'refs', 'heads', branch), 'utf8').catch(() => '');
  const values: string[] = [];
  for (const line of text.split('\n').reverse()) {
    const next = line.split(' ')[1];
    if (next && OID.test(next) && next !== ZERO && !values.includes(next)) values.push(next);
  }
  return values;
}

/** Whether the branch has ever had a commit (a reflog line or a packed value). */
export async function branchHadHistory(gitdir: string, branch: string): Promise<boolean> {
  return (await reflogValues(gitdir, branch)).length > 0 || (await packedValue(gitdir, branch)) !== null;
}

export async function packedValue(gitdir: string, branch: string): Promise<string | null> {
  return packedRef(gitdir, `refs/heads/${branch}`);
}

async function packedRef(gitdir: string, ref: string): Promise<string | null> {
  const packed = await readFile(path.join(gitdir, 'packed-refs'), 'utf8').catch(() => '');
  for (const line of packed.split('\n')) {
    const [oid, name] = line.split(' ');
    if (name === ref && oid && OID.test(oid)) return oid;
  }
  return null;
}
