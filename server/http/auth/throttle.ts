// The sign-in throttle: failed passwords (per address and account, per account, per address) and wrong
// second-step codes (per account and per address, or per known browser).
import { WindowCounters } from './windowCounters.ts';

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

/**
 * Wrong second-step codes, in the same window: per account (whoever has the password: from any
 * address), per address across accounts (looser, for colleagues behind one address), and per known
 * browser in place of both. A right password does not clear them: re-entering it does not buy more
 * guesses at six digits.
 */
export const CODE_LIMITS = { perAccount: 5, perAddress: 10 };

/** A sign-in refused for now: how long to wait, and what to tell the person. */
export interface SignInRefusal {
  retryAfterSeconds: number;
  message: string;
}

const inMinutes = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

const REFUSED = {
  account: 'Too many failed sign-in attempts for this account.',
  address: 'Too many failed sign-in attempts from your network.',
  codes: 'Too many wrong codes for this account.',
};

const refusal = (msBeforeNext: number, from: keyof typeof REFUSED): SignInRefusal => ({
  retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  message: `${REFUSED[from]} Please try again in ${inMinutes(msBeforeNext)}.`,
});

/**
 * Counts sign-in attempts before the password is checked (so guesses sent in parallel count too);
 * a good sign-in takes back its own attempt and clears only that account's failures. A browser with a
 * device cookie for the account (it signed in to it before) is counted on its own and is never
 * refused by the account-wide or the address + account limits, which strangers run into. Counts are
 * kept in `file` (private/) across restarts.
 */
export class SignInThrottle {
  private readonly counts: WindowCounters;

  constructor(
    private readonly limits: SignInLimits = SIGN_IN_LIMITS,
    file?: string,
  ) {
    this.counts = new WindowCounters(limits.windowSeconds * 1000, file);
  }

  /** Before reading the body: refused when this address has used up its failures. */
  beforeReading(address: string): SignInRefusal | null {
    const used = this.counts.get(`address ${address}`);
    return used && used.points >= this.limits.perAddress ? refusal(used.msBeforeNext, 'address') : null;
  }

  /** Counts one attempt; refused when the account or the address has used up its failures. */
  attempt(address: string, username: string, device?: string | null): SignInRefusal | null {
    const keys = this.keysFor(address, username, device);
    const byAddress = this.counts.consume(keys.address, this.limits.perAddress);
    const byAccount = keys.account ? this.counts.consume(keys.account, this.limits.perAccount) : null;
    const byPair = this.counts.consume(keys.pair, this.limits.perAddressAndAccount);
    if (!byAddress.over && !byAccount?.over && !byPair.over) return null;
    // A refused attempt checks no password, so it is not a guess: it counts nowhere (else someone
    // locked out at home who keeps trying would lock the account for everyone).
    for (const key of [keys.address, keys.account, keys.pair]) if (key) this.counts.reward(key);
    const over = (r: { over: boolean; msBeforeNext: number } | null) => (r?.over ? r.msBeforeNext : 0);
    const accountWait = Math.max(over(byAccount), over(byPair));
    return accountWait > 0 ? refusal(accountWait, 'account') : refusal(byAddress.msBeforeNext, 'address');
  }

  /**
   * A good sign-in: forget this browser's failures at the account, and do not count this attempt
   * against the address. Without a device cookie the account's failures are forgotten too (as
   * before); with one they stay, so the owner signing in does not give strangers fresh guesses.
   */
  succeeded(address: string, username: string, device?: string | null): void {
    const keys = this.keysFor(address, username, device);
    this.counts.delete(keys.pair);
    if (keys.account) this.counts.delete(keys.account);
    this.counts.reward(keys.address);
  }

  /**
   * Counts one second-step code before it is checked; refused when the account (or the known
   * browser) or the address has used up its wrong codes. A refused attempt counts nowhere.
   */
  codeAttempt(address: string, username: string, device?: string | null): SignInRefusal | null {
    const keys = this.codeKeysFor(address, username, device);
    const over = keys.map(([key, limit]) => this.counts.consume(key, limit)).filter((count) => count.over);
    if (!over.length) return null;
    for (const [key] of keys) this.counts.reward(key);
    return refusal(Math.max(...over.map((count) => count.msBeforeNext)), 'codes');
  }

  /** A right code: its attempt is taken back; earlier wrong codes stay counted until their window ends. */
  codeSucceeded(address: string, username: string, device?: string | null): void {
    for (const [key] of this.codeKeysFor(address, username, device)) this.counts.reward(key);
  }

  /** Resolves once the counts so far are on disk. */
  flushed(): Promise<void> {
    return this.counts.flushed();
  }

  /** A known browser is counted on its own: strangers' wrong codes do not lock its owner out. */
  private codeKeysFor(address: string, username: string, device?: string | null): [string, number][] {
    const user = accountKey(username);
    return device
      ? [[`code device ${user} ${device}`, CODE_LIMITS.perAccount]]
      : [
          [`code account ${user}`, CODE_LIMITS.perAccount],
          [`code address ${address}`, CODE_LIMITS.perAddress],
        ];
  }

  private keysFor(address: string, username: string, device?: string | null) {
    const user = accountKey(username);
    return {
      address: `address ${address}`,
      // A known browser is its own key, in place of the address + account and the account-wide keys.
      account: device ? null : `account ${user}`,
      pair: device ? `device ${user} ${device}` : `pair ${address} ${user}`,
    };
  }
}

/** Usernames ignore case; anything longer than a username can be is one key. */
const accountKey = (username: string) => username.toLowerCase().slice(0, 41);
