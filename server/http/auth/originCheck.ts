// State-changing requests must come from the site's own pages (DESIGN.md security baseline).
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../http.ts';
import { bearerOf } from './bearer.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With CMS_PUBLIC_URL set, that address is the site's own origin; without it, the address the request
 * was sent to (its Host, and the proxy's protocol behind TRUST_PROXY).
 */
export const sameOriginOnly = (publicUrl?: string) => {
  const fixed = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req: Request, res: Response, next: NextFunction) => checkOrigin(fixed, req, res, next);
};

function checkOrigin(fixed: string | undefined, req: Request, res: Response, next: NextFunction) {
  if (SAFE.has(req.method)) return next();
  // A script's call with its token: no cookie is read for it (caller.ts), so no other site's page can
  // borrow a browser's sign-in through it, and a browser cannot send it without the site's own script.
  // A token that does not work was refused before (tokenGate).
  if (bearerOf(req) !== undefined) return next();
  const own = fixed ?? `${req.protocol}://${req.get('host')}`;
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
