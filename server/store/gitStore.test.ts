// The git store on a temporary repository, checked with the git CLI: seeding, one commit per call
// (only the touched paths, clean status), a linear history under concurrency, path checks that
// refuse anything outside content/ and media/ before writing, per-path history and old versions.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitStore, SYSTEM_AUTHOR } from './gitStore.ts';
import { checkRepoPath, UnsafePathError } from './paths.ts';

let root: string;
let store: GitStore;
const AUTHOR = { name: 'Store Tester', email: 'store@example.org' };
const git = (...args: string[]) => execFileSync('git', args, { cwd: store.dir, encoding: 'utf8' }).trim();
const count = () => Number(git('rev-list', '--count', 'HEAD'));

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cms-store-'));
  const starter = path.join(root, 'starter');
  mkdirSync(path.join(starter, 'content', 'news'), { recursive: true });
  mkdirSync(path.join(starter, 'media', 'profiles'), { recursive: true });
  writeFileSync(path.join(starter, 'content', 'news', '1.md'), '---\ntitle: One\n---\n');
  writeFileSync(path.join(starter, 'media', 'profiles', '1.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0x00]));
  const opened = await GitStore.open(path.join(root, 'site'), {
    starter: { content: path.join(starter, 'content'), media: path.join(starter, 'media') },
  });
  expect(opened.created).toBe(true);
  store = opened.store;
});
afterAll(async () => {
  await store?.idle();
  await rm(root, { recursive: true, force: true });
});

