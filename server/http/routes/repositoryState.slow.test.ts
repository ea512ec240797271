// What staff and maintainers are told about the repository over HTTP: saving turned off with the
// reason (health and the save's answer), a busy repository as 503, and one server per data folder.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.ts';
import { startServer } from '../../main.ts';
import { DataDirInUseError } from '../../dataDirLock.ts';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';

const sites: TestSite[] = [];
afterEach(async () => {
  for (const s of sites.splice(0)) {
    await s.stop().catch(() => undefined);
    // A data folder the test made itself is not removed by stop().
    await rm(s.dataDir, { recursive: true, force: true });
  }
});

const news = { title: 'Crash-proof news', link: '', when_date: '2026-01-05', what: 'Body' };

describe('a repository the server cannot repair', () => {
  it('health says why, saves answer 503 with the reason, and nothing is committed', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-broken-'));
    const first = await startTestSite({ dataDir });
    await first.stop();
    const site = path.join(dataDir, 'site');
    await truncate(path.join(site, '.git/refs/heads/main'), 0);
    await rm(path.join(site, '.git/logs'), { recursive: true });
    const s = await startTestSite({ dataDir });
    sites.push(s);
    const health = await (await s.api('/api/health')).json();
    expect(health.ok).toBe(false);
    expect(health.repository.ok).toBe(false);
    expect(health.repository.message).toMatch(
      /^Saving is turned off to keep the site's history safe: the branch file refs\/heads\/main is empty/,
    );
    await s.signIn();
    const res = await s.api('/api/news.php', { method: 'POST', json: news });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toBe(health.repository.message);
    // The branch is still empty: no parentless commit was made to start a new history.
    expect(
      spawnSync('git', ['rev-parse', '--verify', '-q', 'HEAD'], { cwd: site, encoding: 'utf8' }).stdout,
    ).toBe('');
  });
});

describe('a busy repository', () => {
  it("answers 503 with its plain message while a maintainer's git holds the index", async () => {
    const s = await startTestSite();
    sites.push(s);
    await s.signIn();
    await writeFile(path.join(s.siteDir, '.git/index.lock'), '');
    const res = await s.api('/api/news.php', { method: 'POST', json: news });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatch(
      /^Someone is working on the site files with git right now, so nothing was saved/,
    );
    await rm(path.join(s.siteDir, '.git/index.lock'));
    expect((await s.api('/api/news.php', { method: 'POST', json: news })).status).toBe(201);
  });
});

describe('one server per data folder', () => {
  it('a second server on the same folder is refused while the first runs, and starts once it stops', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-twice-'));
    const s = await startTestSite({ dataDir });
    sites.push(s);
    await expect(startServer({ dataDir: s.dataDir, port: 0, quiet: true })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
    expect((await s.api('/api/health')).status).toBe(200);
    await s.stop();
    const again = await startServer({ dataDir: s.dataDir, port: 0, quiet: true });
    await again.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('npm start on a folder in use exits with one plain line', async () => {
    const s = await startTestSite();
    sites.push(s);
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, CMS_DATA_DIR: s.dataDir, PORT: '0' },
    });
    expect(child.status).toBe(1);
    expect(child.stderr.trim().split('\n')).toEqual([
      `Another server is already running on the data folder ${s.dataDir}: stop it first, or set CMS_DATA_DIR to another folder.`,
    ]);
  });
});
