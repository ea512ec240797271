// A start reads every file into one reused buffer: each file's blob id is git's, its text is its own
// (never a piece of the file read before it), and what readRegularFileSync refuses is refused.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScratchReader, UnreadableFileError } from './regularFile.ts';
import { CONTENT_FILE_LIMIT } from '../schema/fileLimits.ts';

let dir: string;
const gitBlob = (file: string) =>
  execFileSync('git', ['hash-object', file], { cwd: dir, encoding: 'utf8' }).trim();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cms-scratch-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('ScratchReader', () => {
  it("gives git's blob id and the file's own text, whatever was read before it", async () => {
    const files: [string, string][] = [
      ['small.md', '---\ntitle: Small\n---\nA few words.\n'],
      ['big.md', `---\ntitle: Big\n---\n${'ünïcode and more words '.repeat(8000)}\n`], // past the first buffer
      ['after-big.md', 'short\n'],
      ['empty.md', ''],
      ['last.md', 'x'.repeat(70_000)],
    ];
    for (const [name, text] of files) await writeFile(path.join(dir, name), text);
    const reader = new ScratchReader();
    for (const [name, text] of files) {
      const read = reader.read(path.join(dir, name), `content/${name}`);
      expect(read.blob).toBe(gitBlob(name));
      expect(read.text()).toBe(text);
    }
  });

  it('refuses what is not a regular file, and a file over its limit, as the other reads do', async () => {
    const reader = new ScratchReader();
    execFileSync('mkfifo', [path.join(dir, 'pipe.md')]);
    expect(() => reader.read(path.join(dir, 'pipe.md'), 'content/pipe.md')).toThrow(UnreadableFileError);
    expect(() => reader.read(dir, 'content/folder.md')).toThrow(UnreadableFileError);
    await writeFile(path.join(dir, 'huge.md'), Buffer.alloc(CONTENT_FILE_LIMIT + 1, 97));
    expect(() => reader.read(path.join(dir, 'huge.md'), 'content/huge.md')).toThrow(/at most 2 MB/);
    // Still reads the next file right.
    await writeFile(path.join(dir, 'fine.md'), 'fine\n');
    expect(reader.read(path.join(dir, 'fine.md'), 'content/fine.md').text()).toBe('fine\n');
  });
});
