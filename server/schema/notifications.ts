// Notices to staff (issue 35): what needs a person — a draft waiting for review, a comment, changes
// asked for, an approval, a publish, a schedule called off, an invite used, new contact messages —
// shown under the admin's bell and, for the kinds a person chooses, sent by email. Declared once here
// for the server (server/notices/), the HTTP answers and the admin's bell and account page.
import { z } from 'zod';
import type { Permission } from './roles.ts';

export const NOTICE_KINDS = [
  'submitted',
  'comment',
  'changes',
  'approved',
  'published',
  'schedule-cancelled',
  'invite-used',
  'message',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** One notice as `GET /api/notifications` answers it; `at` is ISO 8601, `link` an admin address. */
export interface Notification {
  id: string;
  kind: NoticeKind;
  text: string;
  link: string;
  at: string;
  read: boolean;
}

export interface NotificationsAnswer {
  unread: number;
  items: Notification[];
}

export { NOTIFICATIONS_EVENT } from './noticeStream.ts';

/** Read notices are kept this long; unread ones until read (or pushed out by `MAX_NOTICES`). */
export const READ_KEPT_DAYS = 30;
/** The most notices kept for one person: past it, the oldest go first. */
export const MAX_NOTICES = 200;

/** What a person may choose to also get by email (`PATCH /api/account {notify: {email}}`). */
export const EMAIL_CHOICES = [
  'submitted',
  'changes',
  'published',
  'comments',
  'invites',
  'messages',
] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];
export type EmailChoices = Record<EmailChoice, boolean>;

/** Which choice sends each kind of notice by email. */
export const EMAIL_CHOICE_OF: Record<NoticeKind, EmailChoice> = {
  submitted: 'submitted',
  comment: 'comments',
  changes: 'changes',
  'schedule-cancelled': 'changes',
  approved: 'published',
  published: 'published',
  'invite-used': 'invites',
  message: 'messages',
};

/** Drafts waiting for my review, and my drafts sent back or published. */
export const DEFAULT_EMAIL: EmailChoices = {
  submitted: true,
  changes: true,
  published: true,
  comments: false,
  invites: false,
  messages: false,
};

/** The account page's words for each choice, and what a person needs for the notices to reach them. */
export const EMAIL_CHOICE_INFO: Record<EmailChoice, { label: string; needs: Permission }> = {
  submitted: { label: 'A draft is sent for my review', needs: 'publish' },
  changes: {
    label: 'A draft of mine is sent back for changes, or a publish I scheduled is called off',
    needs: 'drafts',
  },
  published: { label: 'A draft of mine is approved or published', needs: 'drafts' },
  comments: { label: 'Someone comments on a draft I work on', needs: 'drafts' },
  invites: { label: 'Someone joins with an invite I made', needs: 'administer' },
  messages: { label: 'A visitor sends a message through the contact form', needs: 'publish' },
};

/** The email choices as the account answers them, the defaults filling what a person never chose. */
export const emailChoicesOf = (kept: Partial<EmailChoices> | undefined): EmailChoices => ({
  ...DEFAULT_EMAIL,
  ...kept,
});

/** `PATCH /api/account`'s `notify`: any of the choices, each true or false; nothing else. */
export const notifyInput = z
  .object({
    email: z
      .object(
        Object.fromEntries(EMAIL_CHOICES.map((c) => [c, z.boolean().optional()])) as {
          [K in EmailChoice]: z.ZodOptional<z.ZodBoolean>;
        },
      )
      .strict(),
  })
  .strict();
export type NotifyInput = z.infer<typeof notifyInput>;

/** What the account page reads of a person's notices: their choices and whether mail is set up. */
export interface NotifySettings {
  email: EmailChoices;
  /** False when the server has no mail settings (CMS_SMTP_URL): notices are shown in the admin only. */
  mailAvailable: boolean;
}

/** `POST /api/notifications/read`: some notices by id, or all of them. */
export const readInput = z.union([
  z.object({ ids: z.array(z.string().max(64)).min(1).max(MAX_NOTICES) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
