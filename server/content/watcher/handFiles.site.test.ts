// Files that arrive outside the API are held to the same limits: a content file over 2 MB, a picture
// over 5 MB, a FIFO named like content and a socket are reported on /api/health and never served or
// waited on, and the watcher still sees the next hand edit within 2 s.
import { spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../../testing/testSite.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.stop();
});

const json = async (p: string) => (await site.api(p)).json();
const news = (title: string, body: string) =>
  `---\ntitle: ${title}\nlink: ''\nwhen_date: '2026-03-01'\n---\n${body}\n`;
const errorFor = async (rel: string) =>
  ((await json('/api/health')).errors as { path: string; error: string }[]).find((e) => e.path === rel)
    ?.error;

describe('files that arrive by hand', () => {
  it('a 10 MB news file is reported and not served; the site keeps answering', async () => {
    await writeFile(
      path.join(site.siteDir, 'content/news/901.md'),
      news('Huge by hand', 'x'.repeat(10 * 1024 * 1024)),
    );
    // writeFile takes a while for 10 MB: the watcher may first see part of it (and say so); the
    // report follows the file as it grows.
    const error = await eventually(
      async () => {
        const said = await errorFor('content/news/901.md');
        return said?.startsWith('This file is 10 MB') ? said : undefined;
      },
      2000,
      'the large file to be reported',
    );
    expect(error).toBe('This file is 10 MB; content files can be at most 2 MB, so it is not served.');
    const t = performance.now();
    const list = await site.api('/api/news.php?media=url');
    expect(list.status).toBe(200);
    expect(await list.text()).not.toContain('Huge by hand');
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('a FIFO named like a news item is reported, never waited on, and later edits are still seen', async () => {
    const fifo = path.join(site.siteDir, 'content/news/902.md');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const error = await eventually(() => errorFor('content/news/902.md'), 2000, 'the FIFO to be reported');
    expect(error).toBe('This is a pipe (FIFO), not a regular file, so it is not read.');
    await writeFile(path.join(site.siteDir, 'content/news/903.md'), news('Seen after the FIFO', 'Hello.'));
    await eventually(
      async () => JSON.stringify(await json('/api/news.php')).includes('Seen after the FIFO'),
      2000,
      'a new file to be seen after the FIFO',
    );
    await rm(fifo);
    await eventually(
      async () => (await errorFor('content/news/902.md')) === undefined,
      2000,
      'the report to clear',
    );
  });

  it('a socket named like content and a picture over 5 MB are reported', async () => {
    const sock = path.join(site.siteDir, 'content/news/904.md');
    const server = net.createServer().listen(sock);
    await new Promise((r) => server.once('listening', r));
    await mkdir(path.join(site.siteDir, 'media/news'), { recursive: true });
    await writeFile(path.join(site.siteDir, 'media/news/huge.jpg'), Buffer.alloc(6 * 1024 * 1024, 0xff));
    expect(await eventually(() => errorFor('content/news/904.md'), 2000, 'the socket to be reported')).toBe(
      'This is a socket, not a regular file, so it is not read.',
    );
    expect(await eventually(() => errorFor('media/news/huge.jpg'), 2000, 'the picture to be reported')).toBe(
      'This file is 6 MB; pictures can be at most 5 MB, so it is not served.',
    );
    expect((await site.api('/media/news/huge.jpg')).status).toBe(404);
    server.close();
  });
});
