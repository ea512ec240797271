// The contact form's limits: a few messages an hour from one address, and CMS_CONTACT_PER_HOUR from
// every address together (many addresses — a botnet, or made-up X-Forwarded-For ones behind a proxy —
// each under their own few cannot fill the private folder). Counted in the sign-in throttle's fixed
// windows (windowCounters.ts), kept in memory. Over either, 429 with Retry-After (the seconds until
// that window is over), before the body is read.
//
// A message takes its place in both counts as it arrives, so that messages sent at once cannot all
// pass a count none of them has joined yet, and gives it back only once it is known not to have been
// kept (refused by the form's checks or for want of room, or never read whole): refused messages do
// not count. Whether the visitor stayed for the answer does not matter. (express-rate-limit's
// `skipFailedRequests`, used before, gave the place back when the connection closed before the
// answer: messages from visitors that hung up at once were kept but not counted, 46 kept in five
// bursts of 30 against a limit of 10.)
import type { RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { AppError } from '../../schema/errors.ts';
import { CONTACT_BUSY } from '../../schema/site/contactForm.ts';
import { WindowCounters } from './windowCounters.ts';

const TOO_MANY_MESSAGES =
  'Too many messages from your address. Please try again in an hour, or email us directly.';

const WINDOW_MS = 60 * 60 * 1000;

/** Messages one address may send in an hour. */
export const PER_ADDRESS = 5;

export interface ContactLimits {
  /** Messages the whole site takes in an hour (CMS_CONTACT_PER_HOUR). */
  perHour: number;
  /** Hears each refusal by the site's limit, with the hour's end (the admin's notice, raised once). */
  busy: (limit: number, until: Date) => void;
}

/** A message's place in the hour's counts, as the contact route settles it. */
export interface ContactPlace {
  /** The message was kept: its place stays taken. */
  kept(): void;
  /** The message was not kept: its place is given back (once, and never after `kept`). */
  giveBack(): void;
}

const PLACE = 'contactPlace';
const SITE = 'site';

/** The place the limiter gave this request's message (none when it refused it). */
export const placeOf = (res: Response): ContactPlace | undefined =>
  res.locals[PLACE] as ContactPlace | undefined;

/** A count's point, given back only within the window it was taken in (not from the next one's). */
function point(counters: WindowCounters, key: string, msBeforeNext: number) {
  const until = Date.now() + msBeforeNext;
  return () => {
    if (Date.now() < until) counters.reward(key);
  };
}

function refuse(res: Response, msBeforeNext: number, message: string): AppError {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(msBeforeNext / 1000))));
  // Through the error handler like every refusal (which also hangs up on a body still arriving).
  return new AppError(429, message);
}

/** Both limits, counted from when the message arrives; see placeOf for settling each message's place. */
export function contactLimiter({ perHour, busy }: ContactLimits): RequestHandler {
  const byAddress = new WindowCounters(WINDOW_MS);
  const bySite = new WindowCounters(WINDOW_MS);
  return (req, res, next) => {
    // IPv6 by its /56, as the sign-in throttle counts (authRoutes.ts).
    const address = ipKeyGenerator(req.ip ?? '');
    const own = byAddress.consume(address, PER_ADDRESS);
    const ownBack = point(byAddress, address, own.msBeforeNext);
    // The address's own limit first: an address past its few never raises the site's notice.
    if (own.over) {
      ownBack();
      return next(refuse(res, own.msBeforeNext, TOO_MANY_MESSAGES));
    }
    const site = bySite.consume(SITE, perHour);
    const siteBack = point(bySite, SITE, site.msBeforeNext);
    if (site.over) {
      siteBack();
      ownBack();
      busy(perHour, new Date(Date.now() + site.msBeforeNext));
      return next(refuse(res, site.msBeforeNext, CONTACT_BUSY));
    }
    let settled = false;
    const place: ContactPlace = {
      kept: () => {
        settled = true;
      },
      giveBack: () => {
        if (settled) return;
        settled = true;
        ownBack();
        siteBack();
      },
    };
    res.locals[PLACE] = place;
    next();
  };
}
