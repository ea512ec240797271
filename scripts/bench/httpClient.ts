// HTTP as the benchmarks' clients see it: signing in, a timed GET read to its last byte, an answer
// captured as sent (for the node:http anchor, anchorServer.ts), and the public event stream as an open
// page holds it.
import http from 'node:http';
import type { Captured } from './anchorServer.ts';

/** Signs in with a JSON body, as the admin does; the session cookie. */
export async function signIn(url: string, account: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/login.php`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One GET, its body read whole; the time is until the last byte. */
export async function timedGet(url: string, cookie = ''): Promise<{ ms: number; body: Buffer }> {
  const t = performance.now();
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  const took = performance.now() - t;
  if (res.status !== 200)
    throw new Error(`GET ${url} answered ${res.status}: ${body.toString().slice(0, 200)}`);
  return { ms: took, body };
}

/** The answer's headers and bytes as the CMS sent them, for the node:http anchor to send too. */
export function capture(
  url: string,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const kept: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k))
              kept[k] = v;
          resolve({ headers: kept, body: Buffer.concat(chunks).toString('base64') });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The public event stream as an open page holds it: resolves `next` with each `change` event's data. */
export function openStream(url: string) {
  const waiting: ((data: { endpoints?: string[] }) => void)[] = [];
  let buffer = '';
  const req = http.get(`${url}/api/stream`, { headers: { accept: 'text/event-stream' } }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'change' && data)
          for (const w of waiting.splice(0)) w(JSON.parse(data) as { endpoints?: string[] });
      }
    });
  });
  return {
    next: () => new Promise<{ endpoints?: string[] }>((resolve) => waiting.push(resolve)),
    close: () => req.destroy(),
  };
}
