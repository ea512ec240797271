// Small HTTP helpers shared by the routes: the JSON error shape of DESIGN.md.
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../schema/errors.ts';
import { readOptions } from './query.ts';

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

type Handler = (req: Request, res: Response, next: NextFunction) => unknown;

/** Wraps an async handler so its rejections reach the error middleware. */
export const route = (fn: Handler) => (req: Request, res: Response, next: NextFunction) => {
  Promise.resolve(fn(req, res, next)).catch(next);
};

/**
 * The one way a route reads a query parameter: its one value, or undefined when it is absent. A
 * parameter sent twice (`?draft=a&draft=b`) or as an object (`?draft[x]=1`) is refused with 400, so no
 * two readers of the same request can take different values from it.
 */
export const queryString = (req: Request, name: string): string | undefined => {
  const v: unknown = req.query[name];
  if (v === undefined || typeof v === 'string') return v;
  throw new AppError(400, `Send "${name}" once, as a single value.`, { [name]: 'Sent more than once' });
};

/** A request's read options (`?media=`, `?shape=`), read as the fast path reads them (query.ts). */
export const readOptionsOf = (req: Request) => readOptions((name) => queryString(req, name));

/** Every query parameter by its one value (refused with 400 as queryString refuses). */
export function queryParams(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(req.query)) out[name] = queryString(req, name)!;
  return out;
}
