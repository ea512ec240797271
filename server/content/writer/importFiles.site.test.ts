// The files an import brings (a site import's pictures and files): written in the same commit as its
// items, only as new files of the media library — a path outside it, one with `..`, or one that would
// write over another file is refused, and then nothing at all is written.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { entities } from '../../schema/registry.ts';
import { fileBlobId } from '../../store/blobId.ts';
import type { Actor } from '../changes.ts';
import type { Upload } from './mediaUpload.ts';

let site: TestSite;
let work: string;
const editor: Actor = { name: 'Eddie Editor', email: 'eddie@example.org', username: 'eddie', role: 'editor' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const head = () => site.git('rev-parse', 'HEAD').trim();

/** A file on disk as an upload (what the import's reader leaves in its private work folder). */
async function upload(tag: string): Promise<Upload> {
  const file = path.join(work, `${tag}.png`);
  await writeFile(file, Buffer.concat([PNG, Buffer.from(tag)]));
  const { oid, size } = await fileBlobId(file);
  return { field: 'file', type: 'png', file, size, blob: oid };
}

beforeAll(async () => {
  site = await startTestSite();
  work = await mkdtemp(path.join(tmpdir(), 'import-files-'));
});
afterAll(async () => {
  await site?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('an import’s files', () => {
  it('are written under media/library in the same commit as the items that use them', async () => {
    const before = head();
    const picture = 'media/library/from-old-site.png';
    const result = await site.deps.writer.run(editor, {
      kind: 'import',
      source: 'https://old.example.org',
      items: [{ def: entities.news, input: { title: 'With a picture', picture, picture_alt: 'A dot' } }],
      files: [{ path: picture, upload: await upload('one') }],
    });
    expect(result.imported).toMatchObject({ created: 1, updated: 0 });
    expect(site.git('rev-parse', 'HEAD~1').trim()).toBe(before);
    const changed = site.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n');
    expect(changed).toContain(picture);
    expect(changed.some((p) => p.startsWith('content/news/'))).toBe(true);
    expect(site.git('log', '-1', '--format=%B')).toMatch(
      /^Import from https:\/\/old\.example\.org\n\nnews: created \d+\nmedia library: 1 file added/,
    );
    expect(readFileSync(path.join(site.siteDir, picture)).subarray(-3).toString()).toBe('one');
  });

  it.each([
    ['outside media/', 'content/news/1.md'],
    ['outside the library', 'media/news/99-picture.png'],
    ['with ..', 'media/library/../../content/news/1.md'],
    ['with .. inside the library', 'media/library/a/../b.png'],
  ])('refuses a path %s, and writes nothing', async (_what, at) => {
    const before = head();
    await expect(
      site.deps.writer.run(editor, {
        kind: 'import',
        source: 'news.csv',
        items: [{ def: entities.news, input: { title: 'Should not be made' } }],
        files: [{ path: at, upload: await upload(`bad-${at.length}`) }],
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(head()).toBe(before);
    expect(site.deps.index.list(entities.news).some((n) => n.data.title === 'Should not be made')).toBe(
      false,
    );
    expect(existsSync(path.join(site.siteDir, 'media/library/b.png'))).toBe(false);
  });

  it('refuses to write over a file the library has, with other bytes', async () => {
    const before = head();
    await expect(
      site.deps.writer.run(editor, {
        kind: 'import',
        source: 'again',
        items: [],
        files: [{ path: 'media/library/from-old-site.png', upload: await upload('other') }],
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(head()).toBe(before);
  });
});
