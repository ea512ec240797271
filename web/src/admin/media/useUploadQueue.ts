// An upload queue for a component's lifetime, its list of files drawn from the queue's snapshots.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { UploadQueue, type UploadCall, type UploadEntry } from './uploadQueue.ts';

/**
 * `forget`: a settled file leaves the list once `onSettled` has heard it (the markdown editor says
 * what happened in its own words; the library page keeps its list).
 */
export function useUploadQueue(upload: UploadCall, onSettled?: (entry: UploadEntry) => void, forget = false) {
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  // Made once: the call it was given (and the draft that call sends to) stays for its lifetime.
  const [queue] = useState(() => new UploadQueue({ upload }));
  useEffect(
    () =>
      queue.onSettled((e) => {
        settled.current?.(e);
        if (forget) queue.dismiss(e.id);
      }),
    [queue, forget],
  );
  const entries = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  return { queue, entries };
}

/** 'Uploading: 2 of 5 files done…', '5 files uploaded.', '4 files uploaded, 1 not.', or '' with nothing on the list. */
export function uploadSummary(entries: readonly UploadEntry[]): string {
  const total = entries.length;
  if (!total) return '';
  const done = entries.filter((e) => e.state === 'done').length;
  const failed = entries.filter((e) => e.state === 'failed').length;
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  if (done + failed < total)
    return `Uploading: ${done} of ${files(total)} done${failed ? `, ${failed} not uploaded` : ''}…`;
  if (!failed) return `${files(done)} uploaded.`;
  if (!done) return `${files(failed)} ${failed === 1 ? 'was' : 'were'} not uploaded.`;
  return `${files(done)} uploaded, ${failed} not.`;
}
