// One try at sending a notice: an email over SMTP (nodemailer), or a JSON POST to a webhook. Each
// resolves when the other side took it and rejects with a reason in plain words otherwise.
import type { SendMailOptions } from 'nodemailer';
import type { NoticeSettings } from './noticeSettings.ts';
import { postJson } from '../webhooks/postJson.ts';
import { systemResolver } from '../webhooks/addressCheck.ts';
import { mailText, replyToOf, subjectOf, webhookBody, type NoticeMessage } from './noticeText.ts';

/** Plain words for what went wrong, from the mailer's or fetch's error. */
export function reasonOf(e: unknown, what: 'mail server' | 'webhook'): string {
  const err = e as {
    code?: string;
    originalCode?: string;
    responseCode?: number;
    response?: string;
    cause?: { code?: string };
  };
  // The mailer wraps a socket's error (ESOCKET) and keeps its own code beside it.
  const code = err.originalCode ?? err.cause?.code ?? err.code;
  if (code === 'ECONNREFUSED') return `the ${what} refused the connection`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the ${what}’s address was not found`;
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT' || (e as Error).name === 'TimeoutError')
    return `the ${what} did not answer in time`;
  if (code === 'EAUTH') return 'the mail server refused the user name or password';
  if (err.responseCode)
    return `the mail server answered ${oneLineOf(err.response ?? String(err.responseCode))}`;
  return oneLineOf((e as Error).message ?? String(e));
}

const oneLineOf = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 200);

/** One email through the mail server at `url`: resolves once it took it, else rejects in plain words. */
export async function sendThroughSmtp(
  url: string,
  timeoutMs: number,
  message: SendMailOptions,
): Promise<void> {
  // Loaded when the first notice is sent: a third of the server's code at start, for a rare email.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.sendMail({ ...message, disableFileAccess: true, disableUrlAccess: true });
  } catch (e) {
    throw new Error(reasonOf(e, 'mail server'));
  } finally {
    transport.close();
  }
}

export async function sendMail(
  email: NonNullable<NoticeSettings['email']>,
  timeoutMs: number,
  m: NoticeMessage,
  adminUrl: string | null,
): Promise<void> {
  const replyTo = replyToOf(m);
  await sendThroughSmtp(email.url, timeoutMs, {
    from: email.from,
    to: email.to,
    ...(replyTo ? { replyTo } : {}),
    subject: subjectOf(m),
    text: mailText(m, adminUrl),
    // Only what this server writes goes in the envelope: the visitor's address is never a recipient.
    envelope: { from: email.from, to: email.to },
  });
}

/**
 * A notice to CMS_NOTIFY_WEBHOOK, through the webhooks' sender. The address is the operator's own
 * setting, so it may be inside their network (the admins' webhooks may not, unless allowed).
 */
export async function postWebhook(
  url: string,
  timeoutMs: number,
  m: NoticeMessage,
  adminUrl: string | null,
): Promise<void> {
  await postJson(url, JSON.stringify(webhookBody(m, adminUrl)), {
    timeoutMs,
    rules: { allowPrivate: true, resolve: systemResolver },
  });
}
