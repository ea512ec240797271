// The file watcher against the operating system's limit of watches (issue 38): it takes one watch per
// folder, never one per file, so a site runs with the limit set below its number of files; and when
// the system refuses a watch, the server keeps serving, says so on /api/health, and still sees commits
// made by hand. The limit is the real one (/proc/sys/fs/inotify/max_user_watches), lowered for the
// test and put back: this tier runs alone.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite } from '../../testing/testSite.ts';
import { entities } from '../../schema/registry.ts';
import { serializeItem } from '../index/fileFormat.ts';

const LIMIT = '/proc/sys/fs/inotify/max_user_watches';
const canSetLimit = (() => {
  try {
    writeFileSync(LIMIT, readFileSync(LIMIT, 'utf8'));
    return true;
  } catch {
    return false;
  }
})();

/** The inotify watches held by one process, or by every process (what the user's limit counts). */
function watchesOf(pid: number | 'all'): number {
  const pids = pid === 'all' ? readdirSync('/proc').filter((p) => /^\d+$/.test(p)) : [String(pid)];
  let n = 0;
  for (const p of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${p}/fdinfo`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        n += readFileSync(`/proc/${p}/fdinfo/${fd}`, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('inotify wd:')).length;
      } catch {
        // closed while we looked
      }
    }
  }
  return n;
}

const filesIn = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.name.startsWith('.') ? 0 : e.isDirectory() ? filesIn(path.join(dir, e.name)) : 1),
    0,
  );

const newsFile = (title: string) =>
  serializeItem(entities.news, { title, link: '', when_date: '', what: 'By hand.' });

const original = readFileSync(LIMIT, 'utf8');
afterAll(() => {
  if (canSetLimit) writeFileSync(LIMIT, original);
});

describe('the watcher and the system’s limit of watches', () => {
  it('takes one watch per folder: adding 400 files takes none', async () => {
    const site = await startTestSite();
    try {
      await eventually(() => site.deps.watcher?.state().mode === 'watching', 5000, 'the watcher is up');
      const before = watchesOf(process.pid);
      const folders = site.deps.watcher!.state().folders;
      for (let i = 0; i < 400; i++)
        await writeFile(path.join(site.siteDir, 'content/news', `${9000 + i}.md`), newsFile(`By hand ${i}`));
      await eventually(
        () => site.deps.index.get(entities.news, '9399') !== undefined,
        10_000,
        'the files reach the index',
      );
      expect(watchesOf(process.pid)).toBe(before);
      expect(site.deps.watcher!.state().folders).toBe(folders);
      expect(folders).toBeLessThan(filesIn(site.siteDir) / 10);
    } finally {
      await site.stop();
    }
  }, 60_000);

  it.skipIf(!canSetLimit)(
    'runs with the limit below the site’s number of files, seeing hand edits',
    async () => {
      // Room for every watch held now, and the folders, but far fewer than the site's files.
      const probe = await startTestSite();
      const folders = probe.deps.watcher!.state().folders + 4;
      const files = filesIn(probe.siteDir);
      await probe.stop();
      const limit = watchesOf('all') + folders + 10;
      expect(limit).toBeLessThan(files);
      writeFileSync(LIMIT, String(limit));
      const site = await startTestSite();
      try {
        const health = (await (await fetch(`${site.url}/api/health`)).json()) as {
          watcher: { mode: string };
        };
        expect(health.watcher.mode).toBe('watching');
        const [first] = site.deps.index.list(entities.news);
        await writeFile(path.join(site.siteDir, `content/news/${first!.id}.md`), newsFile('Edited by hand'));
        await eventually(
          () => site.deps.index.get(entities.news, first!.id)?.data.title === 'Edited by hand',
          5000,
          'the hand edit reaches the index',
        );
      } finally {
        writeFileSync(LIMIT, original);
        await site.stop();
      }
    },
    60_000,
  );

  it.skipIf(!canSetLimit)(
    'a refused watch: the server keeps serving, says so, and sees commits',
    async () => {
      writeFileSync(LIMIT, String(watchesOf('all')));
      const site = await startTestSite();
      try {
        const health = (await (await fetch(`${site.url}/api/health`)).json()) as {
          watcher: { mode: string; reason: string; message: string };
        };
        expect(health.watcher).toMatchObject({ mode: 'polling', reason: 'ENOSPC' });
        expect(health.watcher.message).toMatch(/checks them every second instead/);
        expect((await fetch(`${site.url}/api/news.php`)).status).toBe(200);
        await mkdir(path.join(site.siteDir, 'content/news'), { recursive: true });
        await writeFile(path.join(site.siteDir, 'content/news/8001.md'), newsFile('Committed by hand'));
        site.git('add', '-A');
        site.git('-c', 'user.name=Hand', '-c', 'user.email=hand@example.org', 'commit', '-qm', 'By hand');
        await eventually(
          () => site.deps.index.get(entities.news, '8001')?.data.title === 'Committed by hand',
          5000,
          'the commit reaches the index',
        );
      } finally {
        writeFileSync(LIMIT, original);
        await site.stop();
      }
    },
    60_000,
  );
});
