// An upload queue for a component's lifetime, its list of files drawn from the queue's snapshots.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { UploadQueue, type UploadCall, type UploadEntry } from './uploadQueue.ts';

export function useUploadQueue(upload: UploadCall, onSettled?: (entry: UploadEntry) => void) {
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  // Made once: the call it was given (and the draft that call sends to) stays for its lifetime.
  const [queue] = useState(() => new UploadQueue({ upload }));
  useEffect(() => queue.onSettled((e) => settled.current?.(e)), [queue]);
  const entries = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  return { queue, entries };
}

/** 'Uploading 2 of 5 files…', '5 files uploaded, 1 failed.', or '' with nothing on the list. */
export function uploadSummary(entries: readonly UploadEntry[]): string {
  const total = entries.length;
  if (!total) return '';
  const done = entries.filter((e) => e.state === 'done').length;
  const failed = entries.filter((e) => e.state === 'failed').length;
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  const failedWords = failed ? `, ${failed} failed` : '';
  if (done + failed < total) return `Uploading: ${done} of ${files(total)} done${failedWords}…`;
  if (!failed) return `${files(done)} uploaded.`;
  return `${files(done)} uploaded${failedWords}.`;
}
