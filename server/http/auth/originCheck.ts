// State-changing requests must come from the site's own pages (DESIGN.md security baseline).
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../http.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginOnly(req: Request, res: Response, next: NextFunction) {
  if (SAFE.has(req.method)) return next();
  const own = `${req.protocol}://${req.get('host')}`;
  const origin = req.get('origin');
  let source: string | undefined = origin && origin !== 'null' ? origin : undefined;
  if (!source) {
    const referer = req.get('referer');
    try {
      source = referer ? new URL(referer).origin : undefined;
    } catch {
      source = undefined;
    }
  }
  if (source !== own)
    return sendError(res, 403, 'This request did not come from this site, so it was refused.');
  next();
}
