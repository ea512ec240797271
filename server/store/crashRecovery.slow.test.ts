// A save killed (SIGKILL) after each step of the commit sequence, and half-way through streaming an
// upload's file into git, in a real child process: the next start finishes or undoes it with no hand
// repair, and git finds nothing wrong. Plus the repairs of a damaged branch ref, and what is never
// touched: a maintainer's live lock.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config.ts';
import { GitStore } from './gitStore.ts';
import { MID_STREAM, SAVE_STEPS, type SaveStep } from './failpoint.ts';
import { fileBlobId } from './blobId.ts';
import type { FileChange } from './fileChange.ts';
import { RepositoryBrokenError, RepositoryBusyError } from './storeErrors.ts';

const author = { name: 'Editor', email: 'editor@example.org' };
const roots: string[] = [];
afterEach(async () => {
  for (const d of roots.splice(0)) await rm(d, { recursive: true, force: true });
});

async function site() {
  const root = await mkdtemp(path.join(tmpdir(), 'cms-crash-'));
  roots.push(root);
  // An upload's temporary file, committed from disk: several deflated chunks, so a crash can cut it.
  await mkdir(path.join(root, 'uploads'));
  await writeFile(
    path.join(root, 'uploads/upload-1'),
    Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2 << 20)]),
  );
  const starter = { content: path.join(root, 'starter/content'), media: path.join(root, 'starter/media') };
  await mkdir(path.join(starter.content, 'news'), { recursive: true });
  await mkdir(path.join(starter.media, 'news'), { recursive: true });
  await writeFile(path.join(starter.content, 'news/1.md'), 'one\n');
  await writeFile(path.join(starter.content, 'news/2.md'), 'two\n');
  await writeFile(path.join(starter.media, 'news/1.jpg'), 'jpg');
  const dir = path.join(root, 'site');
  const { store } = await GitStore.open(dir, { starter });
  await store.commit([{ path: 'content/news/3.md', data: 'three\n' }], author, 'second');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  return { dir, git, store, upload: path.join(root, 'uploads/upload-1') };
}

/** Everything a maintainer would check: nothing for git to complain about, nothing left over. */
async function expectClean(dir: string, git: (...a: string[]) => string) {
  expect(git('status', '--porcelain', '--ignored')).toBe('');
  git('fsck', '--full', '--strict', '--no-dangling');
  expect(git('write-tree').trim()).toBe(git('rev-parse', 'HEAD^{tree}').trim());
  const gitdir = path.join(dir, '.git');
  // The save record stays, empty, between saves; lock files and our lock sidecars must be gone.
  const leftovers = (await readdir(gitdir)).filter(
    (n) => (n.startsWith('cms-') && n !== 'cms-save-intent') || n.endsWith('.lock'),
  );
  expect(leftovers).toEqual([]);
  expect(await readFile(path.join(gitdir, 'cms-save-intent'), 'utf8').catch(() => '')).toBe('');
  expect(existsSync(path.join(gitdir, 'refs/heads/main.lock'))).toBe(false);
  expect(
    (await readdir(path.join(gitdir, 'objects'))).filter((n) => !/^([0-9a-f]{2}|info|pack)$/.test(n)),
  ).toEqual([]);
}

/** The save that is interrupted: bytes, a removal, and a file streamed from disk (an upload). */
const interrupted = async (upload: string): Promise<FileChange[]> => [
  { path: 'content/news/1.md', data: 'one, edited\n' },
  { path: 'content/news/4.md', data: 'four\n' },
  { path: 'media/news/1.jpg', data: null },
  {
    path: 'media/papers/4.pdf',
    file: upload,
    ...(await fileBlobId(upload).then(({ oid, size }) => ({ blob: oid, size }))),
  },
];

async function saveInChild(dir: string, upload: string, crashAt: string) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/testing/saveInChild.ts', dir, JSON.stringify(await interrupted(upload))],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CMS_CRASH_AT: crashAt },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
}

describe('a save killed part-way', () => {
  it.each([...SAVE_STEPS, MID_STREAM])(
    'after "%s": the next start finishes or undoes it, and the next save works',
    async (step) => {
      const { dir, git, upload } = await site();
      const before = git('rev-parse', 'HEAD').trim();
      const child = await saveInChild(dir, upload, step);
      expect(child.signal, child.stderr).toBe('SIGKILL');
      const landed = SAVE_STEPS.indexOf(step as SaveStep) >= SAVE_STEPS.indexOf('ref');
      // git reads HEAD and then the index without taking a lock: once the branch names the save,
      // the index on disk holds it too, or a hand commit made at that moment would put the old
      // index's tree on top of the save and drop its files.
      if (landed) expect(git('diff', '--cached', '--name-status', 'HEAD')).toBe('');

      const { store } = await GitStore.open(dir);
      // The save is kept when its commit reached the branch, and undone otherwise (half-way through
      // streaming the upload's blob, it had not).
      const head = git('rev-parse', 'HEAD').trim();
      expect(head === before).toBe(!landed);
      if (landed) expect(git('rev-parse', 'HEAD~1').trim()).toBe(before);
      await expectClean(dir, git);
      const file = (rel: string) => readFile(path.join(dir, rel), 'utf8').catch(() => null);
      expect(await file('content/news/1.md')).toBe(landed ? 'one, edited\n' : 'one\n');
      expect(await file('content/news/4.md')).toBe(landed ? 'four\n' : null);
      expect(await file('media/news/1.jpg')).toBe(landed ? null : 'jpg');
      const pdf = await readFile(path.join(dir, 'media/papers/4.pdf')).catch(() => null);
      if (landed) {
        expect(pdf?.equals(await readFile(upload))).toBe(true);
        expect(
          execFileSync('git', ['cat-file', 'blob', 'HEAD:media/papers/4.pdf'], {
            cwd: dir,
            maxBuffer: 8 << 20,
          }).equals(pdf!),
        ).toBe(true);
      } else expect(pdf).toBeNull();

      await store.commit([{ path: 'content/news/5.md', data: 'five\n' }], author, 'after the crash');
      await expectClean(dir, git);
      expect(git('rev-list', '--count', 'HEAD').trim()).toBe(String(landed ? 4 : 3));
      expect(await store.problem()).toBeNull();
    },
    60_000,
  );

  it('a run of the same save completes when nothing stops it (the child works)', async () => {
    const { dir, git, upload } = await site();
    const child = await saveInChild(dir, upload, 'nowhere');
    expect(child.stdout.trim()).toBe('saved');
    expect(git('log', '-1', '--format=%s').trim()).toBe('the interrupted save');
    await expectClean(dir, git);
  }, 60_000);
});

