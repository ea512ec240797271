// The direct write road (blobs, trees along the changed paths, index entries) checked against git itself.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitStore } from './gitStore.ts';
import { DetachedHeadError, RepositoryBusyError } from './storeErrors.ts';
import { withEntry, type RawEntry } from './treeObjects.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** How long a store waits for a lock git holds, in the tests that hold one on purpose (not the 3 s default). */
const LOCK_WAIT = 300;

async function freshStore(files: Record<string, string>, lockWaitMs?: number) {
  const root = await mkdtemp(path.join(tmpdir(), 'cms-direct-'));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'starter', rel)), { recursive: true });
    await writeFile(path.join(root, 'starter', rel), text);
  }
  await mkdir(path.join(root, 'starter/content'), { recursive: true });
  await mkdir(path.join(root, 'starter/media'), { recursive: true });
  const { store } = await GitStore.open(path.join(root, 'site'), {
    starter: { content: path.join(root, 'starter/content'), media: path.join(root, 'starter/media') },
    lockWaitMs,
  });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: store.dir, encoding: 'utf8' });
  return { store, git };
}

const author = { name: 'Editor', email: 'editor@example.org' };

function expectHealthy(git: (...a: string[]) => string) {
  expect(git('status', '--porcelain')).toBe('');
  expect(git('diff', '--cached', '--stat')).toBe('');
  git('fsck', '--no-dangling', '--strict');
  // The tree git would write from the index is the one we committed.
  expect(git('write-tree').trim()).toBe(git('rev-parse', 'HEAD^{tree}').trim());
}

describe('direct commits', () => {
  it('seed, add in new nested folders, modify, and delete until a folder empties, all as git would', async () => {
    const { store, git } = await freshStore({
      'content/news/1.md': 'one\n',
      'content/news/2.md': 'two\n',
      'media/news/1.jpg': 'jpg',
    });
    expect(git('log', '--format=%s').trim()).toBe('Start the site from the starter content');
    expectHealthy(git);

    await store.commit(
      [
        { path: 'content/news/10.md', data: 'ten\n' },
        { path: 'content/news/1.md', data: 'one, edited\n' },
        { path: 'content/site/home.md', data: 'home\n' },
        { path: 'media/papers/1.pdf', data: '%PDF-1.4' },
        { path: 'content/news-archive/1.md', data: 'sorts between news and news/' },
      ],
      author,
      'several',
    );
    expectHealthy(git);
    expect(git('show', 'HEAD:content/news/1.md')).toBe('one, edited\n');
    expect(git('log', '-1', '--format=%an <%ae>|%s').trim()).toBe('Editor <editor@example.org>|several');

    await store.commit(
      [
        { path: 'media/papers/1.pdf', data: null },
        { path: 'media/news/1.jpg', data: null },
      ],
      author,
      'remove media',
    );
    expectHealthy(git);
    expect(git('ls-tree', '--name-only', 'HEAD', 'media/')).toBe('');
    expect(git('rev-list', '--count', 'HEAD').trim()).toBe('3');
    expect(git('log', '--merges', '--format=%H')).toBe('');
  });

  it('keeps working after git itself changes the index and HEAD (hand commit, reset)', async () => {
    const { store, git } = await freshStore({ 'content/news/1.md': 'one\n' });
    await store.commit([{ path: 'content/news/2.md', data: 'two\n' }], author, 'by the store');
    await writeFile(path.join(store.dir, 'content/news/3.md'), 'by hand\n');
    git('add', 'content/news/3.md');
    git('-c', 'user.name=M', '-c', 'user.email=m@x', 'commit', '-qm', 'by hand');
    await store.commit([{ path: 'content/news/4.md', data: 'four\n' }], author, 'after the hand commit');
    expectHealthy(git);
    expect(git('ls-tree', '--name-only', 'HEAD', 'content/news/').trim().split('\n')).toEqual([
      'content/news/1.md',
      'content/news/2.md',
      'content/news/3.md',
      'content/news/4.md',
    ]);
    git('reset', '-q', '--hard', 'HEAD~2');
    await store.commit([{ path: 'content/news/5.md', data: 'five\n' }], author, 'after a reset');
    expectHealthy(git);
    expect(git('ls-tree', '--name-only', 'HEAD', 'content/news/').trim().split('\n')).toEqual([
      'content/news/1.md',
      'content/news/2.md',
      'content/news/5.md',
    ]);
  });

  it('orders tree entries as git does (a folder sorts as its name plus "/")', () => {
    const e = (name: string, mode = '100644'): RawEntry => ({ mode, name, oid: Buffer.alloc(20) });
    let list: RawEntry[] = [];
    for (const x of [e('news.md'), e('news', '40000'), e('news-a'), e('new')])
      list = withEntry(list, x.name, x);
    expect(list.map((x) => x.name)).toEqual(['new', 'news-a', 'news.md', 'news']);
    expect(withEntry(list, 'news-a', null).map((x) => x.name)).toEqual(['new', 'news.md', 'news']);
  });
});

