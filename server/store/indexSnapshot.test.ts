// A start trusts git's index only where git itself would: the stat data matches and the file was not
// changed in the same instant the index was written. Checked against indexes the git CLI wrote.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm, writeFile, utimes, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexSnapshot } from './indexSnapshot.ts';
import { IndexFile } from './indexFile.ts';

let dir: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
const blob = (rel: string) => git('rev-parse', `:${rel}`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cms-index-snapshot-'));
  git('init', '-q');
  for (const n of ['a', 'b', 'c', 'd']) await writeFile(path.join(dir, `${n}.md`), `file ${n}\n`);
  // Files written well before the index: not racily clean.
  const past = new Date(Date.now() - 60_000);
  for (const n of ['a', 'b', 'c', 'd']) await utimes(path.join(dir, `${n}.md`), past, past);
  git('add', '.');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('IndexSnapshot', () => {
  it('an unchanged file is known by the blob id git recorded, without reading it', () => {
    const snap = IndexSnapshot.readSync(path.join(dir, '.git'))!;
    expect(snap.blobIfUnchanged('a.md', path.join(dir, 'a.md'))).toBe(blob('a.md'));
  });

  it('a changed file (content, size, times or mode) is not trusted; nor is an untracked or missing one', async () => {
    const snap = IndexSnapshot.readSync(path.join(dir, '.git'))!;
    await writeFile(path.join(dir, 'b.md'), 'file B\n'); // same size, new content and times
    expect(snap.blobIfUnchanged('b.md', path.join(dir, 'b.md'))).toBeNull();
    await chmod(path.join(dir, 'c.md'), 0o600); // ctime moves
    expect(snap.blobIfUnchanged('c.md', path.join(dir, 'c.md'))).toBeNull();
    expect(snap.blobIfUnchanged('new.md', path.join(dir, 'new.md'))).toBeNull();
    await rm(path.join(dir, 'd.md'));
    expect(snap.blobIfUnchanged('d.md', path.join(dir, 'd.md'))).toBeNull();
  });

  it('a file modified at or after the moment the index was written (racily clean) is not trusted', async () => {
    // The file and the index share one instant, as a change right after `git add` would.
    const t = new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000);
    await writeFile(path.join(dir, 'e.md'), 'racy\n');
    await utimes(path.join(dir, 'e.md'), t, t);
    git('add', 'e.md');
    await utimes(path.join(dir, '.git', 'index'), t, t);
    const snap = IndexSnapshot.readSync(path.join(dir, '.git'))!;
    expect(snap.blobIfUnchanged('e.md', path.join(dir, 'e.md'))).toBeNull();
  });

  it('no index: nothing is trusted', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'cms-index-none-'));
    execFileSync('git', ['init', '-q'], { cwd: empty });
    expect(IndexSnapshot.readSync(path.join(empty, '.git'))).toBeNull();
    await rm(empty, { recursive: true, force: true });
  });

  it("a start reads the index once: the store's check of it is reused while the file is the same", async () => {
    const gitdir = path.join(dir, '.git');
    const index = new IndexFile(gitdir, () => Promise.resolve(null));
    expect(await index.problem()).toBeNull();
    const stat = () => statSync(path.join(gitdir, 'index'), { bigint: true });
    const kept = index.parsedIfSame(stat());
    expect(kept).not.toBeNull();
    let asked = 0;
    const snap = IndexSnapshot.readSync(gitdir, (s) => (asked++, index.parsedIfSame(s)))!;
    expect(asked).toBe(1);
    expect(snap.blobIfUnchanged('a.md', path.join(dir, 'a.md'))).toBe(blob('a.md'));
    // The git CLI rewrites the index: the kept parse is no longer the file's, and is not used.
    await writeFile(path.join(dir, 'f.md'), 'file f\n');
    const past = new Date(Date.now() - 60_000);
    await utimes(path.join(dir, 'f.md'), past, past);
    git('add', 'f.md');
    expect(index.parsedIfSame(stat())).toBeNull();
    expect(snap.blobIfUnchanged('f.md', path.join(dir, 'f.md'))).toBeNull(); // the kept parse has no f.md
    const fresh = IndexSnapshot.readSync(gitdir, (s) => index.parsedIfSame(s))!;
    expect(fresh.blobIfUnchanged('f.md', path.join(dir, 'f.md'))).toBe(blob('f.md'));
  });
});
