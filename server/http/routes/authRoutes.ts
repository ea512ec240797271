// login.php, auth_check.php and logout.php (documented names; sign-out is new).
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { ipKeyGenerator } from 'express-rate-limit';
import { currentUser, endSession, sessionOf, startSession } from '../auth/session.ts';
import { SignInThrottle, type SignInRefusal } from '../auth/throttle.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, type DeviceCookies } from '../auth/deviceCookie.ts';
import { signedInUser } from '../auth/signedInUser.ts';
import { AppError } from '../../schema/errors.ts';
import { route } from '../http.ts';
import { readBodies, SIGN_IN_LIMIT } from '../bodies.ts';

/** The caller's address as the throttle counts it (IPv6 by its /56, like express-rate-limit). */
const addressOf = (req: Request) => ipKeyGenerator(req.ip ?? '');

const refuse = (res: Response, r: SignInRefusal) => {
  res.setHeader('Retry-After', String(r.retryAfterSeconds));
  return new AppError(429, r.message);
};

export interface AuthOptions {
  throttle?: SignInThrottle;
  /** Signs the device cookies of browsers that have signed in before. */
  devices: DeviceCookies;
  /** Cookies only over TLS (TRUST_PROXY behind a TLS-terminating proxy). */
  secure: boolean;
}

/** One cookie's value from the request's Cookie header. */
function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function authRoutes(
  { accounts, audit }: Pick<AppDeps, 'accounts' | 'audit'>,
  options: AuthOptions,
): Router {
  const { users } = accounts;
  const { throttle = new SignInThrottle(), devices, secure } = options;
  const router = Router();
  const from = (req: Request) => req.ip ?? '';
  // A refused address may keep trying: one line per address a minute, so it cannot flood the log.
  const refusalsLogged = new Map<string, number>();
  const firstRefusalThisMinute = (address: string) => {
    const now = Date.now();
    if (now - (refusalsLogged.get(address) ?? -Infinity) < 60_000) return false;
    if (refusalsLogged.size >= 10_000) refusalsLogged.clear();
    refusalsLogged.set(address, now);
    return true;
  };

  // A browser becomes known to an account once it has signed in to it all the way: with the password
  // and, where asked, the code (a stranger with only the password never gets one).
  const knownFromNowOn = (res: Response, username: string) =>
    res.cookie(DEVICE_COOKIE, devices.issue(username), {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/api/login.php',
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });

  // An address that has used up its failures is refused before its body is read.
  const addressNotThrottled = route(async (req, res, next) => {
    const refused = throttle.beforeReading(addressOf(req));
    if (refused) {
      if (firstRefusalThisMinute(from(req))) {
        await audit.record({ action: 'sign-in-throttled', address: from(req), detail: refused.message });
      }
      throw refuse(res, refused);
    }
    next();
  });

  router.post(
    '/login.php',
    addressNotThrottled,
    readBodies(SIGN_IN_LIMIT),
    route(async (req, res) => {
      const { username, password } = (req.body ?? {}) as Record<string, unknown>;
      const name = typeof username === 'string' ? username : '';
      const device = devices.deviceFor(cookieValue(req, DEVICE_COOKIE), name);
      const refused = throttle.attempt(addressOf(req), name, device);
      if (refused) {
        if (firstRefusalThisMinute(from(req))) {
          await audit.record({
            action: 'sign-in-throttled',
            who: name,
            address: from(req),
            detail: refused.message,
          });
        }
        throw refuse(res, refused);
      }
      const user = name && typeof password === 'string' ? await users.verify(name, password) : null;
      if (!user) {
        await audit.record({ action: 'sign-in-failed', who: name, address: from(req) });
        return res.status(401).json({ status: 'unauthenticated', error: 'Invalid Credentials' });
      }
      throttle.succeeded(addressOf(req), name, device);
      const session = await accounts.signedIn(
        user,
        { userAgent: req.get('user-agent'), address: from(req) },
        device,
      );
      startSession(req, session);
      if (session.pendingTwoFactor) {
        await audit.record({
          action: 'sign-in',
          who: user.username,
          address: from(req),
          detail: 'password right; code asked for',
        });
        return res.json({ status: 'two-factor', user: { username: user.username } });
      }
      if (!device) knownFromNowOn(res, user.username);
      await audit.record({ action: 'sign-in', who: user.username, address: from(req) });
      res.json({ status: 'authenticated', user: signedInUser(users.get(user.username) ?? user, accounts) });
    }),
  );

  // The second step of a sign-in: a code from the app, or a recovery code. Wrong codes are counted
  // per account and per address (or per known browser: the password step's device cookie, kept on
  // the half session), and a right password does not clear them, so six digits cannot be tried one
  // after another.
  router.post(
    '/login/two-factor',
    addressNotThrottled,
    readBodies(SIGN_IN_LIMIT),
    route(async (req, res) => {
      const found = sessionOf(req, accounts);
      if (!found?.session.pendingTwoFactor)
        throw new AppError(
          401,
          'Sign in with your user name and password first (the code is asked for after).',
        );
      const { user, session } = found;
      const device = session.knownDevice;
      const refused = throttle.codeAttempt(addressOf(req), user.username, device);
      if (refused) {
        if (firstRefusalThisMinute(from(req)))
          await audit.record({
            action: 'sign-in-throttled',
            who: user.username,
            address: from(req),
            detail: refused.message,
          });
        throw refuse(res, refused);
      }
      const body = (req.body ?? {}) as { code?: unknown; recoveryCode?: unknown };
      if (!(await accounts.secondStep(user, session, body, from(req)))) {
        return res.status(401).json({
          status: 'two-factor',
          error:
            body.recoveryCode !== undefined
              ? 'That recovery code is not right, or it was used already.'
              : 'That code is not right. Type the 6 digits your app shows now.',
        });
      }
      throttle.codeSucceeded(addressOf(req), user.username, device);
      if (!device) knownFromNowOn(res, user.username);
      await audit.record({
        action: 'sign-in',
        who: user.username,
        address: from(req),
        detail: 'with two-step sign-in',
      });
      res.json({ status: 'authenticated', user: signedInUser(users.get(user.username) ?? user, accounts) });
    }),
  );

  router.get(
    '/auth_check.php',
    route(async (req, res) => {
      await users.sync();
      const user = currentUser(req, accounts);
      res.setHeader('Cache-Control', 'no-store');
      res.json(
        user
          ? { status: 'authenticated', user: signedInUser(user, accounts) }
          : { status: 'unauthenticated' },
      );
    }),
  );

  router.post(
    '/logout.php',
    route(async (req, res) => {
      // This browser's session only: the same person's other browsers stay signed in.
      const found = sessionOf(req, accounts);
      if (found) await accounts.sessions.end([found.session.id]);
      const user = found?.user;
      endSession(req);
      if (user) await audit.record({ action: 'sign-out', who: user.username, address: from(req) });
      res.json({ status: 'unauthenticated' });
    }),
  );

  return router;
}