describe('history map', () => {
  it('is the same whether built from one git log or by diffing trees, and matches git log for each path', async () => {
    const { store, git } = await freshStore({ 'content/news/1.md': 'one\n', 'content/news/2.md': 'two\n' });
    for (let i = 0; i < 5; i++)
      await store.commit(
        [{ path: `content/news/${1 + (i % 2)}.md`, data: `edit ${i}\n` }],
        author,
        `news: update ${1 + (i % 2)} "edit ${i}"`,
      );
    await writeFile(path.join(store.dir, 'content/news/3.md'), 'by hand\n');
    git('add', '.');
    git('-c', 'user.name=Maintainer', '-c', 'user.email=m@example.org', 'commit', '-qm', 'hand commit');
    await store.commit([{ path: 'content/news/1.md', data: null }], author, 'news: delete 1');
    const { PathHistory } = await import('./pathHistory.ts');
    const head = git('rev-parse', 'HEAD').trim();
    const viaCli = new PathHistory(store.dir, {});
    const viaTrees = new PathHistory(store.dir, {}, { gitCli: false });
    for (const p of ['content/news/1.md', 'content/news/2.md', 'content/news/3.md', 'content/news/9.md']) {
      const expected = git('log', '--format=%H', '--', p).split('\n').filter(Boolean);
      const a = await viaCli.forPath(p, head);
      const b = await viaTrees.forPath(p, head);
      expect(a.map((c) => c.oid)).toEqual(expected);
      expect(b).toEqual(a);
    }
    expect((await store.log('content/news/3.md'))[0]).toMatchObject({
      author: { name: 'Maintainer', email: 'm@example.org' },
      message: 'hand commit',
    });
    // Files the head no longer has: the same from both builds and from the store's own saves.
    // Files the head no longer has, with the removed blob: the same from both builds.
    const removed = {
      path: 'content/news/1.md',
      removedBy: await viaCli.forPath('content/news/1.md', head).then((c) => c[0]),
      lastWith: git('rev-parse', 'HEAD^').trim(),
      blob: git('rev-parse', 'HEAD^:content/news/1.md').trim(),
    };
    expect(removed.removedBy?.oid).toBe(head);
    expect(await viaCli.removedUnder('content/news/', head)).toEqual([removed]);
    expect(await viaTrees.removedUnder('content/news/', head)).toEqual([removed]);
    expect(await store.removedUnder('content/news')).toEqual([removed]);
    expect(await viaCli.removedUnder('media/', head)).toEqual([]);
  });

  it('knows a file a merged remote commit removed, as a fresh build from git log does', async () => {
    const { store, git } = await freshStore({ 'content/news/1.md': 'one\n', 'content/news/2.md': 'two\n' });
    await store.log('content/news/1.md'); // the map is built now: the merge below extends it
    const base = git('rev-parse', 'HEAD').trim();
    // The remote's commit, made beside the branch without touching the work tree.
    const env = {
      ...process.env,
      GIT_INDEX_FILE: path.join(store.dir, '.git', 'remote-test-index'),
      GIT_AUTHOR_NAME: 'Remote',
      GIT_AUTHOR_EMAIL: 'r@x',
      GIT_COMMITTER_NAME: 'Remote',
      GIT_COMMITTER_EMAIL: 'r@x',
    };
    const remoteGit = (...args: string[]) =>
      execFileSync('git', args, { cwd: store.dir, env, encoding: 'utf8' }).trim();
    remoteGit('read-tree', base);
    remoteGit('rm', '-q', '--cached', 'content/news/2.md');
    const theirs = remoteGit('commit-tree', remoteGit('write-tree'), '-p', base, '-m', 'remove 2 there');
    await store.commit([{ path: 'content/news/1.md', data: 'one, edited here\n' }], author, 'edit 1 here');
    const ours = git('rev-parse', 'HEAD').trim();

    const merged = await store.integrate(theirs, () => 'Merge the remote');
    expect(merged.kind).toBe('merge');
    const expected = [
      {
        path: 'content/news/2.md',
        removedBy: expect.objectContaining({ oid: merged.head, message: 'Merge the remote' }),
        lastWith: ours,
        blob: git('rev-parse', `${ours}:content/news/2.md`).trim(),
      },
    ];
    expect(await store.removedUnder('content/news')).toEqual(expected);
    const { PathHistory } = await import('./pathHistory.ts');
    expect(await new PathHistory(store.dir, {}).removedUnder('content/news/', merged.head)).toEqual(expected);
  });

  it('knows which files are gone: removed, put back, removed again; a file that became a folder', async () => {
    const { store, git } = await freshStore({ 'content/news/1.md': 'one\n', 'content/notes': 'a file\n' });
    await store.log('content/news/1.md'); // the map is built now: the saves below extend it
    await store.commit([{ path: 'content/news/1.md', data: null }], author, 'news: delete 1');
    await store.commit([{ path: 'content/news/1.md', data: 'back\n' }], author, 'news: restore 1');
    await store.commit([{ path: 'content/news/1.md', data: null }], author, 'news: delete 1 again');
    const again = git('rev-parse', 'HEAD').trim();
    git('rm', '-q', 'content/notes');
    await mkdir(path.join(store.dir, 'content/notes'));
    await writeFile(path.join(store.dir, 'content/notes/a.md'), 'now a folder\n');
    git('add', '-A');
    git('-c', 'user.name=M', '-c', 'user.email=m@x', 'commit', '-qm', 'notes become a folder');
    const head = git('rev-parse', 'HEAD').trim();
    const expected = [
      {
        path: 'content/notes',
        by: head,
        lastWith: again,
        blob: git('rev-parse', 'HEAD^:content/notes').trim(),
      },
      {
        path: 'content/news/1.md',
        by: again,
        lastWith: git('rev-parse', `${again}^`).trim(),
        blob: git('rev-parse', `${again}^:content/news/1.md`).trim(),
      },
    ];
    const { PathHistory } = await import('./pathHistory.ts');
    for (const history of [
      new PathHistory(store.dir, {}),
      new PathHistory(store.dir, {}, { gitCli: false }),
      store.history, // built before the saves, extended by each, then walked to the hand commit
    ]) {
      const list = await history.removedUnder('content/', head);
      expect(
        list.map((r) => ({ path: r.path, by: r.removedBy.oid, lastWith: r.lastWith, blob: r.blob })),
      ).toEqual(expected);
    }
  });
});

