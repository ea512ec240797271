// The signed-in person's notices, shared by the bell on every admin page and the admin home's
// "Waiting for you": read from /api/notifications when first wanted and again whenever the live stream
// says they changed (or reconnects), and marked read through the server.
import { useEffect, useSyncExternalStore } from 'react';
import { getJson, send } from '../api.ts';
import { onNoticesChange } from '../../lib/liveStream.ts';
import type { NotificationsAnswer } from '../../../../server/schema/notifications.ts';

export type { Notification } from '../../../../server/schema/notifications.ts';

interface NoticeState {
  /** Whose notices these are: another person signing in in this tab starts afresh. */
  user: string | null;
  answer: NotificationsAnswer | null;
  error: string | null;
}

let state: NoticeState = { user: null, answer: null, error: null };
const subscribers = new Set<() => void>();
let stopStream: (() => void) | null = null;
let asking: Promise<void> | null = null;
let askAgain = false;

const set = (next: Partial<NoticeState>) => {
  state = { ...state, ...next };
  for (const s of [...subscribers]) s();
};

/** Asks the server for the notices now; a change heard while asking asks once more after. */
export function refreshNotices(): Promise<void> {
  if (asking) {
    askAgain = true;
    return asking;
  }
  const forUser = state.user;
  asking = getJson<NotificationsAnswer>('notifications')
    .then(
      // Someone else signed in meanwhile: this answer was the one before's.
      (answer) => {
        if (state.user === forUser) set({ answer, error: null });
      },
      () => set({ error: 'Your notices could not be loaded. They will show when the connection is back.' }),
    )
    .finally(() => {
      asking = null;
      if (askAgain) {
        askAgain = false;
        void refreshNotices();
      }
    });
  return asking;
}

export async function markNoticesRead(which: { ids: string[] } | { all: true }): Promise<void> {
  const answer = await send<NotificationsAnswer>('POST', 'notifications/read', which);
  set({ answer, error: null });
}

function subscribe(listener: () => void) {
  subscribers.add(listener);
  stopStream ??= onNoticesChange(() => void refreshNotices());
  return () => {
    subscribers.delete(listener);
    if (!subscribers.size) {
      stopStream?.();
      stopStream = null;
    }
  };
}

const noSubscription = () => () => undefined;

/** The signed-in person's notices (`answer` null until first read); null: signed out, nothing read. */
export function useNotices(username: string | null): NoticeState {
  const now = useSyncExternalStore(
    username ? subscribe : noSubscription,
    () => state,
    () => state,
  );
  useEffect(() => {
    if (!username) return;
    if (state.user !== username) set({ user: username, answer: null, error: null });
    if (!state.answer) void refreshNotices();
  }, [username]);
  return now.user === username ? now : { user: username, answer: null, error: null };
}
