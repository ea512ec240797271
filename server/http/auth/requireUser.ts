import type { NextFunction, Request, Response } from 'express';
import { BAD_TOKEN, callerOf, NOT_WITH_A_TOKEN } from './caller.ts';
import type { User } from '../../accounts/users.ts';
import type { Accounts } from '../../accounts/accounts.ts';
import type { SessionRecord } from '../../accounts/sessions.ts';
import type { TokenRecord } from '../../accounts/apiTokens.ts';
import type { Actor } from '../../content/changes.ts';
import { can, changeNeeds, REFUSED, type Permission } from '../../schema/roles.ts';
import { AppError } from '../../schema/errors.ts';
import { queryString, sendError } from '../http.ts';

declare module 'express-serve-static-core' {
  interface Request {
    user?: User;
    /** The signed-in session the request came with (behind `requireUser`). */
    signedInSession?: SessionRecord;
    /** The token for scripts the request came with instead (behind `requireUser`). */
    apiToken?: TokenRecord;
  }
}

/** What a route needs: a permission, or one that depends on the request (`?draft=` or not). */
export type Needs = Permission | ((req: Request) => Permission);

/**
 * A save or delete: on the live site it needs `publish`, into a draft (`?draft=ID`) `drafts` — the
 * role table's answer (schema/roles.ts), the one the change operation asks again.
 */
export const liveOrDraft: Needs = (req) => changeNeeds('update', queryString(req, 'draft') !== undefined);

export const SET_UP_TWO_FACTOR_FIRST =
  'Set up two-step sign-in first: your account page shows how. It is required for your role.';

/**
 * Every write and every private read, checked on the server: 401 unless signed in (a session whose
 * second sign-in step is owed is not) or sent with a token for scripts that works, 403 when the role
 * may not do it. A user whose role requires two-step sign-in and who has not set it up may reach only
 * their own account (`setUp`), and their tokens nothing. `tokens: false`: a signed-in person only
 * (accounts and tokens are managed in the admin, never by a script).
 */
export const requireUser =
  (accounts: Accounts, needs: Needs = 'drafts', opts: { setUp?: boolean; tokens?: false } = {}) =>
  (req: Request, res: Response, next: NextFunction) => {
    accounts.users.sync().then(() => {
      let permission: Permission;
      try {
        permission = typeof needs === 'function' ? needs(req) : needs;
      } catch (e) {
        // A request the permission cannot be read from (a repeated ?draft=): refused as it stands.
        if (e instanceof AppError) return sendError(res, e.status, e.message, e.fields);
        throw e;
      }
      const caller = callerOf(req, accounts);
      if (caller === 'bad-token') return sendError(res, 401, BAD_TOKEN);
      if (!caller || (caller.via === 'session' && caller.session.pendingTwoFactor))
        return sendError(res, 401, 'Please sign in to do this.');
      if (caller.via === 'token' && opts.tokens === false) return sendError(res, 403, NOT_WITH_A_TOKEN);
      const { user } = caller;
      // Marked, so that an admin tab open when the rule came in takes the person to their account page.
      const account = caller.via === 'token' ? caller.owner : user;
      if ((caller.via === 'token' || !opts.setUp) && accounts.mustSetUpTwoFactor(account))
        return sendError(res, 403, SET_UP_TWO_FACTOR_FIRST, undefined, { setUpTwoFactor: true });
      if (!can(user.role, permission)) return sendError(res, 403, REFUSED[permission]);
      req.user = user;
      if (caller.via === 'session') {
        accounts.sessions.touch(caller.session, req.ip);
        req.signedInSession = caller.session;
      } else req.apiToken = caller.token; // its use is noted by tokenGate (all of /api)
      next();
    }, next);
  };

/** The signed-in person a change is made for (behind `requireUser`): commit author, audit name, role. */
export const actorOf = (req: Request): Actor => ({
  name: req.user!.name,
  email: req.user!.email,
  username: req.user!.username,
  address: req.ip,
  role: req.user!.role,
  ...(req.apiToken ? { token: req.apiToken.name } : {}),
});
