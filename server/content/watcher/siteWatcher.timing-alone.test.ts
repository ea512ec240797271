// The watcher on a site of 10,000 news items: hand edits, files added by hand, a pull and a checkout
// reach the index within a second; the server's own saves cost it one event per file written and
// never a folder listing or a tree diff.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitStore } from '../../store/gitStore.ts';
import { entities } from '../../schema/registry.ts';
import { ContentIndex } from '../index/contentIndex.ts';
import { ContentWriter } from '../writer/writer.ts';
import { SiteWatcher } from './siteWatcher.ts';
import { serializeItem } from '../index/fileFormat.ts';
import { eventually } from '../../testing/eventually.ts';
import { commitAsImport } from '../../testing/manyItems.ts';

const ITEMS = 10_000;
const author = { name: 'Editor', email: 'editor@example.org', username: 'editor' };
const news = (id: number, title: string) =>
  serializeItem(entities.news, { title, link: '', when_date: '2026-01-05', what: `Item ${id}` });
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'M',
  GIT_AUTHOR_EMAIL: 'm@x',
  GIT_COMMITTER_NAME: 'M',
  GIT_COMMITTER_EMAIL: 'm@x',
};

let root: string;
let store: GitStore;
let index: ContentIndex;
let watcher: SiteWatcher;
let writer: ContentWriter;
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' });
const title = (id: string) => index.get(entities.news, id)?.data.title;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cms-watch-'));
  const site = path.join(root, 'site');
  await mkdir(path.join(site, 'content/news'), { recursive: true });
  await Promise.all(
    Array.from({ length: ITEMS }, (_, i) =>
      writeFile(path.join(site, `content/news/${i + 1}.md`), news(i + 1, `Item ${i + 1}`)),
    ),
  );
  commitAsImport(site, `Import ${ITEMS} news items`);
  ({ store } = await GitStore.open(site));
  index = new ContentIndex(store, () => undefined);
  await index.load();
  watcher = new SiteWatcher(store, index, () => undefined);
  await watcher.start();
  writer = new ContentWriter(store, index);
}, 120_000);
afterAll(async () => {
  await watcher?.close();
  // git may still be packing objects in the background after the pull (gc --auto).
  await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

describe('at 10,000 items', () => {
  it("the server's own saves cost one file event each: no folder listing, no tree diff", async () => {
    const before = { ...watcher.counters };
    for (let i = 0; i < 10; i++) {
      await writer.save({
        def: entities.news,
        id: String(100 + i),
        input: { title: `Saved ${i}` },
        uploads: [],
        author,
      });
    }
    await writer.save({
      def: entities.news,
      input: { title: 'Created by a save', when_date: '2026-02-01' },
      uploads: [],
      author,
    });
    await watcher.settled(); // every event of the saves has arrived and been looked at, and a poll has run
    expect(watcher.counters.folderListings - before.folderListings).toBe(0);
    expect(watcher.counters.headDiffs - before.headDiffs).toBe(0);
    expect(watcher.counters.fileEvents - before.fileEvents).toBeLessThanOrEqual(11);
    expect(title('105')).toBe('Saved 5');
  });

  it("recognises the server's own commits and does not read their files again; a hand edit is read", async () => {
    const before = { ...index.counters };
    const skipped = watcher.counters.ownFilesSkipped;
    await writer.save({
      def: entities.news,
      id: '200',
      input: { title: 'Saved, not re-read' },
      uploads: [],
      author,
    });
    await watcher.settled(); // the save's file events, and a poll
    expect(watcher.counters.ownFilesSkipped).toBeGreaterThan(skipped);
    expect(index.counters).toEqual(before);

    await writeFile(path.join(store.dir, 'content/news/200.md'), news(200, 'Then edited by hand'));
    await eventually(() => title('200') === 'Then edited by hand', 2000, 'the hand edit after the save');
    expect(index.counters.reads).toBeGreaterThan(before.reads);
    expect(index.counters.parses).toBe(before.parses + 1);
  });

  it('a hand edit of a file reaches the index within a second', async () => {
    const started = Date.now();
    await writeFile(path.join(store.dir, 'content/news/500.md'), news(500, 'Edited by hand'));
    await eventually(() => title('500') === 'Edited by hand', 1000, 'the hand edit');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a file added by hand (not committed) reaches the index within a second', async () => {
    await writeFile(path.join(store.dir, 'content/news/20001.md'), news(20001, 'Added by hand'));
    await eventually(() => title('20001') === 'Added by hand', 1000, 'the new file');
  });

  it('a pull of commits made elsewhere reaches the index within a second', async () => {
    const clone = path.join(root, 'clone');
    git(root, 'clone', '-q', store.dir, clone);
    await writeFile(path.join(clone, 'content/news/700.md'), news(700, 'Changed upstream'));
    await writeFile(path.join(clone, 'content/news/30001.md'), news(30001, 'New upstream'));
    git(clone, 'add', '-A');
    git(clone, 'commit', '-qm', 'upstream');
    git(store.dir, 'add', '-A'); // the hand-added file above, so the pull can fast-forward cleanly
    git(store.dir, 'commit', '-qm', 'commit the hand edits');
    git(store.dir, 'pull', '-q', '--no-rebase', clone, 'main');
    await eventually(
      () => title('700') === 'Changed upstream' && title('30001') === 'New upstream',
      1000,
      'the pull',
    );
  });

  it('a checkout of another branch reaches the index within a second, and back', async () => {
    git(store.dir, 'checkout', '-q', '-b', 'draft');
    git(store.dir, 'rm', '-q', 'content/news/800.md');
    await writeFile(path.join(store.dir, 'content/news/801.md'), news(801, 'On the draft branch'));
    git(store.dir, 'commit', '-qam', 'draft');
    git(store.dir, 'checkout', '-q', 'main');
    await eventually(() => title('800') === 'Item 800' && title('801') === 'Item 801', 1000, 'back on main');
    git(store.dir, 'checkout', '-q', 'draft');
    await eventually(
      () => title('800') === undefined && title('801') === 'On the draft branch',
      1000,
      'the draft branch',
    );
    git(store.dir, 'checkout', '-q', 'main');
    await eventually(() => title('800') === 'Item 800', 1000, 'main again');
  });
  it('a branch that moves inside packed-refs only (no loose ref) reaches the index within a second', async () => {
    // packed-refs is not watched by chokidar (missing, it would make chokidar watch all of .git); the poll
    // stats it.
    git(store.dir, 'commit', '-qam', 'before packing', '--allow-empty');
    const before = git(store.dir, 'rev-parse', 'HEAD').trim();
    git(store.dir, 'checkout', '-q', '--detach');
    await writeFile(path.join(store.dir, 'content/news/802.md'), news(802, 'Only in packed-refs'));
    git(store.dir, 'commit', '-qam', 'moved by packed-refs');
    const after = git(store.dir, 'rev-parse', 'HEAD').trim();
    git(store.dir, 'checkout', '-q', '-f', 'main');
    await eventually(() => title('802') === 'Item 802', 1000, 'main before the move');
    git(store.dir, 'pack-refs', '--all', '--prune');
    const packed = path.join(store.gitdir, 'packed-refs');
    const text = execFileSync('cat', [packed], { encoding: 'utf8' });
    await writeFile(`${packed}.new`, text.replace(`${before} refs/heads/main`, `${after} refs/heads/main`));
    execFileSync('mv', [`${packed}.new`, packed]);
    git(store.dir, 'reset', '-q', '--hard');
    await eventually(() => title('802') === 'Only in packed-refs', 1000, 'the move in packed-refs');
  });
});
