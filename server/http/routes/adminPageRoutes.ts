// Admin addresses asked for by a signed-in user: the page drawn on the server for them
// (server/site/adminPages.ts), so a new browser shows the list before the admin's scripts load.
// Everyone else, and admin pages that are not drawn on the server, go on to webAppRoutes, which
// sends the admin's empty page as before. The fast path leaves admin addresses with a session
// cookie to Express (fastPath.ts), so the session is always checked here first.
import { Router } from 'express';
import { currentUser } from '../auth/session.ts';
import { signedInUser } from '../auth/signedInUser.ts';
import { isAdminPath } from '../../schema/site/adminPaths.ts';
import type { AdminPages } from '../adminPages.ts';
import type { AppDeps } from '../appDeps.ts';
import type { WebApp } from '../webApp.ts';
import type { ItemLists } from '../../content/index/itemQuery.ts';

export function adminPageRoutes(
  deps: Pick<AppDeps, 'users' | 'accounts' | 'model' | 'renderers'>,
  web: WebApp,
  lists: ItemLists,
): Router {
  const router = Router();
  // React and the admin's components load with the first signed-in visit, not at start.
  let pages: Promise<AdminPages> | undefined;
  const load = () =>
    (pages ??= Promise.all([import('../adminPages.ts'), deps.renderers()]).then(
      ([m, renderers]) => new m.AdminPages(deps.model, web, renderers, lists),
    ));
  router.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isAdminPath(req.path)) return next();
    await deps.users.sync();
    const user = currentUser(req, deps.accounts);
    // Not drawn with its lists for someone who must set up two-step sign-in first (the API refuses them).
    if (!user || deps.accounts.mustSetUpTwoFactor(user)) return next();
    let answer;
    try {
      answer = (await load()).answer(req, signedInUser(user, deps.accounts));
    } catch (e) {
      // The browser draws the page itself then, as it did before pages were drawn here.
      console.error(`Could not draw ${req.path} on the server:`, e);
    }
    if (!answer) return next();
    answer.send(req, res, false);
  });
  return router;
}
