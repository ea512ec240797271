// The disk-full drill: the real server on a small tmpfs filled to the brim. Saves answer 507 in plain
// words and change nothing (an upload streamed into git too); once space is freed, saves resume and a
// restart needs no hand repair.
// Mounting needs root (CI runs as root here); where it is not allowed the drill says so and skips.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jpg } from '../../server/http/routes/writesTestKit.ts';
import { eventually, startTestSite, type TestSite } from '../../server/testing/testSite.ts';

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

  it('refuses an upload whose file arrived but does not fit in git with 507, and keeps nothing', async () => {
    await rm(filler);
    const head = git(site.siteDir, 'rev-parse', 'HEAD').stdout.trim();
    // Room for the upload's temporary file (1 MB), not for its blob and work-tree copy as well.
    await writeFile(filler, Buffer.alloc(Math.max(0, (await freeBytes()) - 1.6 * 2 ** 20)));
    const body = new FormData();
    for (const [k, v] of Object.entries({
      fileName: 'On a full disk',
      studyTitle: 'A study',
      abstract: 'Short.',
      publicationDate: '01/02/2026',
    }))
      body.append(k, v);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2 ** 20)]);
    body.append('pdfFile', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'paper.pdf');
    body.append('firstPage', new Blob([new Uint8Array(jpg('full'))], { type: 'image/jpeg' }), 'page.jpg');
    const res = await site.api('/api/pdf_upload.php', { method: 'POST', body });
    expect(res.status, await res.clone().text()).toBe(507);
    expect((await res.json()).error).toMatch(/^The server's disk is full: nothing was saved\./);
    expect(git(site.siteDir, 'rev-parse', 'HEAD').stdout.trim()).toBe(head);
    expect(git(site.siteDir, 'status', '--porcelain', '--untracked-files=all').stdout).toBe('');
    const objects = path.join(site.siteDir, '.git/objects');
    expect((await readdir(objects)).filter((n) => !/^([0-9a-f]{2}|info|pack)$/.test(n))).toEqual([]);
    // The upload's temporary file went with its request.
    await eventually(
      async () => (await readdir(path.join(dataDir, 'private/uploads')).catch(() => [])).length === 0,
      2000,
      'the uploads folder to empty',
    );
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
