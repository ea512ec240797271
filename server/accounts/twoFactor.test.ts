// Two-factor sign-in, the pure part: RFC 6238's test vectors through otpauth and through our own step
// arithmetic, the drift window, replay, typed-code hygiene, the URI an authenticator app reads, the
// QR code a screen reader can name, and recovery codes that work once.
import { createHash } from 'node:crypto';
import { HOTP, Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  totpQrSvg,
  totpUri,
  useRecoveryCode,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
} from './twoFactor.ts';

// RFC 6238 Appendix B, SHA1 rows: Unix time (s), time step T, 8-digit TOTP.
const RFC_SEED = '12345678901234567890';
const RFC_ROWS: [number, number, string][] = [
  [59, 0x1, '94287082'],
  [1111111109, 0x23523ec, '07081804'],
  [1111111111, 0x23523ed, '14050471'],
  [1234567890, 0x273ef07, '89005924'],
  [2000000000, 0x3f940aa, '69279037'],
  [20000000000, 0x27bc86aa, '65353130'],
];

describe('RFC 6238 test vectors', () => {
  it('otpauth gives the RFC step and 8-digit code for every SHA1 row', () => {
    const secret = Secret.fromLatin1(RFC_SEED);
    for (const [seconds, step, code] of RFC_ROWS) {
      const timestamp = seconds * 1000;
      expect(TOTP.counter({ period: 30, timestamp })).toBe(step);
      expect(TOTP.generate({ secret, algorithm: 'SHA1', digits: 8, period: 30, timestamp })).toBe(code);
    }
  });

  it('matchTotp finds the RFC step for the 6-digit form of each code (its last 6 digits)', () => {
    const secret = Secret.fromLatin1(RFC_SEED).base32;
    expect([TOTP_DIGITS, TOTP_PERIOD_S]).toEqual([6, 30]);
    for (const [seconds, step, code] of RFC_ROWS) {
      expect(matchTotp(secret, code.slice(-6), undefined, seconds * 1000)).toBe(step);
    }
  });
});

describe('TOTP codes', () => {
  const secret = newTotpSecret();
  const now = 1_700_000_000_000;
  const step = Math.floor(now / 30_000);
  const codeAt = (s: number) => HOTP.generate({ secret: Secret.fromBase32(secret), counter: s });

  it('makes 20-byte base32 secrets without padding, a new one each time', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts the current step and one either side, refuses two steps away', () => {
    expect(matchTotp(secret, codeAt(step), undefined, now)).toBe(step);
    expect(matchTotp(secret, codeAt(step - 1), undefined, now)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), undefined, now)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(step - 2), undefined, now)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 2), undefined, now)).toBeNull();
  });

  it('takes the clock by default', () => {
    const current = TOTP.counter({ period: 30 });
    expect(matchTotp(secret, codeAt(current), undefined)).toBe(current);
  });

  it('refuses a code for a step already used, or older than the one used (replay)', () => {
    const used = matchTotp(secret, codeAt(step), undefined, now);
    expect(used).toBe(step);
    expect(matchTotp(secret, codeAt(step), used!, now)).toBeNull();
    expect(matchTotp(secret, codeAt(step - 1), used!, now)).toBeNull();
    // Still within the window and newer than the used step: the next code works.
    expect(matchTotp(secret, codeAt(step + 1), used!, now)).toBe(step + 1);
  });

  it('ignores spaces and dashes in what is typed', () => {
    const code = codeAt(step);
    expect(matchTotp(secret, ` ${code.slice(0, 3)} ${code.slice(3)} `, undefined, now)).toBe(step);
    expect(matchTotp(secret, `${code.slice(0, 3)}-${code.slice(3)}`, undefined, now)).toBe(step);
  });

  it('refuses anything that is not exactly six digits, even around the right code', () => {
    const code = codeAt(step);
    for (const typed of [
      '',
      'abcdef',
      code.slice(1),
      `${code}0`,
      `0${code}`,
      `${code}x`,
      `+${code}`,
      code.replace(/[0-9]/, 'a'),
      // Arabic-Indic digits are digits to \d with the u flag, not here.
      code.replace(/[0-9]/g, (d) => String.fromCharCode(0x660 + Number(d))),
    ]) {
      expect(matchTotp(secret, typed, undefined, now), typed).toBeNull();
    }
  });

  it('refuses the right digits under a different secret', () => {
    expect(matchTotp(newTotpSecret(), codeAt(step), undefined, now)).toBeNull();
  });
});

