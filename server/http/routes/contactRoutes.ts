// handle_form.php: the public contact form. Messages are kept privately, never in the site repo.
import { Router, type ErrorRequestHandler, type Request } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { AppError } from '../../schema/errors.ts';
import { entities } from '../../schema/registry.ts';
import type { Actor } from '../../content/changes.ts';
import { CONTACT_INCOMPLETE } from '../../schema/entities/contactMessage.ts';
import { contactLimiter, placeOf } from '../auth/contactLimiter.ts';
import { MessagesFullError } from '../../content/writer/change.ts';
import { bodyStillArriving, route, sendError } from '../http.ts';
import { CONTACT_LIMIT, readBodies } from '../bodies.ts';
import type { SitePages } from '../sitePages.ts';
import {
  CHECK_FORM_MESSAGE,
  SENT,
  type ContactForm,
  type ContactOutcome,
} from '../../schema/site/contactForm.ts';

const FORM_KEYS = ['name', 'title', 'employer', 'email', 'contact'] as const;

/** What the visitor typed, as the form shows it again. */
const formOf = (input: Record<string, string | undefined>): ContactForm =>
  Object.fromEntries(FORM_KEYS.map((k) => [k, input[k] ?? ''])) as unknown as ContactForm;

/** The form's own words for a refusal (ContactForm.tsx): each field's problem beside it. */
function refusedOutcome(
  input: Record<string, string | undefined>,
  fields: Record<string, string>,
  incomplete: boolean,
): ContactOutcome {
  const shown = (k: string) => (FORM_KEYS as readonly string[]).includes(k);
  const errors = Object.fromEntries(Object.entries(fields).filter(([k]) => shown(k)));
  const message = incomplete ? CONTACT_INCOMPLETE : Object.keys(errors).length ? '' : CHECK_FORM_MESSAGE;
  return { form: formOf(input), errors, message, sent: false };
}

/** A browser posting the form without JavaScript: it is answered with the contact page, not JSON. */
const isFormPost = (req: Request) =>
  !!req.is('application/x-www-form-urlencoded') && req.accepts(['json', 'html']) === 'html';

const TOO_LONG =
  'Your message is too long to send. Please use your browser’s Back button, shorten it, and send it again.';

/** A visitor sending the form: no account, their address for the record. */
const visitor = (req: Request): Actor => ({ name: 'A visitor', email: '', username: '', address: req.ip });

/**
 * A message is one change through the one operation (`writer.run`, kind `message`), kept in
 * `messages`; its change event tells open admin pages and the notices (server/main.ts). A refusal by
 * the site's hourly limit or for want of room raises the admin's notice of it (once each:
 * `notices.alerts`). Each message's place in the hour's counts is settled here (contactLimiter.ts): kept, or given back. `pages`: the
 * server-rendered site (once loaded), for answers to posts of the form without JavaScript.
 */
export function contactRoutes(
  { writer, messages, notices, config }: Pick<AppDeps, 'writer' | 'messages' | 'notices' | 'config'>,
  pages?: () => SitePages | null,
): Router {
  const router = Router();
  router.post(
    '/handle_form.php',
    // Over a limit, refused before the body is read: abuse costs the server nothing (the page then
    // cannot show what was typed; the browser's Back button still has it).
    contactLimiter({
      perHour: config.contactPerHour,
      busy: (limit, until) => notices.alerts.refusedBusy(limit, until),
    }),
    readBodies(CONTACT_LIMIT),
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const input = Object.fromEntries(
        Object.keys(entities.contactMessage.fields).map((k) => [
          k,
          typeof body[k] === 'string' ? body[k] : undefined,
        ]),
      );
      // A browser posting the form without JavaScript gets the contact page with the outcome.
      const site = pages?.();
      const formPost = isFormPost(req);
      const page =
        site && formPost
          ? async (outcome: ContactOutcome, status: number) =>
              (await site.contactPage(req, outcome, status)).send(req, res, false)
          : null;
      try {
        await writer.run(visitor(req), {
          kind: 'message',
          def: entities.contactMessage,
          input,
          keep: messages,
        });
        placeOf(res)?.kept();
      } catch (e) {
        if (e instanceof MessagesFullError) notices.alerts.refusedFull(e.room.bytes, e.room.maxBytes);
        if (!(e instanceof AppError) || e.status !== 400 || !e.fields) throw e; // refusedPage gives back
        placeOf(res)?.giveBack();
        const incomplete = Object.values(e.fields).includes(CONTACT_INCOMPLETE);
        if (page) return page(refusedOutcome(input, e.fields, incomplete), 400);
        return sendError(res, 400, incomplete ? CONTACT_INCOMPLETE : e.message, e.fields);
      }
      if (page) return page({ form: formOf(input), errors: {}, message: SENT, sent: true }, 200);
      res.json({ success: true, message: 'Thank you! Your message has been sent.' });
    }),
  );
  // Every refusal that was not the form's own (400) passes here: the message was not kept, so its
  // place in the hour's counts is given back. A browser without JavaScript then gets the contact
  // page saying why (too many messages, no room left, a body over the limit), not a JSON answer it
  // would show raw.
  const refusedPage: ErrorRequestHandler = (err: unknown, req, res, next) => {
    placeOf(res)?.giveBack();
    const site = pages?.();
    const status = err instanceof AppError ? err.status : (err as { status?: number }).status;
    if (!site || !isFormPost(req) || (status !== 429 && status !== 413 && status !== 507)) return next(err);
    const message = status === 413 ? TOO_LONG : (err as Error).message;
    const form = formOf((req.body ?? {}) as Record<string, string | undefined>);
    if (bodyStillArriving(req)) res.setHeader('Connection', 'close'); // not read: hang up after the page
    site
      .contactPage(req, { form, errors: {}, message, sent: false }, status)
      .then((answer) => answer.send(req, res, false), next);
  };
  router.use('/handle_form.php', refusedPage);
  return router;
}
