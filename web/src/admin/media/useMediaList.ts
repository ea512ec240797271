// One page of the library, read again whenever the server's change stream says anything changed
// (a media change arrives like any other) and when this tab changed a file itself. While the next
// page or search is on its way, the last answer stays on screen.
import { useCallback, useEffect, useState } from 'react';
import { onContentChange } from '../../lib/liveStream.ts';
import { messageOf } from '../api.ts';
import { listMedia } from './mediaApi.ts';
import type { MediaPage } from './mediaTypes.ts';

interface Answer {
  /** The endpoint and reading it answers. */
  for: string;
  data?: MediaPage;
  error?: string;
}

export interface MediaList {
  data: MediaPage | undefined;
  error: string | undefined;
  /** A newer reading is on its way (the data shown is an older one, or none). */
  busy: boolean;
  reload: () => void;
}

export function useMediaList(endpoint: string): MediaList {
  const [reading, setReading] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [last, setLast] = useState<MediaPage | undefined>(undefined);
  const reload = useCallback(() => setReading((n) => n + 1), []);
  const wanted = `${reading} ${endpoint}`;

  useEffect(() => {
    const abort = new AbortController();
    listMedia(endpoint, abort.signal).then(
      (data) => {
        setAnswer({ for: wanted, data });
        setLast(data);
      },
      (e: unknown) => {
        if (!abort.signal.aborted) setAnswer({ for: wanted, error: messageOf(e) });
      },
    );
    return () => abort.abort();
  }, [endpoint, wanted]);

  useEffect(() => onContentChange(reload), [reload]);

  const current = answer?.for === wanted ? answer : null;
  return {
    data: current?.data ?? last,
    error: current?.error,
    busy: !current,
    reload,
  };
}
