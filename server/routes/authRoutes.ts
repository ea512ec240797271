// login.php, auth_check.php and logout.php (documented names; sign-out is new).
import { Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { currentUser, endSession, startSession } from '../auth/session.ts';
import { loginLimiter } from '../auth/throttle.ts';
import type { UserStore } from '../auth/users.ts';
import { route } from './http.ts';
import { readBodies, SIGN_IN_LIMIT } from './bodies.ts';

const publicUser = (u: { username: string; name: string; email: string }) => ({ username: u.username, name: u.name, email: u.email });

export function authRoutes(users: UserStore): Router {
  const router = Router();
  const limiter = loginLimiter();

  router.post('/login.php', limiter, readBodies(SIGN_IN_LIMIT), route(async (req, res) => {
    const { username, password } = (req.body ?? {}) as Record<string, unknown>;
    const user = typeof username === 'string' && typeof password === 'string' ? await users.verify(username, password) : null;
    if (!user) return res.status(401).json({ status: 'unauthenticated', error: 'Invalid Credentials' });
    await limiter.resetKey(ipKeyGenerator(req.ip ?? ''));
    startSession(req, user);
    res.json({ status: 'authenticated', user: publicUser(user) });
  }));

  router.get('/auth_check.php', route(async (req, res) => {
    await users.sync();
    const user = currentUser(req, users);
    res.setHeader('Cache-Control', 'no-store');
    res.json(user ? { status: 'authenticated', user: publicUser(user) } : { status: 'unauthenticated' });
  }));

  router.post('/logout.php', route(async (req, res) => {
    const user = currentUser(req, users);
    if (user) await users.bumpEpoch(user.username);
    endSession(req);
    res.json({ status: 'unauthenticated' });
  }));

  return router;
}
