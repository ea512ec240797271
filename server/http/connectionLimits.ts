// What a connection may cost before any route sees it: a body declared larger than the largest any
// route accepts is refused from its Content-Length without reading a byte, and connections that are
// slow to send their headers or their request are cut, so a stranger cannot tie the server up.
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import { PDF_LIMIT } from '../schema/fileLimits.ts';

/** The largest request any route takes: a PDF upload with its first-page image and form fields. */
export const MAX_REQUEST_BYTES = PDF_LIMIT + 15 * 1024 * 1024;

export const CONNECTION_TIMEOUTS = {
  /** All headers must arrive within this (slowloris). */
  headersTimeout: 10_000,
  /** The whole request, body included (a 40 MB upload at 4 Mbit/s takes 80 s). */
  requestTimeout: 120_000,
  /** How often node checks the two above. */
  connectionsCheckingInterval: 1_000,
} satisfies ServerOptions;

/** Answers 413 and closes the connection when the declared body is over the limit; true if it did. */
export function refusedBySize(req: IncomingMessage, res: ServerResponse): boolean {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!(declared > MAX_REQUEST_BYTES)) return false;
  const body = JSON.stringify({ error: 'What you sent is too large.' });
  res.shouldKeepAlive = false;
  res.writeHead(413, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body, () => req.destroy());
  return true;
}
