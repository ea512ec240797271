// Accounts over HTTP (docs/accounts.md): your own account (everyone), accounts and invites (admins),
// and the invite and reset links (no session: the link's token is the key, used once).
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { endSession, startSession } from '../auth/session.ts';
import { signedInUser } from '../auth/signedInUser.ts';
import { checkProfile, publicAccount, type User } from '../../accounts/users.ts';
import {
  EMAIL_CHOICES,
  notifyInput,
  type NotifyInput,
  type NotifySettings,
} from '../../schema/notifications.ts';
import type { OneTimeLink } from '../../accounts/oneTimeLinks.ts';
import type { Asker } from '../../accounts/asker.ts';
import { AppError } from '../../schema/errors.ts';
import { route } from '../http.ts';
import { readBodies, SIGN_IN_LIMIT } from '../bodies.ts';
import { siteOriginOf } from '../siteOrigin.ts';
import type { SessionView } from '../../schema/accountViews.ts';

const asker = (req: Request): Asker => ({ username: req.user!.username, address: req.ip });

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

/** A one-time link's token in the path, as a string (unknown tokens are refused by the store). */
const tokenOf = (req: Request) => String(req.params.token ?? '');

const LINK_GONE = {
  invite:
    'This invite does not work any more: it was used, withdrawn or has expired. Ask an admin for a new one.',
  reset:
    'This password-reset link does not work any more: it was used, withdrawn or has expired. Ask an admin for a new one.',
};

/** `notify` as sent (notifyInput); anything else is refused before anything changes. */
function notifyChoicesOf(value: unknown): NotifyInput | undefined {
  if (value === undefined) return undefined;
  const parsed = notifyInput.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError(400, 'The email choices sent are not understood.', {
    notify: `Expected {"email": {${EMAIL_CHOICES.map((c) => `"${c}"`).join(', ')}: true or false}}`,
  });
}

