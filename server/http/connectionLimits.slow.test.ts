// Abuse without a session costs nothing: a body declared over the largest any route takes is refused
// from its Content-Length before a byte is read, and connections that trickle their headers are cut.
// What public reads cost meanwhile is measured by `npm run bench:abuse`.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { CONNECTION_TIMEOUTS, MAX_REQUEST_BYTES } from './connectionLimits.ts';

let site: TestSite;
let port: number;
beforeAll(async () => {
  site = await startTestSite();
  port = Number(new URL(site.url).port);
});
afterAll(async () => {
  await site?.stop();
});

/** Sends raw bytes; resolves with what came back and how long until the server closed the socket. */
function raw(request: string, opts: { keepOpen?: boolean } = {}) {
  return new Promise<{ text: string; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    if (!opts.keepOpen) socket.setTimeout(5_000, () => socket.destroy());
  });
}

describe('a body declared too large', () => {
  it('is refused with 413 from its Content-Length alone, and the connection is closed', async () => {
    for (const target of ['/api/news.php', '/api/login.php', '/', '/api/contact.php']) {
      const r = await raw(
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${MAX_REQUEST_BYTES + 1}\r\n\r\n{"a":`,
      );
      expect(r.text, target).toMatch(/^HTTP\/1\.1 413 /);
      expect(r.text).toContain('{"error":"What you sent is too large."}');
      expect(r.closedAfterMs, target).toBeLessThan(2_000); // closed at once, not after reading 40 MB
    }
  });
});

describe('a connection that trickles its headers', () => {
  it(`is cut once ${CONNECTION_TIMEOUTS.headersTimeout / 1000} s have passed without all its headers`, async () => {
    const started = Date.now();
    const result = await new Promise<number>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n'));
      const drip = setInterval(() => socket.write(`X-Slow-${Date.now()}: 1\r\n`), 500);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      });
    });
    expect(result).toBeGreaterThanOrEqual(CONNECTION_TIMEOUTS.headersTimeout - 100);
    expect(result).toBeLessThan(CONNECTION_TIMEOUTS.headersTimeout + 3_000);
  }, 20_000);
});
