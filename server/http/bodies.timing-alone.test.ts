// Request bodies are read only when the caller may send them: sign-in bodies are small, JSON nesting is
// limited everywhere, write bodies are read after the session and origin checks, and a flood of large
// nested sign-in bodies does not hold up public reads.
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../testing/testSite.ts';
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from './bodies.ts';
import { addEditorAndSignIn, commitCount, expectNoCommit, rawRequest } from './routes/writesTestKit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.stop();
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  rawRequest(site.url + path, {
    method: 'POST',
    headers: { origin: site.url, 'content-type': 'application/json', ...headers },
    body,
  });

describe('the JSON depth scan', () => {
  it('counts brackets outside strings only, escaped quotes included', () => {
    const deep = (n: number) => Buffer.from(`{"a":${nested(n - 1)}}`);
    expect(jsonNestedDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestedDeeperThan(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestedDeeperThan(Buffer.from(JSON.stringify({ text: '[['.repeat(100) })), 2)).toBe(false);
    expect(jsonNestedDeeperThan(Buffer.from(JSON.stringify({ text: `\\"${'{'.repeat(9)}` })), 2)).toBe(false);
    expect(jsonNestedDeeperThan(Buffer.from(`["\\\\", ${nested(3)}]`), 3)).toBe(true);
  });
});

describe('sign-in and write bodies', () => {
  it('a sign-in body over 8 KB is refused with 413', async () => {
    const res = await post(
      '/api/login.php',
      JSON.stringify({ username: 'admin', password: 'x'.repeat(9 * 1024) }),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: 'What you sent is too large.' });
  });

  it('a sign-in body of any kind over 8 KB is refused, and one that does not declare its length', async () => {
    const text = await post('/api/login.php', 'x'.repeat(2 * 1024 * 1024), { 'content-type': 'text/plain' });
    expect(text.status).toBe(413);
    const chunked = await new Promise<number>((resolve, reject) => {
      const headers = {
        origin: site.url,
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      };
      const req = http.request(`${site.url}/api/login.php`, { method: 'POST', headers }, (res) => {
        resolve(res.resume().statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('{"username":"admin",');
      req.end('"password":"x"}');
    });
    expect(chunked).toBe(400);
  });

  it('JSON nested deeper than 32 levels is refused with 400, on sign-in, writes and the contact form', async () => {
    const cookie = (await addEditorAndSignIn(site), site.cookie);
    const body = `{"title":${nested(MAX_JSON_DEPTH)}}`;
    const before = commitCount(site);
    const refused = '400 {"error":"What you sent is nested too deeply to be read."}';
    for (const [path, headers] of [
      ['/api/login.php', {}],
      ['/api/news.php', { cookie }],
      ['/api/handle_form.php', {}],
    ] as const) {
      const res = await post(path, body, headers);
      expect(`${path} ${res.status} ${res.body}`).toBe(`${path} ${refused}`);
    }
    expectNoCommit(site, before);
    // 32 levels are still read (and then refused by validation, not by the parser).
    const ok = await post('/api/news.php', `{"title":${nested(MAX_JSON_DEPTH - 1)}}`, { cookie });
    expect(ok.status).toBe(400);
    expect(JSON.parse(ok.body).error).not.toMatch(/nested/);
  });

  it('a signed-out write is refused with 401 before its body is read: 3 MB that is not even JSON', async () => {
    const before = commitCount(site);
    const junk = `{${'x'.repeat(3 * 1024 * 1024)}`;
    const started = performance.now();
    const res = await post('/api/news.php', junk);
    expect(`${res.status} ${res.body}`).toBe('401 {"error":"Please sign in to do this."}');
    expect(res.headers.connection).toBe('close'); // hangs up rather than read the rest
    expect(performance.now() - started).toBeLessThan(1000);
    // From another site: 403, also without reading it.
    const cross = await post('/api/news.php', junk, { origin: 'http://evil.example', cookie: site.cookie });
    expect(cross.status).toBe(403);
    expect(cross.headers.connection).toBe('close');
    expectNoCommit(site, before);
  });

  it('a contact form over its throttle is refused (429) without reading the body', async () => {
    const message = {
      name: 'Ana',
      title: 'Teacher',
      employer: '',
      email: 'ana@example.org',
      contact: 'Hello.',
    };
    let status = 0;
    for (let i = 0; i < 6 && status !== 429; i++)
      status = (await post('/api/handle_form.php', JSON.stringify(message))).status;
    expect(status).toBe(429);
    const big = await post(
      '/api/handle_form.php',
      JSON.stringify({ ...message, contact: 'x'.repeat(2_000_000) }),
    );
    expect(JSON.parse(big.body).error).toMatch(/^Too many messages from your address/);
    expect(big.headers.connection).toBe('close');
  });
});

/**
 * Attackers in their own thread: `clients` connections, each sending `body` to `url` again and again
 * until told to stop, at most `rounds` times or until `deadline`. Posts the count after each answer.
 */
const FLOOD = `
const http = require('node:http');
const { parentPort, workerData: w } = require('node:worker_threads');
const body = Buffer.from(w.body);
const agent = new http.Agent({ keepAlive: true, maxSockets: w.clients });
let stop = false, sent = 0;
parentPort.on('message', () => { stop = true; });
const once = () => new Promise((done) => {
  const req = http.request(w.url, { method: 'POST', agent, headers: {
    origin: w.origin, 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
    res.resume();
    res.on('end', done);
  });
  req.on('error', done);
  req.end(body);
});
const client = async () => {
  for (let i = 0; i < w.rounds && !stop && Date.now() < w.deadline; i++) {
    await once();
    parentPort.postMessage(++sent);
  }
};
Promise.all(Array.from({ length: w.clients }, client)).then(() => {
  agent.destroy();
  parentPort.postMessage('done');
});
`;

describe('a flood of large nested sign-in bodies', () => {
  it('does not hold up public reads: p99 of 200 reads of footer.php stays under 50 ms', async () => {
    const body = nested(1_000_000); // 2 MB, a million levels deep
    const url = `${site.url}/api/login.php`;
    const worker = new Worker(FLOOD, {
      eval: true,
      workerData: { url, origin: site.url, body, clients: 20, rounds: 200, deadline: Date.now() + 60_000 },
    });
    let sent = 0;
    worker.on('message', (m: number | 'done') => void (m !== 'done' && (sent = m)));
    const finished = new Promise((resolve, reject) => {
      worker.on('message', (m) => m === 'done' && resolve(m)).once('error', reject);
    });
    try {
      // The first answer: the flood is under way.
      await eventually(() => sent >= 1, 60_000, 'the flood to get going');
      const sentBefore = sent;
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        const res = await fetch(`${site.url}/api/footer.php`);
        await res.arrayBuffer();
        times.push(performance.now() - started);
        expect(res.status).toBe(200);
      }
      times.sort((a, b) => a - b);
      const p99 = times[Math.ceil(times.length * 0.99) - 1]!;
      const during = sent - sentBefore;
      const median = times[100]!.toFixed(1);
      console.log(
        `reads under flood: median ${median} ms, p99 ${p99.toFixed(1)} ms; ${during} flood requests meanwhile`,
      );
      expect(during).toBeGreaterThan(0);
      expect(p99).toBeLessThan(50);
    } finally {
      worker.postMessage('stop');
      await Promise.race([finished, new Promise((r) => setTimeout(r, 10_000))]);
      await worker.terminate();
    }
  }, 120_000);
});
