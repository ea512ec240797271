import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowCounters } from './windowCounters.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe("WindowCounters as express-rate-limit's store (the contact form's limit)", () => {
  // The contact form counted in express-rate-limit's own memory store, the sign-in throttle here:
  // one counter now, so both limits open, count and close their windows alike.
  it('counts a request, takes back one the limiter does not count, and forgets a reset key', async () => {
    const counters = new WindowCounters(60_000);
    const store = counters.rateLimitStore();
    expect(await store.get!('1.2.3.4')).toBeUndefined();
    expect((await store.increment('1.2.3.4')).totalHits).toBe(1);
    const second = await store.increment('1.2.3.4');
    expect(second.totalHits).toBe(2);
    expect(second.resetTime!.getTime() - Date.now()).toBeGreaterThan(59_000);
    await store.decrement('1.2.3.4');
    expect((await store.get!('1.2.3.4'))?.totalHits).toBe(1);
    expect(counters.get('1.2.3.4')?.points).toBe(1); // the same window the throttle reads
    await store.resetKey('1.2.3.4');
    expect(await store.get!('1.2.3.4')).toBeUndefined();
  });

  it('opens a fresh window once the last one has ended', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-05T10:00:00Z') });
    const store = new WindowCounters(60_000).rateLimitStore();
    for (let i = 0; i < 5; i++) await store.increment('a');
    vi.setSystemTime(Date.parse('2026-03-05T10:01:00Z'));
    expect((await store.increment('a')).totalHits).toBe(1);
  });
});
