// Throttles: sign-in failures per address, and contact-form messages per address.
import { rateLimit } from 'express-rate-limit';

const json429 = (message: string) => ({ error: message });

/** After 5 failed sign-ins within 15 minutes from one address, refuse with 429 (a success resets). */
export const loginLimiter = () =>
  rateLimit({
    windowMs: 15 * 60 * 1000,
    limit: 5,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    message: json429('Too many failed sign-in attempts. Please wait 15 minutes and try again.'),
  });

/** A few contact messages per address per hour (refused ones do not count). */
export const contactLimiter = () =>
  rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: 5,
    skipFailedRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    message: json429('Too many messages from your address. Please try again in an hour, or email us directly.'),
  });
