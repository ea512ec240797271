// The upload queue: two files at a time, each in turn; a 429 waits the time the server asks and
// goes again in its place; failures keep the server's words and can be retried; files the browser
// can tell are wrong fail unsent.
import { describe, expect, it } from 'vitest';
import { ApiError, RetryLaterError, retryAfterMs } from '../api.ts';
import { BUSY_MESSAGE, UploadQueue, type UploadCall } from './uploadQueue.ts';
import type { MediaFile } from './mediaTypes.ts';

const picture = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const stored = (name: string) => ({ name, url: `/media/library/${name}` }) as MediaFile;

/** An upload call whose every request the test answers by hand. */
function server() {
  const calls: {
    file: File;
    progress: (f: number) => void;
    ok: () => void;
    fail: (e: Error) => void;
  }[] = [];
  const upload: UploadCall = (file, progress) =>
    new Promise<MediaFile>((resolve, reject) => {
      calls.push({ file, progress, ok: () => resolve(stored(file.name)), fail: reject });
    });
  return { calls, upload };
}

/** A clock the test moves: each wait is a promise the test settles. */
function clock() {
  const waits: { ms: number; done: () => void }[] = [];
  const wait = (ms: number) => new Promise<void>((done) => waits.push({ ms, done }));
  return { waits, wait };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const states = (q: UploadQueue) => q.snapshot().map((e) => `${e.file.name}:${e.state}`);

describe('UploadQueue', () => {
  it('sends at most two files at once, the next as soon as one finishes, in the order added', async () => {
    const s = server();
    const q = new UploadQueue({ upload: s.upload });
    q.add([picture('a.jpg'), picture('b.jpg'), picture('c.jpg'), picture('d.jpg')]);
    expect(s.calls.map((c) => c.file.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(states(q)).toEqual(['a.jpg:uploading', 'b.jpg:uploading', 'c.jpg:waiting', 'd.jpg:waiting']);
    s.calls[1]!.ok();
    await settle();
    expect(s.calls.map((c) => c.file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(q.snapshot()[1]!.result?.url).toBe('/media/library/b.jpg');
    expect(q.busy).toBe(true);
    s.calls[0]!.ok();
    s.calls[2]!.ok();
    await settle();
    s.calls[3]!.ok();
    await settle();
    expect(states(q)).toEqual(['a.jpg:done', 'b.jpg:done', 'c.jpg:done', 'd.jpg:done']);
    expect(q.busy).toBe(false);
  });

  it('shows each file’s progress while it is sent', async () => {
    const s = server();
    const q = new UploadQueue({ upload: s.upload });
    q.add([picture('a.jpg')]);
    s.calls[0]!.progress(0.25);
    expect(q.snapshot()[0]!.progress).toBe(0.25);
    s.calls[0]!.ok();
    await settle();
    expect(q.snapshot()[0]!.progress).toBe(1);
  });

  it('on 429 waits the time the server asks, keeps its slot, then sends the same file again', async () => {
    const s = server();
    const c = clock();
    const q = new UploadQueue({ upload: s.upload, wait: c.wait });
    q.add([picture('a.jpg'), picture('b.jpg'), picture('c.jpg')]);
    s.calls[0]!.fail(new RetryLaterError('Too many uploads at once.', 3000));
    await settle();
    expect(c.waits.map((w) => w.ms)).toEqual([3000]);
    expect(q.snapshot()[0]).toMatchObject({ state: 'paused', error: BUSY_MESSAGE });
    // Its slot is still taken: the third file has not started.
    expect(s.calls).toHaveLength(2);
    c.waits[0]!.done();
    await settle();
    expect(s.calls.map((x) => x.file.name)).toEqual(['a.jpg', 'b.jpg', 'a.jpg']);
    expect(q.snapshot()[0]!.state).toBe('uploading');
    s.calls[2]!.ok();
    await settle();
    expect(q.snapshot()[0]!.state).toBe('done');
    expect(s.calls.map((x) => x.file.name)).toEqual(['a.jpg', 'b.jpg', 'a.jpg', 'c.jpg']);
  });

  it('gives up after the server has said 429 too many times in a row, with words to try later', async () => {
    const s = server();
    const c = clock();
    const q = new UploadQueue({ upload: s.upload, wait: c.wait, maxWaits: 2 });
    q.add([picture('a.jpg')]);
    for (let i = 0; i < 3; i++) {
      s.calls[i]!.fail(new ApiError('Too many.', 429));
      await settle();
      c.waits[i]?.done();
      await settle();
    }
    expect(c.waits.map((w) => w.ms)).toEqual([1000, 1000]);
    expect(q.snapshot()[0]!.state).toBe('failed');
    expect(q.snapshot()[0]!.error).toMatch(/try again in a minute/);
  });

  it('keeps the server’s own words for a refusal, and Retry sends the file again', async () => {
    const s = server();
    const settled: string[] = [];
    const q = new UploadQueue({ upload: s.upload });
    q.onSettled((e) => settled.push(`${e.file.name}:${e.state}`));
    const [a] = q.add([picture('a.jpg')]);
    s.calls[0]!.fail(new ApiError('“a.jpg” is not a picture the site can show.', 415));
    await settle();
    expect(q.snapshot()[0]).toMatchObject({
      state: 'failed',
      error: '“a.jpg” is not a picture the site can show.',
    });
    expect(settled).toEqual(['a.jpg:failed']);
    q.retry(a!.id);
    expect(q.snapshot()[0]!.state).toBe('uploading');
    expect(s.calls).toHaveLength(2);
    s.calls[1]!.ok();
    await settle();
    expect(settled).toEqual(['a.jpg:failed', 'a.jpg:done']);
  });

  it('fails files the browser can tell are wrong at once, without sending them or taking a slot', () => {
    const s = server();
    const q = new UploadQueue({ upload: s.upload });
    q.add([
      new File(['x'], 'notes.docx', { type: 'application/msword' }),
      picture('huge.jpg', 6 * 1024 * 1024),
      picture('a.jpg'),
      picture('b.jpg'),
    ]);
    expect(states(q)).toEqual(['notes.docx:failed', 'huge.jpg:failed', 'a.jpg:uploading', 'b.jpg:uploading']);
    expect(q.snapshot()[0]!.error).toMatch(/not a picture or a PDF/);
    expect(q.snapshot()[0]!.sent).toBe(false);
    expect(q.snapshot()[1]!.error).toMatch(/at most 5 MB/);
    expect(s.calls.map((c) => c.file.name)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('clears uploaded files from the list and keeps the failed ones', async () => {
    const s = server();
    const q = new UploadQueue({ upload: s.upload });
    q.add([picture('a.jpg'), new File(['x'], 'x.txt', { type: 'text/plain' })]);
    s.calls[0]!.ok();
    await settle();
    q.clearDone();
    expect(states(q)).toEqual(['x.txt:failed']);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds or a date, waits a second when the server names none, and never over a minute', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sat, 28 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs(null, now)).toBe(1000);
    expect(retryAfterMs('soon', now)).toBe(1000);
    expect(retryAfterMs('3600', now)).toBe(60_000);
  });
});
