import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { requestsInFlight } from './requestsInFlight.ts';

/** A server whose answers take `ms`, noting when each handler's work is done. */
async function slowServer(ms: number) {
  const done: string[] = [];
  const server = createServer((req, res) => {
    setTimeout(() => {
      done.push(req.url!);
      res.end('answered');
    }, ms);
  });
  const inFlight = requestsInFlight(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, inFlight, url, done };
}

describe('a stop while requests are being answered', () => {
  it('lets them finish and be answered before it resolves, and takes no new ones', async () => {
    const { inFlight, url, done } = await slowServer(300);
    const answer = fetch(`${url}/save`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    await inFlight.finish();
    expect(done).toEqual(['/save']);
    expect(await answer).toBe('answered');
    await expect(fetch(`${url}/later`)).rejects.toThrow();
  });

  it('gives up on a request that outlasts the limit, dropping its connection', async () => {
    const { inFlight, url } = await slowServer(5000);
    const answer = fetch(`${url}/stuck`).then(
      () => 'answered',
      () => 'dropped',
    );
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await inFlight.finish(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await answer).toBe('dropped');
  });

  it('resolves at once when nothing is being answered', async () => {
    const { inFlight } = await slowServer(10);
    const started = Date.now();
    await inFlight.finish();
    expect(Date.now() - started).toBeLessThan(100);
  });
});
