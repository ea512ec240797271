// Contact messages for staff (editors and admins: they are visitors' personal data): the list, a
// delete (audited), and how many are new to each person. Visitors post them through contactRoutes.ts.
import { Router } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { entities } from '../../schema/registry.ts';
import { typedItem } from '../legacy/wire.ts';
import { AppError } from '../../schema/errors.ts';
import { queryString, route } from '../http.ts';
import { readBodies, WRITE_LIMIT } from '../bodies.ts';
import { requestedId } from '../ids.ts';
import { actor } from './auditRoutes.ts';
import { countAfter } from '../../contact/messagesSeen.ts';
import type { MessageSummary } from '../../schema/messageNotices.ts';

export function messageRoutes(
  deps: Pick<AppDeps, 'accounts' | 'messages' | 'messagesSeen' | 'notices' | 'audit' | 'hub'>,
): Router {
  const router = Router();
  const messagesAuth = requireUser(deps.accounts, 'publish');

  router.get(
    '/messages',
    messagesAuth,
    route(async (_req, res) => {
      const list = await deps.messages.list();
      res.setHeader('Cache-Control', 'no-store');
      res.json(list.map((m) => typedItem(entities.contactMessage, m, () => '')));
    }),
  );

  router.delete(
    '/messages',
    messagesAuth,
    route(async (req, res) => {
      const id = requestedId(queryString(req, 'id'));
      if (!id) throw new AppError(400, 'Say which message to delete (id).', { id: 'Missing' });
      if (!(await deps.messages.remove(id))) throw new AppError(404, 'There is no such message.');
      // Kept in private/, not git: the audit log is the only record that it was deleted, and by whom.
      await deps.audit.record({ action: 'delete', ...actor(req), entity: entities.contactMessage.name, id });
      deps.notices.alerts.roomMade(); // the form may take messages again
      deps.hub.notify(new Set([entities.contactMessage.name]));
      res.json({ success: true, id });
    }),
  );

  // The admin home's word on messages: how many are new to this person, where notices go, and
  // whether the form is refusing messages.
  const summary = async (username: string): Promise<MessageSummary> => {
    const [list, seen] = await Promise.all([deps.messages.list(), deps.messagesSeen.of(username)]);
    const received = list.map((m) => (typeof m.data.received === 'string' ? m.data.received : ''));
    return {
      unseen: countAfter(received, seen),
      notices: deps.notices.status(),
      alerts: deps.notices.alerts.list(),
    };
  };

  router.get(
    '/messages/summary',
    messagesAuth,
    route(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await summary(req.user!.username));
    }),
  );

  // The Messages page showed this person the messages up to `upTo` (the newest one's `received`).
  router.post(
    '/messages/seen',
    messagesAuth,
    readBodies(WRITE_LIMIT, { signedIn: true }),
    route(async (req, res) => {
      const upTo = (req.body as Record<string, unknown> | undefined)?.upTo;
      const time = typeof upTo === 'string' ? Date.parse(upTo) : NaN;
      if (Number.isNaN(time))
        throw new AppError(400, 'Say up to which message (upTo, its received time).', { upTo: 'Missing' });
      // Never past now: a message that comes later is new, whatever the page claimed.
      await deps.messagesSeen.mark(req.user!.username, new Date(Math.min(time, Date.now())).toISOString());
      res.json(await summary(req.user!.username));
    }),
  );

  return router;
}
