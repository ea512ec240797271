// handle_form.php: the public contact form. Messages are kept privately, never in the site repo.
import { Router } from 'express';
import { entities } from '../schema/registry.ts';
import { validateItem } from '../content/fileFormat.ts';
import type { PrivateCollection } from '../content/privateCollection.ts';
import { CONTACT_INCOMPLETE } from '../schema/entities/contactMessage.ts';
import { emailProblem } from '../schema/email.ts';
import { contactLimiter } from '../auth/throttle.ts';
import { route, sendError } from './http.ts';
import { CONTACT_LIMIT, readBodies } from './bodies.ts';

export function contactRoutes(messages: PrivateCollection, onMessage: () => void): Router {
  const router = Router();
  router.post(
    '/handle_form.php',
    contactLimiter(),
    readBodies(CONTACT_LIMIT),
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const input = Object.fromEntries(
        // What a visitor fills in: every declared field except the time, which the server sets.
        Object.keys(entities.contactMessage.fields).filter((k) => k !== 'received').map((k) => [k, typeof body[k] === 'string' ? body[k] : undefined]),
      );
      const result = validateItem(entities.contactMessage, { ...input, received: new Date().toISOString() });
      const fields = { ...(result.ok ? {} : result.fields) };
      const badEmail = emailProblem(input.email ?? '');
      if (badEmail && !fields.email) fields.email = badEmail;
      if (!result.ok || badEmail) {
        const incomplete = Object.values(fields).includes(CONTACT_INCOMPLETE);
        const error = incomplete ? CONTACT_INCOMPLETE : result.ok ? badEmail! : result.error;
        return sendError(res, 400, error, fields);
      }
      await messages.add(result.data);
      onMessage();
      res.json({ success: true, message: 'Thank you! Your message has been sent.' });
    }),
  );
  return router;
}
