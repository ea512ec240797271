// The admin home's word on contact messages (how many are new to this person, where notices go and
// how the last ones went), read again whenever the live stream says a message came or went or a
// notice was sent or failed. Only for those who may read messages: others never ask.
import { useEffect, useState } from 'react';
import { MESSAGE_NOTICES_CHANGED, type MessageSummary } from '../../../../server/schema/messageNotices.ts';
import { entities } from '../../../../server/schema/registry.ts';
import { onContentChange } from '../../lib/liveStream.ts';
import { getJson } from '../api.ts';

/** Whether a change the stream names touches the messages or their notices. */
export const touchesMessages = (endpoints: readonly string[] | 'all'): boolean =>
  endpoints === 'all' ||
  endpoints.some((e) => e === entities.contactMessage.name || e === MESSAGE_NOTICES_CHANGED);

/** `reader`: the signed-in person who may read messages (null: nobody, or someone who may not). */
export function useMessageSummary(reader: string | null): MessageSummary | null {
  const [summary, setSummary] = useState<{ reader: string; summary: MessageSummary } | null>(null);
  useEffect(() => {
    if (!reader) return;
    let live = true;
    let asked = 0;
    const read = () => {
      const mine = ++asked;
      getJson<MessageSummary>('messages/summary').then(
        (s) => {
          // An older answer that arrives after a newer one is not shown over it.
          if (live && mine === asked) setSummary({ reader, summary: s });
        },
        () => undefined, // the home works without it; the next change asks again
      );
    };
    read();
    const stop = onContentChange((endpoints) => {
      if (touchesMessages(endpoints)) read();
    });
    return () => {
      live = false;
      stop();
    };
  }, [reader]);
  // Someone else's summary (signed out and in as another person) is never shown.
  return reader && summary?.reader === reader ? summary.summary : null;
}