describe('saves alongside people using git', () => {
  it('go to the branch that is checked out now, and refuse a detached HEAD without writing', async () => {
    const { store, git } = await freshStore({ 'content/news/1.md': 'one\n' });
    git('checkout', '-q', '-b', 'feature');
    const { oid } = await store.commit([{ path: 'content/news/2.md', data: 'two\n' }], author, 'on feature');
    expect(git('rev-parse', 'feature').trim()).toBe(oid);
    expect(git('rev-parse', 'main').trim()).not.toBe(oid);
    expectHealthy(git);
    git('checkout', '-q', '--detach', 'HEAD');
    await expect(
      store.commit([{ path: 'content/news/3.md', data: 'three\n' }], author, 'detached'),
    ).rejects.toBeInstanceOf(DetachedHeadError);
    expect(git('status', '--porcelain')).toBe('');
    expect(git('rev-parse', 'HEAD').trim()).toBe(oid);
  });

  it('never lose a commit made by hand while the CMS saves', async () => {
    const { store, git } = await freshStore({ 'content/news/1.md': 'one\n' });
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 'M',
      GIT_AUTHOR_EMAIL: 'm@x',
      GIT_COMMITTER_NAME: 'M',
      GIT_COMMITTER_EMAIL: 'm@x',
    };
    const { execFile } = await import('node:child_process');
    const handCommit = (i: number) =>
      new Promise<boolean>((resolve) => {
        // git refuses while the store holds index.lock; a refused commit is simply not made.
        execFile(
          'git',
          ['commit', '-q', '--allow-empty', '-m', `hand ${i}`],
          { cwd: store.dir, env },
          (err) => resolve(!err),
        );
      });
    const saves = Array.from({ length: 20 }, (_, i) =>
      store.commit([{ path: `content/news/${10 + i}.md`, data: `n${i}\n` }], author, `save ${i}`),
    );
    const hands: Promise<boolean>[] = [];
    for (let i = 0; i < 10; i++) {
      hands.push(handCommit(i));
      await new Promise((r) => setTimeout(r, 15));
    }
    await Promise.all(saves);
    const made = (await Promise.all(hands)).filter(Boolean).length;
    const log = git('log', '--format=%s').split('\n').filter(Boolean);
    expect(log.filter((m) => m.startsWith('save '))).toHaveLength(20);
    expect(log.filter((m) => m.startsWith('hand '))).toHaveLength(made);
    expectHealthy(git);
  });

  it('answer "busy" and write nothing while git holds the index', async () => {
    const { store, git } = await freshStore({ 'content/news/1.md': 'one\n' }, LOCK_WAIT);
    await writeFile(path.join(store.dir, '.git/index.lock'), '');
    const started = Date.now();
    await expect(
      store.commit([{ path: 'content/news/1.md', data: 'changed\n' }], author, 'x'),
    ).rejects.toBeInstanceOf(RepositoryBusyError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_WAIT);
    await rm(path.join(store.dir, '.git/index.lock'));
    expect(git('status', '--porcelain')).toBe('');
    expect(git('rev-list', '--count', 'HEAD').trim()).toBe('1');
    await store.commit([{ path: 'content/news/1.md', data: 'changed\n' }], author, 'after');
    expectHealthy(git);
  });

  it('answer "busy" while git holds the branch, and undo the index already put in place', async () => {
    const { store, git } = await freshStore({ 'content/news/1.md': 'one\n' }, LOCK_WAIT);
    const branchLock = path.join(store.dir, '.git/refs/heads/main.lock');
    await writeFile(branchLock, '');
    await expect(
      store.commit(
        [
          { path: 'content/news/1.md', data: 'changed\n' },
          { path: 'content/news/2.md', data: 'two\n' },
        ],
        author,
        'x',
      ),
    ).rejects.toBeInstanceOf(RepositoryBusyError);
    // The work tree and the index are as the last commit has them; no lock of ours is left.
    expect(git('status', '--porcelain')).toBe('');
    expect(await readFile(path.join(store.dir, 'content/news/1.md'), 'utf8')).toBe('one\n');
    expect(existsSync(path.join(store.dir, '.git/index.lock'))).toBe(false);
    expect((await readdir(path.join(store.dir, '.git'))).filter((n) => n.startsWith('cms-lock-'))).toEqual(
      [],
    );
    await rm(branchLock);
    await store.commit([{ path: 'content/news/2.md', data: 'two\n' }], author, 'after');
    expect(git('rev-list', '--count', 'HEAD').trim()).toBe('2');
    expectHealthy(git);
  });

  it('wait for a lock git holds only until git lets it go (index, then branch)', async () => {
    const { store, git } = await freshStore({ 'content/news/1.md': 'one\n' });
    for (const [i, lock] of ['.git/index.lock', '.git/refs/heads/main.lock'].entries()) {
      await writeFile(path.join(store.dir, lock), '');
      const started = Date.now();
      const saved = store.commit(
        [{ path: `content/news/${i + 2}.md`, data: 'more\n' }],
        author,
        `after ${lock}`,
      );
      await new Promise((r) => setTimeout(r, 200));
      await rm(path.join(store.dir, lock));
      await saved;
      // Well under the default wait (3 s): the save went on as soon as the lock was gone.
      expect(Date.now() - started).toBeLessThan(1500);
    }
    expect(git('rev-list', '--count', 'HEAD').trim()).toBe('3');
    expectHealthy(git);
  });
});
