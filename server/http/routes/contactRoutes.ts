// handle_form.php: the public contact form. Messages are kept privately, never in the site repo.
import { Router, type ErrorRequestHandler, type Request } from 'express';
import { AppError } from '../../schema/errors.ts';
import { entities } from '../../schema/registry.ts';
import { validateItem } from '../../content/index/fileFormat.ts';
import type { PrivateCollection } from '../../contact/privateCollection.ts';
import type { NoticeMessage } from '../../contact/noticeText.ts';
import { publicOrigin } from '../siteOrigin.ts';
import { CONTACT_INCOMPLETE } from '../../schema/entities/contactMessage.ts';
import { emailProblem } from '../../schema/email.ts';
import { contactLimiter } from '../auth/contactLimiter.ts';
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

/**
 * The admin's Messages page as an absolute link for a notice, from CMS_PUBLIC_URL only: the visitor's
 * request names its own host, and a link staff are sent must not point where a stranger chose. Null
 * without the setting (the notice then names the page in words).
 */
function messagesPageUrl(site: { publicUrl?: string }): string | null {
  try {
    return site.publicUrl ? `${publicOrigin(site.publicUrl)}${entities.contactMessage.admin.route}` : null;
  } catch {
    return null; // an unusable CMS_PUBLIC_URL: the notice goes without the link
  }
}

/** A kept message as its notice tells of it. */
function noticeOf(id: string, data: Record<string, unknown>): NoticeMessage {
  const text = (k: keyof NoticeMessage) => (typeof data[k] === 'string' ? data[k] : '');
  return {
    id,
    name: text('name'),
    title: text('title'),
    employer: text('employer'),
    email: text('email'),
    contact: text('contact'),
    received: text('received'),
  };
}

/**
 * `onMessage`: a message was kept (the live stream, notices), with the admin's Messages page as a link.
 * It must not wait: the visitor's answer goes right after it. `address`: where the link's origin
 * comes from. `pages`: the server-rendered site (once loaded), for answers to posts of the form without
 * JavaScript.
 */
export function contactRoutes(
  messages: PrivateCollection,
  onMessage: (message: NoticeMessage, adminUrl: string | null) => void,
  address: { publicUrl?: string; trustProxy: boolean },
  pages?: () => SitePages | null,
): Router {
  const router = Router();
  router.post(
    '/handle_form.php',
    // Over the limit, refused before the body is read: abuse costs the server nothing (the page then
    // cannot show what was typed; the browser's Back button still has it).
    contactLimiter(),
    readBodies(CONTACT_LIMIT),
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const input = Object.fromEntries(
        // What a visitor fills in: every declared field except the time, which the server sets.
        Object.keys(entities.contactMessage.fields)
          .filter((k) => k !== 'received')
          .map((k) => [k, typeof body[k] === 'string' ? body[k] : undefined]),
      );
      const result = validateItem(entities.contactMessage, { ...input, received: new Date().toISOString() });
      const fields = { ...(result.ok ? {} : result.fields) };
      const badEmail = emailProblem(input.email ?? '');
      if (badEmail && !fields.email) fields.email = badEmail;
      // A browser posting the form without JavaScript gets the contact page with the outcome.
      const site = pages?.();
      const formPost = isFormPost(req);
      const page =
        site && formPost
          ? async (outcome: ContactOutcome, status: number) =>
              (await site.contactPage(req, outcome, status)).send(req, res, false)
          : null;
      if (!result.ok || badEmail) {
        const incomplete = Object.values(fields).includes(CONTACT_INCOMPLETE);
        const error = incomplete ? CONTACT_INCOMPLETE : result.ok ? badEmail! : result.error;
        if (page) return page(refusedOutcome(input, fields, incomplete), 400);
        return sendError(res, 400, error, fields);
      }
      const id = await messages.add(result.data);
      onMessage(noticeOf(id, result.data), messagesPageUrl(address));
      if (page) return page({ form: formOf(input), errors: {}, message: SENT, sent: true }, 200);
      res.json({ success: true, message: 'Thank you! Your message has been sent.' });
    }),
  );
  // Refused before the form was read (too many messages from this address, a body over the limit):
  // a browser without JavaScript gets the contact page saying so, not a JSON answer it would show raw.
  const refusedPage: ErrorRequestHandler = (err: unknown, req, res, next) => {
    const site = pages?.();
    const status = err instanceof AppError ? err.status : (err as { status?: number }).status;
    if (!site || !isFormPost(req) || (status !== 429 && status !== 413)) return next(err);
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
