// Read answers are computed once per content change: body, ETag and gzip variant, then reused.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

export interface Prepared { body: Buffer; gzip: Buffer | null; etag: string; type: string }

export function prepareJson(value: unknown): Prepared {
  const body = Buffer.from(JSON.stringify(value));
  return {
    body,
    gzip: body.length > 1024 ? gzipSync(body, { level: 6 }) : null,
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
    type: 'application/json; charset=utf-8',
  };
}

export function sendPrepared(req: Request, res: Response, p: Prepared): void {
  res.setHeader('ETag', p.etag);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding, Cookie');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === p.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', p.type);
  if (p.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', p.gzip.length);
    res.end(p.gzip);
    return;
  }
  res.setHeader('Content-Length', p.body.length);
  res.end(p.body);
}

/** Cache of prepared answers, keyed by endpoint + variant, dropped when their entities change. */
export class PreparedCache {
  private entries = new Map<string, { deps: string[]; value: Prepared }>();

  get(key: string, deps: string[], build: () => unknown): Prepared {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const value = prepareJson(build());
    this.entries.set(key, { deps, value });
    return value;
  }

  invalidate(changed: Set<string>): void {
    for (const [key, entry] of this.entries) if (entry.deps.some((d) => changed.has(d))) this.entries.delete(key);
  }
}
