// What a notice of a new contact message says: the email (subject and plain text) and the webhook's
// JSON body. A visitor typed the name, title and address: nothing of theirs may start a header line,
// so each value bound for a header is one line of printable characters.
import { emailProblem } from '../schema/email.ts';
import { siteTimeZone } from '../schema/siteTime.ts';

/** A stored contact message as a notice tells of it. */
export interface NoticeMessage {
  id: string;
  name: string;
  title: string;
  employer: string;
  email: string;
  contact: string;
  received: string;
}

/** One line: control characters (line breaks included) become spaces, runs of space one. */
export const oneLine = (value: string, max = 120): string => {
  const line = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** Who wrote, as one line: "Ada Lovelace, Teacher (Example School)". */
export function writer(m: NoticeMessage): string {
  const title = oneLine(m.title, 80);
  const employer = oneLine(m.employer, 80);
  return `${oneLine(m.name, 80)}${title ? `, ${title}` : ''}${employer ? ` (${employer})` : ''}`;
}

export const subjectOf = (m: NoticeMessage): string =>
  oneLine(`New message from ${oneLine(m.name, 80)} through the contact form`, 160);

/** The visitor's address for Reply-To, only when it is a plain address (one line, the form's rule). */
export const replyToOf = (m: NoticeMessage): string | undefined => {
  const email = m.email.trim();
  return email && !emailProblem(email) && email === oneLine(email, 320) ? email : undefined;
};

/** In the site's time zone (CMS_TIME_ZONE), as staff read times: "November 25, 2026 at 12:15 PM PST". */
const when = (iso: string) => {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return iso;
  return t.toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: siteTimeZone(),
  });
};

/** The email's plain text. `adminUrl`: the admin's Messages page, when the site's address is known. */
export function mailText(m: NoticeMessage, adminUrl: string | null): string {
  return [
    `${writer(m)} wrote through the website's contact form on ${when(m.received)}.`,
    '',
    m.contact.replace(/\r\n?/g, '\n'),
    '',
    `Their email address: ${oneLine(m.email, 320)}`,
    adminUrl
      ? `Read and answer messages in the admin: ${adminUrl}`
      : 'Read and answer messages in the admin, on its Messages page.',
    '',
    'You get this because your address is in CMS_NOTIFY_TO on the website’s server.',
    '',
  ].join('\n');
}

/** Chat tools read `<…>` and `&` as markup (links, mentions such as <!channel>): shown as typed. */
const chatSafe = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The webhook's JSON body (docs/operations.md lists its fields). */
export function webhookBody(m: NoticeMessage, adminUrl: string | null) {
  const preview = oneLine(m.contact, 300);
  return {
    text:
      chatSafe(`New message from ${writer(m)} <${oneLine(m.email, 320)}>: ${preview}`) +
      (adminUrl ? ` ${adminUrl}` : ''),
    message: {
      id: m.id,
      name: m.name,
      title: m.title,
      employer: m.employer,
      email: m.email,
      message: m.contact,
      received: m.received,
    },
    adminUrl,
  };
}
