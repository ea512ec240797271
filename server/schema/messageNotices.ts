// What the admin reads about contact messages beside the list itself: how many are new to the person
// asking, and where notices of new ones go (email, a webhook) with how the last ones went. Shared with
// the admin home, which draws both.

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

/** GET /api/messages/summary. */
export interface MessageSummary {
  /** Messages received after the person last looked at the Messages page (all, if they never did). */
  unseen: number;
  notices: NoticeStatus;
}
