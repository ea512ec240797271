// The contact form's two limits as a middleware, without a server: a message takes its place in both
// counts as it arrives and keeps it unless the route gives it back; refusals say when to try again.
import type { NextFunction, Request, Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../schema/errors.ts';
import { CONTACT_BUSY } from '../../schema/site/contactForm.ts';
import { contactLimiter, PER_ADDRESS, placeOf } from './contactLimiter.ts';

afterEach(() => {
  vi.useRealTimers();
});

function limiter(perHour: number) {
  const busy = vi.fn<(limit: number, until: Date) => void>();
  const middleware = contactLimiter({ perHour, busy });
  /** One message arriving from `ip`: what the middleware passed on, and the answer's headers. */
  const arrive = (ip: string) => {
    const headers: Record<string, string> = {};
    const res = {
      locals: {},
      setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    } as unknown as Response;
    let passed: unknown = 'not called';
    middleware({ ip } as Request, res, ((e?: unknown) => (passed = e)) as NextFunction);
    const refusal = passed instanceof AppError ? passed : null;
    return { refusal, headers, place: placeOf(res) };
  };
  return { arrive, busy };
}

describe('contactLimiter', () => {
  it('counts messages sent at once before any is settled; a given-back place is free again', () => {
    const { arrive, busy } = limiter(3);
    const first = [arrive('10.0.0.1'), arrive('10.0.0.2'), arrive('10.0.0.3')];
    expect(first.map((a) => a.refusal)).toEqual([null, null, null]);
    const fourth = arrive('10.0.0.4');
    expect(fourth.refusal).toMatchObject({ status: 429, message: CONTACT_BUSY });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3590);
    expect(fourth.place).toBeUndefined();
    expect(busy).toHaveBeenCalledTimes(1);
    expect(busy.mock.calls[0]![0]).toBe(3);

    // One refused by the form's checks: its place is given back, once, and a new message takes it.
    first[0]!.place!.giveBack();
    first[0]!.place!.giveBack();
    expect(arrive('10.0.0.5').refusal).toBeNull();
    expect(arrive('10.0.0.6').refusal).toMatchObject({ status: 429 });
    // A kept message's place is never given back.
    first[1]!.place!.kept();
    first[1]!.place!.giveBack();
    expect(arrive('10.0.0.7').refusal).toMatchObject({ status: 429 });
  });

  it('refuses an address past its few with its own words, never raising the site’s notice', () => {
    const { arrive, busy } = limiter(100);
    for (let i = 0; i < PER_ADDRESS; i++) arrive('10.0.0.1').place!.kept();
    const refused = arrive('10.0.0.1');
    expect(refused.refusal?.message).toMatch(/^Too many messages from your address/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3590);
    expect(busy).not.toHaveBeenCalled();
    // Refused ones do not count toward the site's: 95 more from others still fit.
    for (let i = 0; i < 95; i++) expect(arrive(`10.0.1.${i}`).refusal).toBeNull();
    expect(arrive('10.0.2.1').refusal?.message).toBe(CONTACT_BUSY);
  });

  it('a message refused by the site’s limit does not use up its address’s few', () => {
    const { arrive } = limiter(1);
    arrive('10.0.0.9').place!.kept();
    for (let i = 0; i < PER_ADDRESS + 2; i++) expect(arrive('10.0.0.1').refusal?.message).toBe(CONTACT_BUSY);
  });

  it('gives a place back only within the hour it was taken in', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-05T10:00:00Z') });
    const { arrive } = limiter(2);
    const late = arrive('10.0.0.1');
    vi.setSystemTime(Date.parse('2026-03-05T11:00:01Z'));
    arrive('10.0.0.2').place!.kept();
    arrive('10.0.0.3').place!.kept();
    late.place!.giveBack(); // from the hour before: the new hour's count stays as it is
    expect(arrive('10.0.0.4').refusal?.message).toBe(CONTACT_BUSY);
  });
});
