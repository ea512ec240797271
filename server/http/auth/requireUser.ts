import type { NextFunction, Request, Response } from 'express';
import { currentUser } from './session.ts';
import type { User, UserStore } from '../../accounts/users.ts';
import type { Actor } from '../../content/changes.ts';
import { sendError } from '../http.ts';

declare module 'express-serve-static-core' {
  interface Request {
    user?: User;
  }
}

/** Every write and every private read: refused with 401 unless signed in (checked on the server). */
export const requireUser = (users: UserStore) => (req: Request, res: Response, next: NextFunction) => {
  users.sync().then(() => {
    const user = currentUser(req, users);
    if (!user) return sendError(res, 401, 'Please sign in to do this.');
    req.user = user;
    next();
  }, next);
};

/** The signed-in person a change is made for (behind `requireUser`): commit author and audit name. */
export const actorOf = (req: Request): Actor => ({
  name: req.user!.name,
  email: req.user!.email,
  username: req.user!.username,
  address: req.ip,
});
