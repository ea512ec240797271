// Each person's notices (issue 35): the bell's list and marking read (signed in, any role), and the
// one-click stop of notice emails (no session: the link's key names the account).
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { readBodies, SIGN_IN_LIMIT } from '../bodies.ts';
import { queryString, route } from '../http.ts';
import { AppError } from '../../schema/errors.ts';
import { readInput } from '../../schema/notifications.ts';
import { STOP_ROUTE, stopKeyMatches } from '../../notices/stopLink.ts';
import { escapeHtml } from '../../schema/html.ts';

export function noticeRoutes(deps: Pick<AppDeps, 'accounts' | 'staffNotices'>): Router {
  const router = Router();
  const signedIn = requireUser(deps.accounts, 'drafts');

  router.get(
    '/notifications',
    signedIn,
    route(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await deps.staffNotices.of(req.user!.username));
    }),
  );

  router.post(
    '/notifications/read',
    signedIn,
    ...readBodies(SIGN_IN_LIMIT, { signedIn: true }),
    route(async (req, res) => {
      const which = readInput.safeParse(req.body);
      if (!which.success)
        throw new AppError(400, 'Say which notices to mark read: {"ids": [...]} or {"all": true}.', {
          ids: 'A list of notice ids, or "all": true',
        });
      await deps.staffNotices.markRead(req.user!.username, which.data);
      res.json(await deps.staffNotices.of(req.user!.username));
    }),
  );
  return router;
}

/** A small page for the stop link: plain words, the site's look is not needed here. */
const page = (res: Response, status: number, title: string, body: string) =>
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    // A page, unlike the API's other answers: its own small style, and its one form posting back here.
    .setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font:18px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;min-height:44px}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
    );

const LINK_WRONG =
  'This link does not work: it may be cut short in your email. You can turn notice emails off on your account page in the admin.';

export function noticeStopRoutes(deps: Pick<AppDeps, 'accounts' | 'staffNotices' | 'sessionSecret'>): Router {
  const router = Router();
  const accountOf = (req: Request) => {
    const username = queryString(req, 'user') ?? '';
    const key = queryString(req, 'key') ?? '';
    const user = deps.accounts.users.get(username);
    return user && stopKeyMatches(deps.sessionSecret, user.id, key) ? user : undefined;
  };

  // Mail apps and link checkers open links on their own: the page asks before it changes anything.
  router.get(
    STOP_ROUTE,
    route((req, res) => {
      const user = accountOf(req);
      if (!user) return page(res, 404, 'Notice emails', `<p>${LINK_WRONG}</p>`);
      const action = escapeHtml(req.originalUrl);
      page(
        res,
        200,
        'Stop notice emails?',
        `<p>Notices for ${escapeHtml(user.name)} (${escapeHtml(user.username)}) will still show under the bell in the admin.</p><form method="post" action="${action}"><button type="submit">Stop these emails</button></form>`,
      );
    }),
  );

  // The button above, and mail apps' one-click stop (List-Unsubscribe-Post): the key is the check.
  router.post(
    STOP_ROUTE,
    ...readBodies(SIGN_IN_LIMIT),
    route(async (req, res) => {
      const user = accountOf(req);
      if (!user) return page(res, 404, 'Notice emails', `<p>${LINK_WRONG}</p>`);
      await deps.staffNotices.stopEmail(user.username);
      page(
        res,
        200,
        'Notice emails stopped',
        '<p>You will not get notice emails any more. You can choose which ones you get again on your account page in the admin.</p>',
      );
    }),
  );
  return router;
}
