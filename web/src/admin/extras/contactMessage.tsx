// Messages sent through the contact form (kept out of the public history): newest first, each
// with a reply link and Delete. Opening the page marks them seen (the admin home's count of new ones).
import { useEffect, useId, useState } from 'react';
import { onContentChange } from '../../lib/liveStream.ts';
import { getJson, messageOf, send, type AdminItem } from '../api.ts';
import { textOf } from '../entityApi.ts';
import { LoadState } from '../sections/LoadState.tsx';
import { localTime } from '../dates.ts';
import { Notice, useNotice } from '../ui/Notice.tsx';
import type { ApiState } from '../../lib/useApi.ts';
import type { EntityExtras, SectionProps } from './types.ts';

/** Messages are private: read with the session, never cached, refetched when the stream says so. */
function useMessages(): ApiState<AdminItem[]> {
  const [data, setData] = useState<AdminItem[] | undefined>();
  const [error, setError] = useState<Error | undefined>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    getJson<AdminItem[]>('messages').then(
      (d) => {
        if (live) {
          setData(d);
          setError(undefined);
        }
      },
      (e: unknown) => {
        if (live) setError(e instanceof Error ? e : new Error(String(e)));
      },
    );
    return () => {
      live = false;
    };
  }, [tick]);
  useEffect(
    () =>
      onContentChange((endpoints) => {
        if (endpoints === 'all' || endpoints.some((e) => e.startsWith('handle_form') || e === 'messages'))
          setTick((t) => t + 1);
      }),
    [],
  );
  return { data, error, loading: data === undefined && !error, retry: () => setTick((t) => t + 1) };
}

/**
 * The page showed these messages: the admin home's count of new ones starts after the newest. Told
 * again whenever the list is read again (a message came while the page is open).
 */
function useMarkSeen(list: AdminItem[] | undefined): void {
  const newest = (list ?? []).reduce((max, m) => {
    const received = textOf(m.received);
    return received > max ? received : max;
  }, '');
  useEffect(() => {
    if (newest) send('POST', 'messages/seen', { upTo: newest }).catch(() => undefined);
  }, [newest]);
}

function MessagesSection({ def }: SectionProps) {
  const headingId = useId();
  const state = useMessages();
  useMarkSeen(state.data);
  const notice = useNotice();
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const remove = async (m: AdminItem) => {
    if (
      !window.confirm(
        `Are you sure you want to delete ${def.type === 'collection' ? def.itemNoun : 'this message'}?`,
      )
    )
      return;
    try {
      await send('DELETE', `messages?id=${encodeURIComponent(m.id)}`);
      setGone((g) => new Set([...g, m.id]));
      state.retry();
      notice.success('Deleted.');
    } catch (e) {
      notice.error(messageOf(e));
    }
  };
  const list = (state.data ?? []).filter((m) => !gone.has(m.id));
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Contact messages</h2>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
      <LoadState state={state} what="the messages">
        {list.length === 0 ? (
          <p className="admin-muted">No messages.</p>
        ) : (
          <ul className="admin-list">
            {list.map((m) => (
              <li key={m.id} className="admin-card admin-item">
                <h3>
                  {textOf(m.name)}
                  {m.title ? `, ${textOf(m.title)}` : ''}
                </h3>
                <p className="admin-muted">
                  Received {localTime(textOf(m.received))}
                  {m.employer ? ` · ${textOf(m.employer)}` : ''}
                </p>
                <p className="admin-pre">{textOf(m.contact)}</p>
                <div className="admin-actions">
                  <a className="admin-button" href={`mailto:${textOf(m.email)}`}>
                    Reply to {textOf(m.email)}
                  </a>
                  <button
                    type="button"
                    className="admin-button admin-button-danger"
                    aria-label={`Delete the message from ${textOf(m.name)}`}
                    onClick={() => void remove(m)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}

export const contactMessageExtras: EntityExtras = { Section: MessagesSection };
