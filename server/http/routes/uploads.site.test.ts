// Uploads stream to a private temporary folder, never to memory: the folder is empty again once each
// request ends (saved or refused); a person has at most a few uploads in flight and the server a few
// more in all (429 past them); a picture with too many pixels is refused before it is decoded.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../../content/writer/mediaUpload.ts';
import { UPLOAD_LIMITS } from '../uploadParser.ts';
import { eventually, startTestSite, type TestSite } from '../../testing/testSite.ts';
import { expectClean, file, form } from './writesTestKit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
});
afterAll(async () => {
  await site?.stop();
});

/** Temporary files are removed as each request closes, just after its answer is sent. */
const nothingLeft = () => eventually(() => leftInUploads().length === 0, 2000, 'the uploads folder to empty');

const leftInUploads = () => {
  try {
    return readdirSync(uploadsDir(site.dataDir));
  } catch {
    return [];
  }
};

/** A PNG whose header says width × height, with one tiny row of data: decoding it would need w×h×3 bytes. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an upload', () => {
  it('leaves nothing in the temporary folder, saved or refused', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const saved = await site.api('/api/about_us.php', {
      method: 'POST',
      body: form({ name: 'Temp Files' }, { headshot: file(photo, 'me.jpg', 'image/jpeg') }),
    });
    expect(saved.status).toBe(201);
    const refused = await site.api('/api/about_us.php', {
      method: 'POST',
      body: form({ name: '' }, { headshot: file(photo, 'me.jpg', 'image/jpeg') }),
    });
    expect(refused.status).toBe(400);
    const wrongType = await site.api('/api/about_us.php', {
      method: 'POST',
      body: form(
        { name: 'Not a picture' },
        { headshot: file(Buffer.from('%PDF-1.4 x'), 'a.jpg', 'image/jpeg') },
      ),
    });
    expect(wrongType.status).toBe(415);
    await nothingLeft();
    expectClean(site);
  });

  it('of a picture with too many pixels (20,000 × 20,000 in 1 MB) is refused with 413', async () => {
    const huge = pngClaiming(20_000, 20_000);
    expect((await sharp(huge, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const res = await site.api('/api/about_us.php', {
      method: 'POST',
      body: form({ name: 'Huge Picture' }, { headshot: file(huge, 'huge.png', 'image/png') }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error:
        'The picture has too many pixels. Pictures can be up to 40 megapixels (for example 8000 × 5000).',
      fields: { headshot: 'More than 40 megapixels' },
    });
    await nothingLeft();
  });
});

describe('an upload whose sender goes away while its save waits for the save queue', () => {
  it('is saved all the same, from its temporary file, which goes once the save is done', async () => {
    const store = site.deps.store;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = store.exclusive(() => gate);
    // Told when the save asks for its turn (the real queue runs it).
    const queued = new Promise<void>((resolve) => {
      const exclusive = store.exclusive.bind(store);
      store.exclusive = (task) => {
        store.exclusive = exclusive;
        resolve();
        return exclusive(task);
      };
    });
    const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#a36' } })
      .jpeg()
      .toBuffer();
    const sender = new AbortController();
    const sent = site
      .api('/api/about_us.php', {
        method: 'POST',
        body: form({ name: 'Gone Away' }, { headshot: file(photo, 'me.jpg', 'image/jpeg') }),
        signal: sender.signal,
      })
      .catch(() => 'aborted');
    await queued;
    sender.abort();
    expect(await sent).toBe('aborted');
    await new Promise((r) => setTimeout(r, 300));
    expect(leftInUploads()).toHaveLength(1);
    release();
    await held;
    await store.idle();
    expect(site.git('log', '-1', '--format=%s')).toMatch(/^profiles: create \d+ "Gone Away"$/m);
    const headshot = site
      .git('show', '--name-only', '--format=', 'HEAD')
      .split('\n')
      .find((p) => p.startsWith('media/'))!;
    const stored = execFileSync('git', ['cat-file', 'blob', `HEAD:${headshot}`], { cwd: site.siteDir });
    expect(stored.equals(photo)).toBe(true);
    await nothingLeft();
    expectClean(site);
  });
});

describe('uploads in flight', () => {
  /** Starts a multipart upload and keeps it open (the body never finishes) until the socket is ended. */
  function slowUpload(): Promise<net.Socket> {
    const { port } = new URL(site.url);
    return new Promise((resolve) => {
      const s = net.connect(Number(port), '127.0.0.1', () => {
        s.write(
          `POST /api/about_us.php HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${site.url}\r\n` +
            `Cookie: ${site.cookie}\r\nContent-Type: multipart/form-data; boundary=xx\r\n` +
            `Content-Length: 10000000\r\n\r\n--xx\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow\r\n` +
            `--xx\r\nContent-Disposition: form-data; name="headshot"; filename="a.jpg"\r\n` +
            `Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
          'latin1',
        );
        setTimeout(() => resolve(s), 300);
      });
      s.on('error', () => undefined);
    });
  }

  it(`are limited to ${UPLOAD_LIMITS.perUser} per person: the next is refused with 429 until one ends`, async () => {
    const open = [];
    for (let i = 0; i < UPLOAD_LIMITS.perUser; i++) open.push(await slowUpload());
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const send = () =>
      site.api('/api/about_us.php', {
        method: 'POST',
        body: form({ name: 'One Too Many' }, { headshot: file(photo, 'p.png', 'image/png') }),
      });
    const refused = await send();
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(
      'Too many uploads are in progress right now. Please wait for them to finish, then try again.',
    );
    expect(refused.headers.get('retry-after')).toBe('5');
    // One refused before its body was sent ends its connection with the answer (node does so for an
    // answer sent before its request's body was read): its next request would wait behind that body.
    const cut = await slowUpload();
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      cut.on('data', (d: Buffer) => (text += d.toString('latin1')));
      cut.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    open.forEach((s) => s.destroy());
    await new Promise((r) => setTimeout(r, 300));
    expect((await send()).status).toBe(201);
    // The abandoned uploads' temporary files went with their requests.
    await nothingLeft();
  });
});

describe("a new item's required fields", () => {
  it('are checked when its first file begins: refused with 400 before the file has arrived', async () => {
    const { port } = new URL(site.url);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const s = net.connect(Number(port), '127.0.0.1', () => {
        // The file part begins and never ends: only a check made before its bytes are kept can answer.
        s.write(
          `POST /api/about_us.php HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${site.url}\r\n` +
            `Cookie: ${site.cookie}\r\nContent-Type: multipart/form-data; boundary=xx\r\n` +
            `Content-Length: 5000000\r\n\r\n--xx\r\nContent-Disposition: form-data; name="title"\r\n\r\nNo name\r\n` +
            `--xx\r\nContent-Disposition: form-data; name="headshot"; filename="a.jpg"\r\n` +
            `Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
          'latin1',
        );
      });
      s.on('data', (d) => {
        text += d.toString();
        if (text.includes('\r\n\r\n{')) {
          s.destroy();
          resolve(text);
        }
      });
      s.on('error', () => undefined);
      setTimeout(() => {
        s.destroy();
        resolve(text);
      }, 5000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.slice(answer.indexOf('{'))).toBe(
      JSON.stringify({ error: 'Name is required', fields: { name: 'Name is required' } }),
    );
    await nothingLeft();
  });
});
