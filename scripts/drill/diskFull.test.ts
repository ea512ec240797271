// The disk-full drill: the real server on a small tmpfs filled to the brim. Saves answer 507 in plain
// words and change nothing; once space is freed, saves resume and a restart needs no hand repair.
// Mounting needs root (CI runs as root here); where it is not allowed the drill says so and skips.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../server/testing/testSite.ts';

const mountPoint = await mkdtemp(path.join(tmpdir(), 'cms-diskfull-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint]).status === 0;
if (!mounted)
  console.warn('disk-full drill SKIPPED: could not mount a tmpfs here (it needs root and mount rights)');

afterAll(async () => {
  if (mounted) spawnSync('umount', ['-l', mountPoint]);
  await rm(mountPoint, { recursive: true, force: true });
});

const freeBytes = async () => {
  const s = await statfs(mountPoint);
  return Number(s.bavail) * Number(s.bsize);
};

const git = (dir: string, ...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });

describe.skipIf(!mounted)('a full disk', () => {
  const dataDir = path.join(mountPoint, 'data');
  const filler = path.join(mountPoint, 'filler');
  let site: TestSite;

  it('refuses 40 saves with 507 and changes nothing', async () => {
    site = await startTestSite({ dataDir });
    await site.signIn();
    const ok = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Before the disk filled', link: '', when_date: '2026-01-05', what: 'Saved.' },
    });
    expect(ok.status).toBe(201);
    const head = git(site.siteDir, 'rev-parse', 'HEAD').stdout.trim();
    // Leave about 8 KB: less than one save needs (its index alone is larger).
    await writeFile(filler, Buffer.alloc(Math.max(0, (await freeBytes()) - 8192)));
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await site.api('/api/news.php', {
        method: 'POST',
        json: { title: `On a full disk ${i}`, link: '', when_date: '2026-01-06', what: 'x'.repeat(2000) },
      });
      answers.push(res.status);
      if (res.status === 507)
        expect((await res.json()).error).toBe(
          "The server's disk is full: nothing was saved. Ask the person who looks after the server to free some space, then save again.",
        );
    }
    expect(answers.every((s) => s === 507)).toBe(true);
    expect(git(site.siteDir, 'rev-parse', 'HEAD').stdout.trim()).toBe(head);
    const health = await (await site.api('/api/health')).json();
    expect(health.disk.low).toBe(true);
    expect(health.disk.message).toMatch(/^The server's disk is almost full/);
  });

  it('saves again once space is freed, and the repository needs no repair', async () => {
    await rm(filler);
    const res = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'After space was freed', link: '', when_date: '2026-01-07', what: 'Saved again.' },
    });
    expect(res.status).toBe(201);
    expect(git(site.siteDir, 'status', '--porcelain').stdout).toBe('');
    expect(git(site.siteDir, 'fsck', '--full', '--strict').status).toBe(0);
    expect(git(site.siteDir, 'log', '--format=%s', '-1').stdout).toMatch(/After space was freed/);
  });

  it('starts again without hand repair, fsck clean', async () => {
    await site.stop();
    site = await startTestSite({ dataDir });
    const news = await (await site.api('/api/news.php')).json();
    expect(JSON.stringify(news)).toContain('After space was freed');
    expect(JSON.stringify(news)).not.toContain('On a full disk');
    expect(git(site.siteDir, 'status', '--porcelain').stdout).toBe('');
    expect(git(site.siteDir, 'fsck', '--full', '--strict').status).toBe(0);
    await site.stop();
  });
});
