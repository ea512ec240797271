// Throttles: failed sign-ins (per address and account, per account, per address), and contact-form
// messages per address.
import { rateLimit } from 'express-rate-limit';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../schema/errors.ts';

const WINDOW_SECONDS = 15 * 60;

export interface SignInLimits {
  /** Failures at one account from one address. */
  perAddressAndAccount: number;
  /** Failures at one account from anywhere: many addresses guessing one password. */
  perAccount: number;
  /** Failures from one address at any accounts; looser, so colleagues behind one address can sign in. */
  perAddress: number;
  windowSeconds: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perAddressAndAccount: 5,
  perAccount: 10,
  perAddress: 50,
  windowSeconds: WINDOW_SECONDS,
};

/** A sign-in refused for now: how long to wait, and what to tell the person. */
export interface SignInRefusal {
  retryAfterSeconds: number;
  message: string;
}

const inMinutes = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

const refusal = (msBeforeNext: number, from: 'account' | 'address'): SignInRefusal => ({
  retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  message:
    from === 'account'
      ? `Too many failed sign-in attempts for this account. Please try again in ${inMinutes(msBeforeNext)}.`
      : `Too many failed sign-in attempts from your network. Please try again in ${inMinutes(msBeforeNext)}.`,
});

/**
 * Counts sign-in attempts before the password is checked (so guesses sent in parallel count too);
 * a good sign-in takes back its own attempt and clears only that account's failures.
 */
export class SignInThrottle {
  private readonly pair: RateLimiterMemory;
  private readonly account: RateLimiterMemory;
  private readonly address: RateLimiterMemory;

  constructor(private readonly limits: SignInLimits = SIGN_IN_LIMITS) {
    const duration = limits.windowSeconds;
    this.pair = new RateLimiterMemory({ points: limits.perAddressAndAccount, duration });
    this.account = new RateLimiterMemory({ points: limits.perAccount, duration });
    this.address = new RateLimiterMemory({ points: limits.perAddress, duration });
  }

  /** Before reading the body: refused when this address has used up its failures. */
  async beforeReading(address: string): Promise<SignInRefusal | null> {
    const used = await this.address.get(address);
    return used && used.consumedPoints >= this.limits.perAddress
      ? refusal(used.msBeforeNext, 'address')
      : null;
  }

  /** Counts one attempt; refused when the account or the address has used up its failures. */
  async attempt(address: string, username: string): Promise<SignInRefusal | null> {
    const user = accountKey(username);
    const pair = `${address} ${user}`;
    const [byAddress, byAccount, byPair] = await Promise.all([
      settle(this.address.consume(address)),
      settle(this.account.consume(user)),
      settle(this.pair.consume(pair)),
    ]);
    if (!byAddress.over && !byAccount.over && !byPair.over) return null;
    // A refused attempt checks no password, so it is not a guess: it counts nowhere (else someone
    // locked out at home who keeps trying would lock the account for everyone).
    await Promise.all([this.address.reward(address), this.account.reward(user), this.pair.reward(pair)]);
    const over = (r: Settled) => (r.over ? r.res.msBeforeNext : 0);
    const accountWait = Math.max(over(byAccount), over(byPair));
    return accountWait > 0 ? refusal(accountWait, 'account') : refusal(byAddress.res.msBeforeNext, 'address');
  }

  /** A good sign-in: forget the account's failures, and do not count this attempt against the address. */
  async succeeded(address: string, username: string): Promise<void> {
    const user = accountKey(username);
    await Promise.all([
      this.pair.delete(`${address} ${user}`),
      this.account.delete(user),
      this.address.reward(address),
    ]);
  }
}

/** Usernames ignore case; anything longer than a username can be is one key. */
const accountKey = (username: string) => username.toLowerCase().slice(0, 41);

interface Settled {
  over: boolean;
  res: RateLimiterRes;
}
// rate-limiter-flexible rejects with the counter's state when a key is over its limit.
const settle = (p: Promise<RateLimiterRes>): Promise<Settled> =>
  p.then(
    (res) => ({ over: false, res }),
    (e: unknown) => {
      if (e instanceof Error) throw e;
      return { over: true, res: e as RateLimiterRes };
    },
  );

const TOO_MANY_MESSAGES =
  'Too many messages from your address. Please try again in an hour, or email us directly.';

/** A few contact messages per address per hour (refused ones do not count). */
export const contactLimiter = () =>
  rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: 5,
    skipFailedRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // Through the error handler like every refusal (which also hangs up on a body still arriving).
    handler: (_req, _res, next) => next(new AppError(429, TOO_MANY_MESSAGES)),
  });
