// What the admin reads about contact messages beside the list itself: how many are new to the person
// asking, where notices of new ones go (email, a webhook) with how the last ones went, and whether the
// form is refusing messages. Shared with the admin home, which draws all three.

/** The name the live stream gives a change of the notices' status (a send failed, a retry worked). */
export const MESSAGE_NOTICES_CHANGED = 'message-notices';

export type NoticeChannel = 'email' | 'webhook';

/** How one channel's notices went lately; times are ISO 8601. */
export interface ChannelStatus {
  /** Where the notices go, in words an admin can check: the addresses, or the webhook's origin. */
  to: string;
  lastSent: string | null;
  /** The last try that failed, and whether another try is still to come. */
  lastFailure: { time: string; reason: string; retrying: boolean } | null;
}

export interface NoticeStatus {
  email: ChannelStatus | null;
  webhook: ChannelStatus | null;
  /** Notices still to be sent (waiting for a try or a retry). */
  waiting: number;
}

/**
 * The contact form is refusing messages: more came this hour than the site takes from everyone
 * together (`busy`, until the hour is over), or the room set aside for kept messages is full (`full`,
 * until some are deleted). Raised by the first refusal, once, however many follow; times are ISO 8601.
 */
export type ContactAlert =
  | { kind: 'busy'; since: string; until: string; limit: number; refused: number }
  | { kind: 'full'; since: string; bytes: number; maxBytes: number; refused: number };

/** GET /api/messages/summary. */
export interface MessageSummary {
  /** Messages received after the person last looked at the Messages page (all, if they never did). */
  unseen: number;
  notices: NoticeStatus;
  alerts: ContactAlert[];
}

/** A size in plain words: "820 KB", "49.9 MB". */
export function sizeInWords(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${Number(kb.toFixed(kb < 10 ? 1 : 0))} KB`;
  const mb = kb / 1024;
  return `${Number(mb.toFixed(mb < 100 ? 1 : 0))} MB`;
}
