// Where notices of new contact messages go, from the environment: email over SMTP to a list of
// addresses (CMS_SMTP_URL, CMS_NOTIFY_TO, CMS_NOTIFY_FROM) and/or a JSON POST (CMS_NOTIFY_WEBHOOK).
// Neither set: nothing is sent, and the admin home says so.
import { emailProblem } from '../schema/email.ts';

export interface NoticeSettings {
  /** Null: no email notices. `url` keeps the account's password: it is never shown or logged. */
  email: { url: string; to: string[]; from: string } | null;
  /** Null: no webhook. The URL may hold a secret (chat tools put one in the path): never shown. */
  webhook: string | null;
  /** The waits before each retry of a failed send; one try more than waits, then it gives up. */
  retryDelaysMs: number[];
  /** How long one try may take (connecting, the server's answer) before it counts as failed. */
  timeoutMs: number;
  /** Staff's notice emails: how long notices gather into one email (default a minute, staffMail.ts). */
  batchMs?: number;
}

/** 10 s, 1 min, 5 min, 30 min: five tries over about 36 minutes. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000];
export const NOTICE_TIMEOUT_MS = 15_000;

export const NO_NOTICES: NoticeSettings = {
  email: null,
  webhook: null,
  retryDelaysMs: RETRY_DELAYS_MS,
  timeoutMs: NOTICE_TIMEOUT_MS,
};

function addresses(name: string, value: string): string[] {
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const a of list)
    if (emailProblem(a))
      throw new Error(`${name} must be email addresses separated by commas ("${a}" is not one).`);
  return list;
}

/** The settings, or an error that says which one is wrong and how (the server does not start). */
export function noticesFromEnv(env: NodeJS.ProcessEnv): NoticeSettings {
  const smtp = env.CMS_SMTP_URL?.trim() || '';
  const to = addresses('CMS_NOTIFY_TO', env.CMS_NOTIFY_TO ?? '');
  const webhook = env.CMS_NOTIFY_WEBHOOK?.trim() || '';
  if (smtp && !to.length)
    throw new Error('CMS_SMTP_URL is set but CMS_NOTIFY_TO is not: say who should get the email notices.');
  if (to.length && !smtp)
    throw new Error('CMS_NOTIFY_TO is set but CMS_SMTP_URL is not: say which mail server sends the notices.');
  if (smtp) {
    const url = URL.canParse(smtp) ? new URL(smtp) : null;
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
      throw new Error(
        'CMS_SMTP_URL must be a mail server address such as smtp://user:password@mail.example.org:587.',
      );
  }
  if (webhook) {
    const url = URL.canParse(webhook) ? new URL(webhook) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      throw new Error('CMS_NOTIFY_WEBHOOK must be an address such as https://chat.example.org/hooks/abc.');
  }
  const from = env.CMS_NOTIFY_FROM?.trim() || to[0] || '';
  if (smtp && emailProblem(from))
    throw new Error(`CMS_NOTIFY_FROM must be an email address (it is "${from}").`);
  return {
    ...NO_NOTICES,
    email: smtp ? { url: smtp, to, from } : null,
    webhook: webhook || null,
  };
}

/** The mail server as it may be shown: host and port, without the account. */
export const smtpServerName = (url: string): string => {
  const u = new URL(url);
  return u.port ? `${u.hostname}:${u.port}` : u.hostname;
};
