// Files committed from disk (an upload's temporary file): streamed into git's object store and copied
// into the work tree, never whole in memory. Checked with the git CLI: git holds exactly the file's
// bytes under the id read from it, fsck and status are clean, the index matches the tree; a file that
// changed after its id was read is refused with nothing written; a draft takes one as the branch does;
// and a save's memory does not grow with the size of the file.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config.ts';
import { fileBlobId } from './blobId.ts';
import type { DiskFileChange } from './fileChange.ts';
import { GitStore } from './gitStore.ts';

const author = { name: 'Editor', email: 'editor@example.org' };
let root: string;
let store: GitStore;
const git = (...args: string[]) => execFileSync('git', args, { cwd: store.dir, encoding: 'utf8' }).trim();
/** A blob's bytes as git prints them (`git cat-file blob`). */
const gitBytes = (what: string) =>
  execFileSync('git', ['cat-file', 'blob', what], { cwd: store.dir, maxBuffer: 64 << 20 });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cms-diskfiles-'));
  const starter = { content: path.join(root, 'starter/content'), media: path.join(root, 'starter/media') };
  await mkdir(path.join(starter.content, 'news'), { recursive: true });
  await mkdir(path.join(starter.media, 'papers'), { recursive: true });
  await writeFile(path.join(starter.content, 'news/1.md'), 'one\n');
  await writeFile(path.join(starter.media, 'papers/1.pdf'), '%PDF-1.4 old\n');
  await mkdir(path.join(root, 'uploads'));
  ({ store } = await GitStore.open(path.join(root, 'site'), { starter }));
});
afterAll(async () => {
  await store?.idle();
  await rm(root, { recursive: true, force: true });
});

let uploads = 0;
/** An upload's temporary file of `size` bytes (random: deflate cannot shrink it) and its change. */
async function upload(rel: string, size: number): Promise<DiskFileChange> {
  const file = path.join(root, 'uploads', `upload-${++uploads}`);
  await writeFile(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]));
  const { oid, size: read } = await fileBlobId(file);
  return { path: rel, file, size: read, blob: oid };
}

/** Nothing for git to complain about, the index equal to HEAD's tree, no temp object left. */
async function expectClean() {
  expect(git('status', '--porcelain', '--ignored')).toBe('');
  git('fsck', '--full', '--strict', '--no-dangling');
  expect(git('write-tree')).toBe(git('rev-parse', 'HEAD^{tree}'));
  const objects = path.join(store.dir, '.git/objects');
  expect((await readdir(objects)).filter((n) => !/^([0-9a-f]{2}|info|pack)$/.test(n))).toEqual([]);
}