export function accountRoutes(deps: Pick<AppDeps, 'accounts' | 'config' | 'staffNotices'>): Router {
  const { accounts } = deps;
  const router = Router();
  const small = readBodies(SIGN_IN_LIMIT, { signedIn: true });
  // Your own account: reachable while two-step set-up is still owed (it is where it is done). Neither
  // it nor the accounts are for tokens for scripts: a script changes no password, role or account.
  const own = [requireUser(accounts, 'drafts', { setUp: true, tokens: false }), ...small];
  const admin = [requireUser(accounts, 'administer', { tokens: false }), ...small];
  const links = readBodies(SIGN_IN_LIMIT);
  const linkUrl = (req: Request, kind: 'invite' | 'reset', token: string) =>
    `${siteOriginOf(req, deps.config) ?? ''}/admin/${kind}/${token}`;
  const madeLink = (req: Request, kind: 'invite' | 'reset', made: { token: string; link: OneTimeLink }) => ({
    url: linkUrl(req, kind, made.token),
    id: made.link.id,
    expires: made.link.expires,
    ...(made.link.role ? { role: made.link.role } : {}),
  });
  /** The account as it is now (a change just made to it included). */
  const fresh = (req: Request): User => accounts.users.get(req.user!.username) ?? req.user!;
  const sessionsOf = (req: Request) =>
    accounts.sessions
      .of(req.user!)
      .filter((s) => !s.pendingTwoFactor)
      .map((s): SessionView => ({
        id: s.id,
        browser: s.browser,
        address: s.address,
        created: new Date(s.created).toISOString(),
        lastActive: new Date(s.lastActive).toISOString(),
        current: s.id === req.signedInSession!.id,
      }));

  // ── Your own account ────────────────────────────────────────────────────────────────────────

  router.get(
    '/account',
    own,
    route((req, res) => {
      noStore(res);
      const user = fresh(req);
      res.json({ user: signedInUser(user, accounts), sessions: sessionsOf(req), notify: notifyOf(user) });
    }),
  );

  /** The person's notice choices as the account page reads them. */
  const notifyOf = (user: User): NotifySettings => ({
    email: deps.staffNotices.choicesOf(user),
    mailAvailable: deps.staffNotices.mailAvailable,
  });

  router.patch(
    '/account',
    own,
    route(async (req, res) => {
      const input = body(req);
      const notify = notifyChoicesOf(input.notify);
      const profile = input.name !== undefined || input.email !== undefined;
      if (profile) checkProfile(input); // every part checked before anything changes
      let user = req.user!;
      if (profile || !notify) user = await accounts.updateProfile(user, input, asker(req));
      if (notify) user = await deps.staffNotices.choose(user.username, notify);
      res.json({ user: signedInUser(user, accounts), notify: notifyOf(user) });
    }),
  );

  router.post(
    '/account/password',
    own,
    route(async (req, res) => {
      // Every other session of the account ends; this browser's follows the account's new epoch.
      await accounts.changePassword(req.user!, body(req), req.signedInSession!.id, asker(req));
      res.json({ ok: true });
    }),
  );

  router.delete(
    '/account/sessions/:id',
    own,
    route(async (req, res) => {
      await accounts.endSession(req.user!, String(req.params.id), asker(req));
      if (req.params.id === req.signedInSession!.id) endSession(req);
      res.json({ ok: true });
    }),
  );

  router.post(
    '/account/sign-out-everywhere',
    own,
    route(async (req, res) => {
      await accounts.signOutEverywhere(req.user!, asker(req));
      endSession(req);
      res.json({ ok: true });
    }),
  );

  router.post(
    '/account/two-factor',
    own,
    route(async (req, res) => {
      if (req.user!.twoFactor) throw new AppError(409, 'Two-step sign-in is on already.');
      noStore(res);
      res.json(await accounts.twoStep.startTwoFactor(req.user!));
    }),
  );

  router.post(
    '/account/two-factor/confirm',
    own,
    route(async (req, res) => {
      noStore(res);
      res.json({
        recoveryCodes: await accounts.twoStep.confirmTwoFactor(fresh(req), body(req).code, asker(req)),
      });
    }),
  );

  router.post(
    '/account/two-factor/recovery-codes',
    own,
    route(async (req, res) => {
      noStore(res);
      const codes = await accounts.twoStep.renewRecoveryCodes(req.user!, body(req).password, asker(req));
      res.json({ recoveryCodes: codes });
    }),
  );

  router.delete(
    '/account/two-factor',
    own,
    route(async (req, res) => {
      await accounts.twoStep.turnOffTwoFactor(req.user!, body(req).password, asker(req));
      res.json({ ok: true });
    }),
  );

  // ── Accounts (admins) ───────────────────────────────────────────────────────────────────────

  router.get(
    '/users',
    admin,
    route((_req, res) => {
      noStore(res);
      res.json(accounts.overview());
    }),
  );

  router.post(
    '/users/invites',
    admin,
    route(async (req, res) => {
      noStore(res);
      res.status(201).json(madeLink(req, 'invite', await accounts.team.invite(body(req).role, asker(req))));
    }),
  );

  for (const kind of ['invite', 'reset'] as const)
    router.delete(
      `/users/${kind}s/:id`,
      admin,
      route(async (req, res) => {
        await accounts.team.withdraw(kind, String(req.params.id), asker(req));
        res.json({ ok: true });
      }),
    );

  router.put(
    '/users/settings',
    admin,
    route(async (req, res) => {
      res.json({ settings: await accounts.setSettings(body(req), asker(req)) });
    }),
  );

  router.patch(
    '/users/:name',
    admin,
    route(async (req, res) => {
      const name = String(req.params.name);
      const { role, disabled, ...rest } = body(req);
      if (Object.keys(rest).length || (role === undefined) === (disabled === undefined))
        throw new AppError(400, 'Send either {"role": …} or {"disabled": true|false}.', {
          ...(role === undefined && disabled === undefined ? { role: 'Missing' } : {}),
        });
      const user =
        role !== undefined
          ? await accounts.team.setRole(name, role, asker(req))
          : await accounts.team.setDisabled(name, disabled, asker(req));
      res.json({ user: publicAccount(user) });
    }),
  );

  router.delete(
    '/users/:name',
    admin,
    route(async (req, res) => {
      await accounts.team.remove(String(req.params.name), asker(req));
      res.json({ ok: true });
    }),
  );

  router.post(
    '/users/:name/reset',
    admin,
    route(async (req, res) => {
      noStore(res);
      res
        .status(201)
        .json(madeLink(req, 'reset', await accounts.team.resetLink(String(req.params.name), asker(req))));
    }),
  );

  // ── The links (no session) ──────────────────────────────────────────────────────────────────

  /** The open link of this kind the path's token names; 404 in plain words when it does not work. */
  const openLink = (req: Request, kind: 'invite' | 'reset'): OneTimeLink => {
    const link = accounts.links.find(kind, tokenOf(req));
    if (!link) throw new AppError(404, LINK_GONE[kind]);
    return link;
  };

  // What the link's page shows before the form: the role an invite gives, whose password a reset sets.
  for (const kind of ['invite', 'reset'] as const)
    router.get(
      `/${kind}s/:token`,
      route((req, res) => {
        noStore(res);
        const link = openLink(req, kind);
        res.json(
          kind === 'invite'
            ? { role: link.role, expires: link.expires }
            : { username: link.username, expires: link.expires },
        );
      }),
    );

  router.post(
    '/invites/:token',
    links,
    route(async (req, res) => {
      openLink(req, 'invite'); // an unknown link says so before anything about the form
      const user = await accounts.team.acceptInvite(tokenOf(req), body(req), req.ip);
      if (!user) throw new AppError(404, LINK_GONE.invite); // used meanwhile
      const session = await accounts.signedIn(user, { userAgent: req.get('user-agent'), address: req.ip });
      startSession(req, session);
      res.status(201).json({
        status: 'authenticated',
        user: signedInUser(accounts.users.get(user.username) ?? user, accounts),
      });
    }),
  );

  router.post(
    '/resets/:token',
    links,
    route(async (req, res) => {
      openLink(req, 'reset');
      const user = await accounts.team.useResetLink(tokenOf(req), body(req).password, req.ip);
      if (!user) throw new AppError(404, LINK_GONE.reset);
      endSession(req);
      res.json({ ok: true, username: user.username });
    }),
  );

  return router;
}
