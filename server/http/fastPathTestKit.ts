// Helpers for the fast path's tests: raw requests (the bytes as sent, not decompressed) and servers
// that answer only by one of the two paths (the stand-in build is standInBuildTestKit.ts).
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppDeps } from '../app.ts';
import { fastPath } from './fastPath.ts';
import { servedFiles } from './servedFiles.ts';
import { RedirectAnswers } from './redirectAnswers.ts';

export interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

/** Headers a server writes per connection or per moment, which no prepared answer can hold. */
export const withoutPerConnection = (h: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)));

async function listen(server: http.Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export const NOT_FAST = 599;

/**
 * Two servers on the same site: one answering only by the fast path (599 when it passes a request on),
 * one only by the Express app, both from the same in-memory files.
 */
export async function pathServers(deps: AppDeps) {
  // One public address for both, so their pages name the same canonical address.
  const files = servedFiles(deps.config.distDir, deps.store, deps.index, deps.renderers, {
    model: deps.model,
    cache: deps.cache,
    publicUrl: 'http://cms.test',
    trustProxy: false,
  });
  // Its own image sizes read (its pages share the site's cache, so a size read later would draw the
  // site's pages again under a test).
  await files.pagesReady();
  await files.images.warm();
  const fast = fastPath({
    model: deps.model,
    cache: deps.cache,
    files,
    feeds: deps.feeds,
    redirects: new RedirectAnswers(deps.index),
  });
  const app = createApp(deps, files);
  const fastOnly = await listen(
    http.createServer((req, res) => fast(req, res) || res.writeHead(NOT_FAST).end()),
  );
  const expressOnly = await listen(http.createServer(app));
  return {
    fast: fastOnly.url,
    express: expressOnly.url,
    close: () => Promise.all([fastOnly.close(), expressOnly.close()]),
  };
}