describe('a file committed from disk', () => {
  it('of 30 MB: git holds exactly its bytes under the id read from it, and the work tree a copy', async () => {
    const pdf = await upload('media/papers/2.pdf', 30 << 20);
    expect(pdf.blob).toBe(execFileSync('git', ['hash-object', pdf.file], { encoding: 'utf8' }).trim());
    const before = git('rev-parse', 'HEAD');
    const result = await store.commit(
      [{ path: 'content/news/2.md', data: 'two\n' }, pdf],
      author,
      'A paper with its PDF',
    );
    expect(result.blobs.get('media/papers/2.pdf')).toBe(pdf.blob);
    expect(git('rev-parse', 'HEAD~1')).toBe(before);
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'content/news/2.md',
      'media/papers/2.pdf',
    ]);
    expect(git('rev-parse', 'HEAD:media/papers/2.pdf')).toBe(pdf.blob);
    const bytes = await readFile(pdf.file);
    expect(gitBytes(pdf.blob).equals(bytes)).toBe(true);
    // A loose object, as git writes one: git reads it back by itself (cat-file -p) with its size.
    expect(existsSync(path.join(store.dir, '.git/objects', pdf.blob.slice(0, 2), pdf.blob.slice(2)))).toBe(
      true,
    );
    expect(git('cat-file', '-s', pdf.blob)).toBe(String(30 << 20));
    expect(
      execFileSync('git', ['cat-file', '-p', pdf.blob], { cwd: store.dir, maxBuffer: 64 << 20 }).equals(
        bytes,
      ),
    ).toBe(true);
    expect((await readFile(path.join(store.dir, 'media/papers/2.pdf'))).equals(bytes)).toBe(true);
    // The upload's file is the caller's: still there, unchanged.
    expect((await readFile(pdf.file)).equals(bytes)).toBe(true);
    await expectClean();
  });

  it('replaces a file committed from bytes, and is replaced by bytes again', async () => {
    const pdf = await upload('media/papers/1.pdf', 100_000);
    await store.commit([pdf], author, 'A new PDF');
    expect(gitBytes('HEAD:media/papers/1.pdf').equals(await readFile(pdf.file))).toBe(true);
    await expectClean();
    await store.commit([{ path: 'media/papers/1.pdf', data: '%PDF-1.4 again\n' }], author, 'Bytes again');
    expect(git('show', 'HEAD:media/papers/1.pdf')).toBe('%PDF-1.4 again');
    await expectClean();
  });

  it('that changed after its id was read is refused: no commit, no object, no file', async () => {
    const pdf = await upload('media/papers/3.pdf', 3 << 20);
    await appendFile(pdf.file, 'more');
    const head = git('rev-parse', 'HEAD');
    await expect(
      store.commit([{ path: 'content/news/3.md', data: 'three\n' }, pdf], author, 'x'),
    ).rejects.toThrow(/changed after it was checked/);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(spawnSync('git', ['cat-file', '-e', pdf.blob], { cwd: store.dir }).status).not.toBe(0);
    expect(existsSync(path.join(store.dir, 'media/papers/3.pdf'))).toBe(false);
    expect(existsSync(path.join(store.dir, 'content/news/3.md'))).toBe(false);
    await expectClean();
    // The same file with its id read again saves.
    const again = { ...pdf, ...(await fileBlobId(pdf.file).then((r) => ({ blob: r.oid, size: r.size }))) };
    await store.commit([again], author, 'The PDF as it is now');
    expect(gitBytes('HEAD:media/papers/3.pdf').equals(await readFile(pdf.file))).toBe(true);
    await expectClean();
  });

  it("goes into a draft's commit without touching the work tree, the index or the branch", async () => {
    const head = git('rev-parse', 'HEAD');
    await store.drafts.create('with-a-pdf', head, author);
    const pdf = await upload('media/papers/4.pdf', 5 << 20);
    const made = await store.drafts.commit('with-a-pdf', head, [pdf], author, 'Draft: a PDF');
    expect(made.blobs.get('media/papers/4.pdf')).toBe(pdf.blob);
    expect(git('rev-parse', 'refs/drafts/with-a-pdf')).toBe(made.oid);
    expect(gitBytes('refs/drafts/with-a-pdf:media/papers/4.pdf').equals(await readFile(pdf.file))).toBe(true);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(existsSync(path.join(store.dir, 'media/papers/4.pdf'))).toBe(false);
    await expectClean();
  });
});

describe('memory', () => {
  /** Saves one file from disk in a child process; its peak resident memory in MB. */
  async function peakOfSaving(size: number): Promise<number> {
    const pdf = await upload(`media/papers/m${size}.pdf`, size);
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/testing/saveInChild.ts', store.dir, JSON.stringify([pdf])],
      { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.stdout.trim(), child.stderr).toBe('saved');
    return Number(/peak-rss-kb (\d+)/.exec(child.stderr)![1]) / 1024;
  }

  it("does not grow with the file's size: a 50 MB file costs what a 10 MB one does", async () => {
    await store.idle();
    const ten = await peakOfSaving(10 << 20);
    const fifty = await peakOfSaving(50 << 20);
    // Held in memory, the 40 MB more would be twice that more (the bytes and their deflated copy):
    // 80 MB. Streamed, it varies by a few MB with how far the reader runs ahead on a busy machine
    // (12 MB once beside the other suites, 0–4 MB alone).
    expect(fifty - ten).toBeLessThan(30);
    await expectClean();
  }, 60_000);
});
