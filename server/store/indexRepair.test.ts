// A missing or damaged .git/index (a full disk cut it short, another program crashed) is rebuilt from
// HEAD by the store, at open and before the next save, and never stops a start; checked with git.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitStore } from './gitStore.ts';
import { IndexSnapshot } from './indexSnapshot.ts';

const AUTHOR = { name: 'Index Tester', email: 'index@example.org' };
const roots: string[] = [];
afterEach(async () => {
  for (const r of roots.splice(0)) await rm(r, { recursive: true, force: true });
});

async function siteWithFiles(n: number) {
  const root = await mkdtemp(path.join(tmpdir(), 'cms-index-'));
  roots.push(root);
  const starter = path.join(root, 'starter');
  mkdirSync(path.join(starter, 'content', 'news'), { recursive: true });
  mkdirSync(path.join(starter, 'media'), { recursive: true });
  for (let i = 1; i <= n; i++)
    writeFileSync(
      path.join(starter, 'content', 'news', `${i}.md`),
      `---\ntitle: News ${i}\n---\nBody ${i}\n`,
    );
  const dir = path.join(root, 'site');
  const { store } = await GitStore.open(dir, {
    starter: { content: path.join(starter, 'content'), media: path.join(starter, 'media') },
  });
  await store.idle();
  return dir;
}

const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });

const damages: [string, (index: string) => void][] = [
  ['cut short at 4,096 bytes (a full disk)', (f) => truncateSync(f, 4096)],
  ['missing', (f) => rmSync(f)],
  [
    'with a wrong checksum',
    (f) => {
      const b = readFileSync(f);
      b[b.length - 1] = b[b.length - 1]! ^ 0xff;
      writeFileSync(f, b);
    },
  ],
];

describe.each(damages)('an index %s', (_name, damage) => {
  it('is rebuilt at open: status clean, fsck clean, and the next save commits only its file', async () => {
    const dir = await siteWithFiles(200);
    damage(path.join(dir, '.git', 'index'));
    expect(IndexSnapshot.readSync(path.join(dir, '.git'))).toBeNull(); // start-up reads every file instead
    const lines: string[] = [];
    const { store } = await GitStore.open(dir, { log: (l) => lines.push(l) });
    expect(lines.join('\n')).toMatch(/Rebuilt git's index of the site files from the last commit/);
    expect(git(dir, 'status', '--porcelain')).toBe('');
    await store.commit(
      [{ path: 'content/news/7.md', data: '---\ntitle: Changed\n---\n' }],
      AUTHOR,
      'news: 7',
    );
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(git(dir, 'show', '--stat', '--format=', 'HEAD').trim()).toMatch(/^content\/news\/7\.md \| /);
    expect(git(dir, 'ls-files').split('\n').filter(Boolean)).toHaveLength(200);
    execFileSync('git', ['fsck', '--full', '--strict'], { cwd: dir });
    await store.idle();
  });

  it('is rebuilt before the next save when it is damaged while the server runs', async () => {
    const dir = await siteWithFiles(50);
    const { store } = await GitStore.open(dir);
    damage(path.join(dir, '.git', 'index'));
    await store.commit([{ path: 'content/news/3.md', data: '---\ntitle: Three\n---\n' }], AUTHOR, 'news: 3');
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(git(dir, 'ls-files').split('\n').filter(Boolean)).toHaveLength(50);
    execFileSync('git', ['fsck', '--full', '--strict'], { cwd: dir });
    await store.idle();
  });
});

it('a rebuilt index trusts no file that differs from HEAD: a hand edit still shows in git status', async () => {
  const dir = await siteWithFiles(20);
  writeFileSync(path.join(dir, 'content', 'news', '5.md'), '---\ntitle: Edited by hand\n---\n');
  rmSync(path.join(dir, '.git', 'index'));
  const { store } = await GitStore.open(dir);
  expect(git(dir, 'status', '--porcelain')).toBe(' M content/news/5.md\n');
  await store.idle();
});
