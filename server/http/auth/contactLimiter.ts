// The contact form's limit per address, apart from throttle.ts so that the start (which builds the
// sign-in throttle) does not load express-rate-limit, which only the contact route uses. Counted in
// the same fixed windows as the sign-in throttle (windowCounters.ts), kept in memory.
import { rateLimit } from 'express-rate-limit';
import { AppError } from '../../schema/errors.ts';
import { WindowCounters } from './windowCounters.ts';

const TOO_MANY_MESSAGES =
  'Too many messages from your address. Please try again in an hour, or email us directly.';

const WINDOW_MS = 60 * 60 * 1000;

/** A few contact messages per address per hour (refused ones do not count). */
export const contactLimiter = () =>
  rateLimit({
    windowMs: WINDOW_MS,
    limit: 5,
    store: new WindowCounters(WINDOW_MS).rateLimitStore(),
    skipFailedRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // Through the error handler like every refusal (which also hangs up on a body still arriving).
    handler: (_req, _res, next) => next(new AppError(429, TOO_MANY_MESSAGES)),
  });
