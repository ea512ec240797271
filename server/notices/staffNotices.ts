// Notices to staff: a step taken on a draft, an invite used or a visitor's message becomes a notice
// for each person it concerns (noticeWords.ts), kept under their bell (noticeBoard.ts), announced to
// their open admin pages (`changed`), and emailed to those who chose that kind (staffMail.ts). Given
// after the change it tells of is done and never waited for: a failure is logged, nothing more.
import type { User, UserStore } from '../accounts/users.ts';
import type { DraftEvent } from '../drafts/drafts.ts';
import type { DraftRecord } from '../drafts/draftRecords.ts';
import {
  EMAIL_CHOICE_OF,
  emailChoicesOf,
  type EmailChoices,
  type NotificationsAnswer,
  type NotifyInput,
} from '../schema/notifications.ts';
import type { NewNotice, NoticeBoard } from './noticeBoard.ts';
import { draftNotice, inviteNotice, messageNotice } from './noticeWords.ts';
import type { StaffMail } from './staffMail.ts';
import { stopUrl } from './stopLink.ts';

export interface StaffNoticesParts {
  board: NoticeBoard;
  users: UserStore;
  /** Null: no mail settings, notices in the admin only. */
  mail: StaffMail | null;
  /** The site's address for links in emails (CMS_PUBLIC_URL's origin), or null. */
  origin: string | null;
  secret: string;
  /** These people's notices changed: their open admin pages hear of it. */
  changed: (usernames: string[]) => void;
  log?: (message: string) => void;
}

export class StaffNotices {
  private readonly log: (message: string) => void;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly parts: StaffNoticesParts) {
    this.log = parts.log ?? console.warn;
  }

  get mailAvailable(): boolean {
    return this.parts.mail !== null;
  }

  /** A person's notices, newest first, and how many are unread. */
  of(username: string): Promise<NotificationsAnswer> {
    return this.parts.board.of(username);
  }

  /** Marks some or all of a person's notices read; their open admin pages hear of it. */
  async markRead(username: string, which: { ids: string[] } | { all: true }): Promise<void> {
    if (await this.parts.board.markRead(username, which)) this.parts.changed([username]);
  }

  /** The steps a draft event tells of, each to its people. */
  fromDraft(event: DraftEvent, record: DraftRecord): void {
    for (const step of event.notices ?? []) this.give(draftNotice(step, record, this.parts.users.list()));
  }

  inviteUsed(joined: User, maker: string | undefined): void {
    this.give(inviteNotice(joined, maker));
  }

  message(from: string, messagesPage: string): void {
    this.give(messageNotice(from, this.parts.users.list(), messagesPage));
  }

  /** A person's email choices, the defaults filling what they never chose. */
  choicesOf(user: User): EmailChoices {
    return emailChoicesOf(user.notify?.email);
  }

  /** Changes some of a person's email choices (already checked against `notifyInput`). */
  async choose(username: string, input: NotifyInput): Promise<User> {
    return this.parts.users.update(username, (u) => {
      u.notify = { email: { ...u.notify?.email, ...input.email } };
    });
  }

  /** Every email choice off: the one-click stop. */
  stopEmail(username: string): Promise<User> {
    const off = Object.fromEntries(Object.keys(emailChoicesOf(undefined)).map((c) => [c, false]));
    return this.choose(username, { email: off });
  }

  /** Stops: notices being kept are finished; emails still gathering are dropped (the bell keeps them). */
  async close(): Promise<void> {
    await this.settled();
    await this.parts.mail?.close();
  }

  /** Resolves once the notices given so far are kept (tests, a stop). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private give({ to, notice }: { to: string[]; notice: NewNotice }): void {
    if (!to.length) return;
    const done = this.keep(to, notice)
      .catch((e: Error) => this.log(`A notice (“${notice.text}”) could not be kept: ${e.message}`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  private async keep(to: string[], notice: NewNotice): Promise<void> {
    const given = await this.parts.board.add(to, notice);
    this.parts.changed(given);
    const { mail, origin, secret, users } = this.parts;
    if (!mail) return;
    for (const username of given) {
      const user = users.get(username);
      if (!user?.email || user.disabled || !this.choicesOf(user)[EMAIL_CHOICE_OF[notice.kind]]) continue;
      mail.queue(
        {
          username: user.username,
          email: user.email,
          stopUrl: origin ? stopUrl(origin, secret, user) : null,
        },
        { text: notice.text, link: notice.link },
      );
    }
  }
}