describe('a damaged branch ref', () => {
  it('an empty ref file is repaired from the reflog at start; history is kept', async () => {
    const { dir, git } = await site();
    const before = git('rev-parse', 'HEAD').trim();
    await truncate(path.join(dir, '.git/refs/heads/main'), 0);
    const logs: string[] = [];
    const { store } = await GitStore.open(dir, { log: (m) => logs.push(m) });
    expect(git('rev-parse', 'HEAD').trim()).toBe(before);
    expect(logs.join('\n')).toMatch(
      /Repaired the site repository: the branch file refs\/heads\/main is empty/,
    );
    await store.commit([{ path: 'content/news/6.md', data: 'six\n' }], author, 'after repair');
    expect(git('rev-parse', 'HEAD~1').trim()).toBe(before);
    await expectClean(dir, git);
  });

  it('a ref pointing at a missing commit is repaired at the next save too', async () => {
    const { dir, git, store } = await site();
    const before = git('rev-parse', 'HEAD').trim();
    await writeFile(path.join(dir, '.git/refs/heads/main'), `${'ab'.repeat(20)}\n`);
    await store.commit([{ path: 'content/news/7.md', data: 'seven\n' }], author, 'after repair');
    expect(git('rev-parse', 'HEAD~1').trim()).toBe(before);
    await expectClean(dir, git);
  });

  it('with nothing to repair from, saving stops with a reason; never a parentless commit', async () => {
    const { dir, git } = await site();
    const good = git('rev-parse', 'HEAD').trim();
    await truncate(path.join(dir, '.git/refs/heads/main'), 0);
    await rm(path.join(dir, '.git/logs'), { recursive: true });
    const { store } = await GitStore.open(dir);
    expect(await store.problem()).toMatch(
      /refs\/heads\/main is empty, and no earlier version of it could be found/,
    );
    await expect(
      store.commit([{ path: 'content/news/8.md', data: 'x\n' }], author, 'x'),
    ).rejects.toBeInstanceOf(RepositoryBrokenError);
    expect(await readFile(path.join(dir, '.git/refs/heads/main'), 'utf8')).toBe('');
    expect(existsSync(path.join(dir, 'content/news/8.md'))).toBe(false);
    // A maintainer puts the branch back: saving resumes by itself.
    await writeFile(path.join(dir, '.git/refs/heads/main'), `${good}\n`);
    expect(await store.problem()).toBeNull();
    await store.commit([{ path: 'content/news/8.md', data: 'x\n' }], author, 'x');
    expect(git('rev-parse', 'HEAD~1').trim()).toBe(good);
  });
});

describe('what the recovery never touches', () => {
  it("leaves a maintainer's index.lock alone: saves wait, then answer busy", async () => {
    const { dir, git } = await site();
    await writeFile(path.join(dir, '.git/index.lock'), '');
    const { store } = await GitStore.open(dir);
    expect(existsSync(path.join(dir, '.git/index.lock'))).toBe(true);
    await expect(
      store.commit([{ path: 'content/news/9.md', data: 'x\n' }], author, 'x'),
    ).rejects.toBeInstanceOf(RepositoryBusyError);
    await rm(path.join(dir, '.git/index.lock'));
    await expectClean(dir, git);
  });

  it('removes temp object files an earlier version left in objects/xx (git fsck: "bad sha1 file")', async () => {
    const { dir, git } = await site();
    const sub = (await readdir(path.join(dir, '.git/objects'))).find((n) => /^[0-9a-f]{2}$/.test(n))!;
    await writeFile(path.join(dir, '.git/objects', sub, `${'0'.repeat(38)}.123.abc.tmp`), 'half');
    await GitStore.open(dir);
    await expectClean(dir, git);
  });
});

describe('a first start killed part-way', () => {
  it('before the first commit: the next start seeds the site as if for the first time', async () => {
    const { dir } = await site();
    const root = path.dirname(dir);
    const fresh = path.join(root, 'fresh');
    await mkdir(path.join(fresh, '.git'), { recursive: true });
    await writeFile(
      path.join(fresh, '.git/config'),
      '[core]\n\trepositoryformatversion = 0\n\tbare = false\n',
    );
    const { store, created } = await GitStore.open(fresh, {
      starter: { content: path.join(root, 'starter/content'), media: path.join(root, 'starter/media') },
    });
    expect(created).toBe(true);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: fresh, encoding: 'utf8' });
    expect(git('log', '--format=%s').trim()).toBe('Start the site from the starter content');
    await store.commit([{ path: 'content/news/9.md', data: 'nine\n' }], author, 'a save');
    await expectClean(fresh, git);
  });
});
