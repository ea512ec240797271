// Who is asking, decided in one place for every route. A request with `Authorization: Bearer <token>`
// is the token's and nothing else: its cookie is not read (session.ts), so a script's call never gets a
// browser's powers. Without one, the session cookie decides.
import type { NextFunction, Request, Response } from 'express';
import type { Accounts, TokenHolder } from '../../accounts/accounts.ts';
import type { User } from '../../accounts/users.ts';
import { sessionOf, type SignedIn } from './session.ts';
import { sendError } from '../http.ts';
import { bearerOf } from './bearer.ts';

export type Caller = ({ via: 'session' } & SignedIn) | ({ via: 'token' } & TokenHolder);

export const BAD_TOKEN = 'This token is not valid (it may have been revoked).';

/** The refusal of a token where only a signed-in person may act (accounts, tokens). */
export const NOT_WITH_A_TOKEN =
  'A token for scripts cannot manage accounts or tokens. Sign in to the admin to do this.';

/**
 * The person asking: by their token, or by their session (one whose second sign-in step is still owed
 * included: requireUser refuses it). `'bad-token'` for a bearer token that does not work; null for
 * no one.
 */
export function callerOf(req: Request, accounts: Accounts): Caller | 'bad-token' | null {
  const token = bearerOf(req);
  if (token !== undefined) {
    const holder = accounts.tokenHolder(token);
    return holder ? { via: 'token', ...holder } : 'bad-token';
  }
  const found = sessionOf(req, accounts);
  return found ? { via: 'session', ...found } : null;
}

/** The person a read is answered for (staff see what visitors do not), or null for a visitor. */
export function readerOf(req: Request, accounts: Accounts): User | null {
  const caller = callerOf(req, accounts);
  if (!caller || caller === 'bad-token') return null;
  return caller.via === 'token' || !caller.session.pendingTwoFactor ? caller.user : null;
}

/**
 * For all of /api, before the same-origin check: a bearer token that does not work is refused (401)
 * on every call, public reads too, so a script learns at once that its token stopped; one that works
 * has its use noted (to the minute) for its maker's account page.
 */
export const tokenGate =
  (accounts: Accounts) =>
  (req: Request, res: Response, next: NextFunction): void => {
    if (bearerOf(req) === undefined) return next();
    accounts.users.sync().then(() => {
      const caller = callerOf(req, accounts);
      if (caller === 'bad-token' || caller?.via !== 'token') return sendError(res, 401, BAD_TOKEN);
      accounts.tokens.touch(caller.token, req.ip);
      next();
    }, next);
  };