describe('open', () => {
  it('creates the repository from the starter folders with one initial commit', () => {
    expect(count()).toBe(1);
    expect(git('log', '-1', '--format=%an <%ae>|%s')).toBe(
      `${SYSTEM_AUTHOR.name} <${SYSTEM_AUTHOR.email}>|Start the site from the starter content`,
    );
    expect(git('ls-files').split('\n')).toEqual(['content/news/1.md', 'media/profiles/1.jpg']);
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('starts a new repository on the branch main, whatever git itself would name it', () => {
    expect(git('symbolic-ref', 'HEAD')).toBe('refs/heads/main');
    expect(git('branch', '--list', '--format=%(refname:short)')).toBe('main');
  });

  it('keeps an existing repository on its own branch (master) and saves there', async () => {
    const dir = path.join(root, 'on-master');
    const cli = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
    mkdirSync(path.join(dir, 'content', 'news'), { recursive: true });
    writeFileSync(path.join(dir, 'content', 'news', '1.md'), '---\ntitle: One\n---\n');
    cli('init', '-q', '-b', 'master');
    cli('add', '-A');
    cli('-c', 'user.name=Hand', '-c', 'user.email=hand@example.org', 'commit', '-qm', 'By hand');
    const { store: onMaster, created } = await GitStore.open(dir);
    expect(created).toBe(false);
    await onMaster.commit(
      [{ path: 'content/news/2.md', data: '---\ntitle: Two\n---\n' }],
      AUTHOR,
      'Saved on master',
    );
    await onMaster.idle();
    expect(cli('symbolic-ref', 'HEAD')).toBe('refs/heads/master');
    expect(cli('log', '--format=%s', 'master')).toBe('Saved on master\nBy hand');
    expect(cli('branch', '--list', '--format=%(refname:short)')).toBe('master');
  });

  it('opens an existing repository without touching it', async () => {
    const head = git('rev-parse', 'HEAD');
    const again = await GitStore.open(store.dir);
    expect(again.created).toBe(false);
    expect(await again.store.head()).toBe(head);
    await expect(GitStore.open(path.join(root, 'missing'))).rejects.toThrow('No site repository');
  });
});

describe('commit', () => {
  it('writes the files and records exactly one commit with the author and message', async () => {
    const before = count();
    const { oid, paths } = await store.commit(
      [
        { path: 'content/news/2.md', data: '---\ntitle: Two\n---\n' },
        { path: 'media/news/2.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      ],
      AUTHOR,
      'news: create 2 "Two"',
    );
    expect(paths).toEqual(['content/news/2.md', 'media/news/2.png']);
    expect(count()).toBe(before + 1);
    expect(git('rev-parse', 'HEAD')).toBe(oid);
    expect(git('log', '-1', '--format=%an <%ae>|%cn <%ce>|%B')).toBe(
      `Store Tester <store@example.org>|Store Tester <store@example.org>|news: create 2 "Two"`,
    );
    expect(git('show', '--name-status', '--format=', 'HEAD')).toBe(
      'A\tcontent/news/2.md\nA\tmedia/news/2.png',
    );
    expect(readFileSync(path.join(store.dir, 'content/news/2.md'), 'utf8')).toBe('---\ntitle: Two\n---\n');
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(git('fsck', '--no-progress')).toBe('');
  });

  it('modifies and deletes in one commit; an emptied folder disappears from the tree', async () => {
    const { oid } = await store.commit(
      [
        { path: 'content/news/1.md', data: '---\ntitle: One, edited\n---\n' },
        { path: 'media/news/2.png', data: null },
      ],
      AUTHOR,
      'mixed',
    );
    expect(git('show', '--name-status', '--format=', oid)).toBe('M\tcontent/news/1.md\nD\tmedia/news/2.png');
    expect(git('ls-tree', '-r', '--name-only', 'HEAD')).toBe(
      'content/news/1.md\ncontent/news/2.md\nmedia/profiles/1.jpg',
    );
    expect(existsSync(path.join(store.dir, 'media/news/2.png'))).toBe(false);
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('30 concurrent commits: 30 linear commits, every file present, status clean', async () => {
    const before = git('rev-parse', 'HEAD');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        store.commit(
          [{ path: `content/news/${100 + i}.md`, data: `---\ntitle: N${i}\n---\n` }],
          AUTHOR,
          `c${i}`,
        ),
      ),
    );
    expect(new Set(results.map((r) => r.oid)).size).toBe(30);
    expect(git('rev-list', '--count', `${before}..HEAD`)).toBe('30');
    expect(git('log', '--merges', '--oneline')).toBe('');
    for (const line of git('rev-list', '--parents', `${before}..HEAD`).split('\n'))
      expect(line.split(' ')).toHaveLength(2);
    const files = git('ls-tree', '--name-only', 'HEAD', 'content/news/').split('\n');
    for (let i = 0; i < 30; i++) expect(files).toContain(`content/news/${100 + i}.md`);
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('edits of existing files (tree ids patched in place), then an added file, then edits again: git agrees', async () => {
    const edit = (i: number, v: string) => ({
      path: `content/news/${100 + i}.md`,
      data: `---\ntitle: ${v}${i}\n---\n`,
    });
    for (let round = 0; round < 3; round++) {
      await store.commit([edit(round, 'Edited'), edit(round + 10, 'Edited')], AUTHOR, `edit ${round}`);
    }
    await store.commit([{ path: 'content/news/99.md', data: '---\ntitle: Added\n---\n' }], AUTHOR, 'add');
    await store.commit(
      [edit(20, 'Again'), { path: 'content/news/129.md', data: '---\ntitle: Last again\n---\n' }],
      AUTHOR,
      'again',
    );
    expect(git('fsck', '--no-progress', '--strict')).toBe('');
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
    // The tree the store wrote is the one git builds from the same files.
    expect(git('rev-parse', 'HEAD^{tree}')).toBe(git('write-tree'));
    expect(git('show', 'HEAD:content/news/120.md')).toBe('---\ntitle: Again20\n---');
    expect(git('show', 'HEAD:content/news/102.md')).toBe('---\ntitle: Edited2\n---');
  });

  it.each([
    '../outside.md',
    'content/../../outside.md',
    '.git/config',
    'content/../.git/config',
    '/etc/passwd',
    'content/.hidden',
    'content',
    'other/x.md',
    'content\\..\\..\\x',
    'content//news/3.md',
    'content/news/./3.md',
    'media/a b.jpg',
  ])('refuses the unsafe path %j before writing anything', async (bad) => {
    const before = count();
    await expect(async () =>
      store.commit(
        [
          { path: 'content/news/ok.md', data: 'x' },
          { path: bad, data: 'x' },
        ],
        AUTHOR,
        'bad',
      ),
    ).rejects.toThrow(UnsafePathError);
    expect(count()).toBe(before);
    expect(existsSync(path.join(store.dir, 'content/news/ok.md'))).toBe(false);
    expect(existsSync(path.join(root, 'outside.md'))).toBe(false);
  });

  it('never writes through a symlink that leads out of the repository', async () => {
    const outside = path.join(root, 'elsewhere');
    mkdirSync(outside);
    symlinkSync(outside, path.join(store.dir, 'media', 'linked'));
    const before = count();
    await expect(async () =>
      store.commit([{ path: 'media/linked/1.jpg', data: 'x' }], AUTHOR, 'through a link'),
    ).rejects.toThrow(UnsafePathError);
    expect(existsSync(path.join(outside, '1.jpg'))).toBe(false);
    expect(count()).toBe(before);
    await expect(store.read('media/linked/1.jpg')).rejects.toThrow(UnsafePathError);
    await rm(path.join(store.dir, 'media', 'linked'));
  });
});

describe('read', () => {
  it('answers null, not an error, for a name the file system refuses', async () => {
    expect(await store.read('media/profiles/1.jpg')).not.toBeNull();
    for (const refused of [
      `media/profiles/${'a'.repeat(5000)}.jpg`, // ENAMETOOLONG
      `media/${'a'.repeat(5000)}/1.jpg`, // too long as a folder's name
      'media/profiles/1.jpg/x.jpg', // a file used as a folder: ENOTDIR
      'media/nothing/1.jpg',
    ])
      expect(await store.read(refused)).toBeNull();
  });
});

describe('paths', () => {
  it('accepts content/ and media/ paths and returns them unchanged', () => {
    for (const ok of [
      'content/news/1.md',
      'media/papers/2.pdf',
      'content/site/home.md',
      'media/profiles/1-headshot.jpg',
    ])
      expect(checkRepoPath(ok)).toBe(ok);
  });
});

describe('history and old versions', () => {
  it('lists the commits of a path newest first, extended by saves and by hand commits', async () => {
    const log = await store.log('content/news/1.md');
    expect(log.map((c) => c.message)).toEqual(['mixed', 'Start the site from the starter content']);
    expect(log[0]).toMatchObject({
      oid: git('log', '-1', '--format=%H', '--', 'content/news/1.md'),
      author: AUTHOR,
    });

    await store.commit(
      [{ path: 'content/news/1.md', data: '---\ntitle: One, third\n---\n' }],
      AUTHOR,
      'third',
    );
    writeFileSync(path.join(store.dir, 'content/news/1.md'), '---\ntitle: One, by hand\n---\n');
    git('add', 'content/news/1.md');
    git('-c', 'user.name=Hand', '-c', 'user.email=hand@example.org', 'commit', '-q', '-m', 'by hand');
    const after = await store.log('content/news/1.md');
    expect(after.map((c) => c.message)).toEqual([
      'by hand',
      'third',
      'mixed',
      'Start the site from the starter content',
    ]);
    expect(after.map((c) => c.oid)).toEqual(git('log', '--format=%H', '--', 'content/news/1.md').split('\n'));
    // A save after the hand commit builds on it (the store reads HEAD, not a cached parent).
    const { oid } = await store.commit(
      [{ path: 'content/news/2.md', data: '---\ntitle: Two, later\n---\n' }],
      AUTHOR,
      'after hand',
    );
    expect(git('rev-parse', `${oid}^`)).toBe(after[0]!.oid);
  });

  it('rebuilds the history when HEAD moved to a commit that is not a descendant (reset)', async () => {
    const head = git('rev-parse', 'HEAD');
    git('reset', '-q', '--hard', 'HEAD~2'); // drops 'after hand' and 'by hand'
    const log = await store.log('content/news/1.md');
    expect(log.map((c) => c.message)).toEqual(['third', 'mixed', 'Start the site from the starter content']);
    git('reset', '-q', '--hard', head);
    expect((await store.log('content/news/1.md'))[0]!.message).toBe('by hand');
  });

  it('reads a file as of a commit, and null where it did not exist', async () => {
    const [, , mixed] = (await store.log('content/news/1.md')).map((c) => c.oid);
    expect((await store.readAt(mixed!, 'content/news/1.md'))!.toString()).toBe(
      '---\ntitle: One, edited\n---\n',
    );
    const first = git('rev-list', '--max-parents=0', 'HEAD');
    expect(await store.readAt(first, 'content/news/2.md')).toBeNull();
    await expect(() => store.readAt(first, '../x')).rejects.toThrow(UnsafePathError);
  });
});
