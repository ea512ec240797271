// Staff notices as the server runs them: kept in private/, told to open admin pages (each person
// their own unread count, `tell`), and emailed through CMS_SMTP_URL when it is set.
import type { Config } from '../config.ts';
import type { UserStore } from '../accounts/users.ts';
import { NoticeBoard } from './noticeBoard.ts';
import { StaffMail } from './staffMail.ts';
import { StaffNotices } from './staffNotices.ts';

export function staffNoticesFor(
  config: Config,
  parts: {
    privateDir: string;
    users: UserStore;
    secret: string;
    /** The site's address for links in emails (CMS_PUBLIC_URL's origin), or null. */
    origin: string | null;
    /** These people's notices changed: tell their open admin pages their unread count. */
    tell: (usernames: string[], unreadOf: (username: string) => Promise<number>) => Promise<void>;
    log: (m: string) => void;
  },
): StaffNotices {
  const board = new NoticeBoard(parts.privateDir, undefined, parts.log);
  const { email, timeoutMs, batchMs } = config.notices;
  const { origin, log } = parts;
  const mail = email
    ? new StaffMail({ mail: email, timeoutMs, origin, ...(batchMs ? { batchMs } : {}), log })
    : null;
  return new StaffNotices({
    board,
    users: parts.users,
    mail,
    origin,
    secret: parts.secret,
    log,
    changed: (usernames) =>
      void parts
        .tell(usernames, (u) => board.unread(u))
        .catch((e: Error) => log(`Open admin pages could not hear of new notices: ${e.message}`)),
  });
}
