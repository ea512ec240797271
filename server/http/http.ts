// Small HTTP helpers shared by the routes: the JSON error shape of DESIGN.md.
import type { NextFunction, Request, Response } from 'express';

export function sendError(
  res: Response,
  status: number,
  error: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  // Refused while its body is still arriving: hang up after the answer rather than read the rest
  // (Node would otherwise drain it, and a stranger could keep the server busy sending megabytes).
  if (bodyStillArriving(res.req)) res.setHeader('Connection', 'close');
  res.status(status).json({ error, ...(fields ? { fields } : {}), ...extra });
}

export const bodyStillArriving = (req: Request) =>
  !req.complete && (Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined);

type Handler = (req: Request, res: Response, next: NextFunction) => Promise<unknown> | unknown;

/** Wraps an async handler so its rejections reach the error middleware. */
export const route = (fn: Handler) => (req: Request, res: Response, next: NextFunction) => {
  Promise.resolve(fn(req, res, next)).catch(next);
};

export const queryString = (req: Request, name: string): string | undefined => {
  const v = req.query[name];
  return typeof v === 'string' ? v : undefined;
};
