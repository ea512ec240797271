// Reading an old site that is not trusted, from a test server on loopback that answers as told: each
// hostile answer is refused with a message naming it, or the file it concerns is left out; nothing
// read is named by the old site's own file names.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readOldSite, type ReadOptions } from './readOldSite.ts';
import { siteEntities } from '../../schema/registry.ts';

const PNG = readFileSync(path.resolve(import.meta.dirname, '../../../media/event-dropdowns/1.png'));

type Handler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** An old site answering `[]` or `{}` for every documented endpoint, unless a handler answers first. */
async function oldSite(): Promise<{ url: string; server: Server; handlers: Handler[] }> {
  const handlers: Handler[] = [];
  const server = createServer((req, res) => {
    for (const h of handlers) if (h(req, res)) return;
    const endpoint = new URL(req.url!, 'http://x').pathname.replace(/^\/api\//, '');
    const def = siteEntities.find((d) => d.legacy.endpoint === endpoint && endpoint.endsWith('.php'));
    if (!def) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(def.type === 'collection' ? '[]' : '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, handlers };
}

const answers =
  (pathname: string, answer: (res: ServerResponse) => void): Handler =>
  (req, res) => {
    if (new URL(req.url!, 'http://x').pathname !== pathname) return false;
    answer(res);
    return true;
  };
const json = (body: unknown) => (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

let site: Awaited<ReturnType<typeof oldSite>>;
let other: Awaited<ReturnType<typeof oldSite>>;
let workDir: string;
const options = (): ReadOptions => ({ workDir, maxAnswerBytes: 1024 * 1024, idleMs: 400, totalMs: 5000 });

beforeAll(async () => {
  site = await oldSite();
  other = await oldSite();
});
afterAll(() => {
  site.server.close();
  other.server.close();
});
beforeEach(async () => {
  site.handlers.length = 0;
  workDir = await mkdtemp(path.join(os.tmpdir(), 'read-old-'));
});
afterEach(() => rm(workDir, { recursive: true, force: true }));

describe('reading an old site that is not trusted', () => {
  it('reads items with their ids, and an item picture and a picture in a text as checked uploads', async () => {
    site.handlers.push(
      answers(
        '/api/news.php',
        json([
          {
            id: 7,
            title: 'Summer workshops',
            picture: '/media/news/7-picture.png?v=1',
            what: 'See ![map](/media/library/map-1.png?v=2). And /media/library/map-1.png.',
          },
        ]),
      ),
      answers('/media/news/7-picture.png', (res) => res.writeHead(200).end(PNG)),
      answers('/media/library/map-1.png', (res) => res.writeHead(200).end(PNG)),
    );
    const read = await readOldSite(site.url, options());
    const news = read.items.find((i) => i.def.name === 'news');
    expect(news).toMatchObject({ id: '7', input: { title: 'Summer workshops' } });
    expect(news!.uploads).toEqual([expect.objectContaining({ field: 'picture', type: 'png' })]);
    // The shared file gets a name of its own, from its content; both mentions point at it.
    expect(read.files).toHaveLength(1);
    const shared = read.files[0]!.path;
    expect(shared).toMatch(/^media\/library\/map-1-[0-9a-f]{6}\.png$/);
    expect(news!.input.what).toBe(`See ![map](/${shared}). And /${shared}.`);
    expect(read.skipped.filter((line) => line.includes('left out'))).toEqual([]);
  });

  it("names files by their content, never by the old site's names, and leaves out what is not a picture", async () => {
    site.handlers.push(
      answers(
        '/api/news.php',
        json([
          { id: 1, title: 'x', what: '![a](/media/../../../etc/passwd.png) ![b](/media/library/evil.png)' },
        ]),
      ),
      answers('/etc/passwd.png', (res) => res.writeHead(200).end(PNG)),
      answers('/media/library/evil.png', (res) => res.writeHead(200).end('<svg onload=alert(1)>')),
    );
    const read = await readOldSite(site.url, options());
    expect(read.files.map((f) => f.path)).toEqual([
      expect.stringMatching(/^media\/library\/passwd-[0-9a-f]{6}\.png$/),
    ]);
    expect(read.skipped.join('\n')).toMatch(
      /News 1: media\/library\/evil\.png: left out\. This kind of file cannot be uploaded/,
    );
    // Nothing was written but into the work folder.
    expect((await readdir(workDir)).every((f) => /^file-\d+$/.test(f))).toBe(true);
  });

  it('refuses an answer over the limit, without reading all of it', async () => {
    site.handlers.push(
      answers('/api/news.php', (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let sent = 0;
        const more = () => {
          while (sent < 1024 ** 3 && res.write(chunk)) sent += chunk.length;
          if (sent < 1024 ** 3) res.once('drain', more);
          else res.end();
        };
        res.on('close', () => res.removeAllListeners('drain'));
        more();
      }),
    );
    const started = Date.now();
    await expect(readOldSite(site.url, options())).rejects.toThrow(
      '/api/news.php?media=url is more than the 1 MB the import takes.',
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses an answer that says it is over the limit before reading it', async () => {
    site.handlers.push(
      answers('/api/news.php', (res) =>
        res.writeHead(200, { 'content-length': String(1024 ** 3) }).flushHeaders(),
      ),
    );
    await expect(readOldSite(site.url, options())).rejects.toThrow('/api/news.php?media=url is 1024 MB');
  });

  it('gives up on a stalled answer', async () => {
    site.handlers.push(
      answers('/api/events.php', (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
      }),
    );
    await expect(readOldSite(site.url, options())).rejects.toThrow(
      'Could not read /api/events.php?media=url from the old site: it stopped sending for 0 s.',
    );
  });

  it('does not follow a redirect to another host, but follows one within the old site', async () => {
    site.handlers.push(
      answers('/api/news.php', (res) => res.writeHead(302, { location: '/api/news-moved.php' }).end()),
      answers('/api/news-moved.php', json([{ id: 3, title: 'Moved' }])),
    );
    const read = await readOldSite(site.url, options());
    expect(read.items.find((i) => i.def.name === 'news')?.input.title).toBe('Moved');

    site.handlers.unshift(
      answers('/api/news.php', (res) => res.writeHead(302, { location: `${other.url}/api/news.php` }).end()),
    );
    await expect(readOldSite(site.url, options())).rejects.toThrow(
      `The old site sent /api/news.php?media=url on to ${other.url}/api/news.php, another site`,
    );
  });

  it('names the endpoint that failed or answered something unexpected', async () => {
    site.handlers.push(answers('/api/about_us.php', (res) => res.writeHead(500).end()));
    await expect(readOldSite(site.url, options())).rejects.toThrow(
      'The old site answered /api/about_us.php?media=url with status 500.',
    );
    site.handlers.length = 0;
    site.handlers.push(answers('/api/about_us.php', json({ not: 'a list' })));
    await expect(readOldSite(site.url, options())).rejects.toThrow(
      "The old site's /api/about_us.php answered something unexpected: not a list of items.",
    );
    site.handlers.length = 0;
    site.handlers.push(answers('/api/spotlight.php', json([{ id: '../1', title: 'x' }])));
    await expect(readOldSite(site.url, options())).rejects.toThrow(/item 1 has no id of at most 9 digits/);
  });

  it('skips the endpoints this project added when the old site has none, and says so', async () => {
    const read = await readOldSite(site.url, options());
    expect(read.skipped).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Pages: the old site has no \/api\/pages, so this site's are kept\.$/),
      ]),
    );
    expect(read.answered.map((d) => d.name)).not.toContain('pages');
  });
});
