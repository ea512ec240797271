import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowCounters } from './windowCounters.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('WindowCounters (the sign-in throttle’s and the contact form’s counts)', () => {
  it('counts a point, takes one back, and forgets a deleted key', () => {
    const counters = new WindowCounters(60_000);
    expect(counters.get('1.2.3.4')).toBeNull();
    expect(counters.consume('1.2.3.4', 1)).toMatchObject({ points: 1, over: false });
    const second = counters.consume('1.2.3.4', 1);
    expect(second).toMatchObject({ points: 2, over: true });
    expect(second.msBeforeNext).toBeGreaterThan(59_000);
    counters.reward('1.2.3.4');
    expect(counters.get('1.2.3.4')?.points).toBe(1);
    counters.delete('1.2.3.4');
    expect(counters.get('1.2.3.4')).toBeNull();
  });

  it('opens a fresh window once the last one has ended', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-05T10:00:00Z') });
    const counters = new WindowCounters(60_000);
    for (let i = 0; i < 5; i++) counters.consume('a', 10);
    vi.setSystemTime(Date.parse('2026-03-05T10:01:00Z'));
    expect(counters.consume('a', 10).points).toBe(1);
  });
});