describe('setting up an authenticator app', () => {
  it('gives an otpauth URI that parses back to the same secret, issuer and account', () => {
    const secret = newTotpSecret();
    const uri = totpUri(secret, 'alice@example.org', 'CS Ed & Friends');
    expect(uri).toMatch(/^otpauth:\/\/totp\/CS%20Ed%20%26%20Friends:alice%40example\.org\?/);
    const otp = URI.parse(uri);
    expect(otp).toBeInstanceOf(TOTP);
    const totp = otp as TOTP;
    expect(totp.secret.base32).toBe(secret);
    expect(totp.issuer).toBe('CS Ed & Friends');
    expect(totp.label).toBe('alice@example.org');
    expect([totp.algorithm, totp.digits, totp.period]).toEqual(['SHA1', 6, 30]);
    // What the app shows is what we accept.
    expect(matchTotp(secret, totp.generate(), undefined)).not.toBeNull();
  });

  it('drops colons, which the URI format reads as the issuer/account separator', () => {
    const totp = URI.parse(totpUri(newTotpSecret(), 'alice', 'CSEd: Admin')) as TOTP;
    expect(totp.issuer).toBe('CSEd Admin');
    expect(totp.label).toBe('alice');
  });

  it('draws the URI as an SVG QR code a screen reader can name', async () => {
    const svg = await totpQrSvg(totpUri(newTotpSecret(), 'alice', 'CSEd'));
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toMatch(/^<svg [^>]*aria-label="QR code to scan with an authenticator app"/);
    expect(svg).toMatch(/^<svg [^>]*><title>QR code to scan with an authenticator app<\/title>/);
    expect(svg).toMatch(/viewBox="0 0 (\d+) \1"/);
    expect(svg.trim()).toMatch(/<\/svg>$/);
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes shown as xxxxx-xxxxx from an unambiguous alphabet', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(hashes).toHaveLength(10);
    expect(new Set(hashes).size).toBe(10);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // The hashes are not the codes.
    expect(hashes.join()).not.toContain(codes[0]!.replace('-', ''));
  });

  it('lets each code in exactly once', () => {
    const { codes, hashes } = newRecoveryCodes();
    let kept: string[] = hashes;
    for (const [i, code] of codes.entries()) {
      const left = useRecoveryCode(kept, code);
      expect(left).toHaveLength(9 - i);
      expect(useRecoveryCode(left!, code)).toBeNull();
      kept = left!;
    }
    expect(kept).toEqual([]);
  });

  it('refuses a wrong code and leaves the list as it was', () => {
    const { hashes } = newRecoveryCodes();
    const before = [...hashes];
    const other = newRecoveryCodes().codes[0]!;
    expect(useRecoveryCode(hashes, other)).toBeNull();
    expect(useRecoveryCode(hashes, '')).toBeNull();
    expect(useRecoveryCode(hashes, hashes[0]!)).toBeNull();
    expect(hashes).toEqual(before);
  });

  it('reads the code in any case, with or without the dash or spaces', () => {
    const { codes, hashes } = newRecoveryCodes();
    const code = codes[3]!;
    for (const typed of [code.toUpperCase(), code.replace('-', ''), ` ${code.replace('-', ' ')} `]) {
      const left = useRecoveryCode(hashes, typed);
      expect(left, typed).toHaveLength(9);
      expect(left).not.toContain(hashes[3]);
    }
  });

  it('keeps SHA-256 of the normalised code, and reads look-alikes the Crockford way: O as 0, I/L as 1', () => {
    const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
    const hashes = [sha256('01hjkmn0p1'), sha256('2345678zzz')];
    expect(useRecoveryCode(hashes, '01hjk-mn0p1')).toEqual([hashes[1]]);
    expect(useRecoveryCode(hashes, 'Ol HJK - MN o P i')).toEqual([hashes[1]]);
    expect(useRecoveryCode(hashes, 'O1HJK-MN0P2')).toBeNull();
  });
});
