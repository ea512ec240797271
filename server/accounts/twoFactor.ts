// Two-factor sign-in, the pure part: TOTP secrets and codes (RFC 6238), the QR code an authenticator
// app scans, and single-use recovery codes. Storage and the sign-in flow live elsewhere.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30,
  TOTP_DIGITS = 6;

/** A new random secret: 20 bytes (160 bits, RFC 4226's recommendation), base32 without padding. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth://totp/… URI an authenticator app reads: issuer and account label escaped, SHA1, 6 digits, 30 s. */
export function totpUri(secret: string, account: string, issuer: string): string {
  // The key URI format forbids colons in either part: the first one, even escaped, is read as the
  // issuer/account separator, so "Site: Admin" would come back as issuer "Site", account " Admin:…".
  const noColon = (s: string) => s.replaceAll(':', '');
  return new TOTP({
    issuer: noColon(issuer),
    label: noColon(account),
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  }).toString();
}

const QR_LABEL = 'QR code to scan with an authenticator app';

/** The URI as an accessible SVG QR code (qrcode's toString type 'svg', margin, error correction 'M'), as a string to inline. */
export async function totpQrSvg(uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode'); // loaded when someone turns two-step sign-in on
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 4, errorCorrectionLevel: 'M' });
  // qrcode gives a bare <svg>; a screen reader needs a role and a name.
  return svg.replace(
    /^<svg ([^>]*)>/,
    `<svg role="img" aria-label="${QR_LABEL}" $1><title>${QR_LABEL}</title>`,
  );
}

/** The time step a typed code matches, or null. Accepts the current step and one step either side (clock drift),
 *  ignores spaces/dashes in the typed code, refuses anything not exactly 6 digits, and refuses a step <= lastUsedStep
 *  (a code cannot be used twice: replay). `now` in ms for tests. Constant-time comparison. */
export function matchTotp(
  secret: string,
  typed: string,
  lastUsedStep: number | undefined,
  now = Date.now(),
): number | null {
  const code = typed.replace(/[\s-]/g, '');
  if (!/^[0-9]{6}$/.test(code)) return null;
  const key = Secret.fromBase32(secret);
  const current = Math.floor(now / 1000 / TOTP_PERIOD_S);
  let matched: number | null = null;
  // All candidate steps are compared (no early exit); the latest match wins so replay protection
  // moves as far forward as the code allows.
  for (let step = current - 1; step <= current + 1; step++) {
    if (lastUsedStep !== undefined && step <= lastUsedStep) continue;
    const expected = HOTP.generate({ secret: key, algorithm: 'SHA1', digits: TOTP_DIGITS, counter: step });
    if (timingSafeEqual(Buffer.from(code), Buffer.from(expected))) matched = step;
  }
  return matched;
}

// Crockford's base32 alphabet (no i, l, o, u), lower case: 32 symbols, so 5 bits per character and
// 50 bits per code. Typed look-alikes are read the way Crockford does: o → 0, i and l → 1.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 10;
const RECOVERY_COUNT = 10;

function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

// SHA-256, not bcrypt: the hashes sit in the private users file next to the TOTP secret, which has
// to be kept readable to check codes, so whoever reads that file can make valid codes anyway and a
// slow hash would protect nothing. The hash only keeps the codes themselves out of the file, and
// 50 random bits make guessing through the (rate-limited) sign-in form hopeless.
const hashRecoveryCode = (normalised: string) =>
  createHash('sha256').update(normalised, 'utf8').digest('hex');

/** Ten single-use recovery codes, human-friendly: 10 chars from an unambiguous alphabet shown as xxxxx-xxxxx, and
 *  their hashes to keep (SHA-256 of the normalised code, hex). */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_COUNT) {
    // 32 divides 256, so taking 5 bits of each random byte is unbiased.
    const chars = [...randomBytes(RECOVERY_LENGTH)].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
    codes.add(`${chars.slice(0, 5)}-${chars.slice(5)}`);
  }
  const list = [...codes];
  return { codes: list, hashes: list.map((c) => hashRecoveryCode(normaliseRecoveryCode(c))) };
}

/** When the typed code (any case, with or without the dash/spaces) is one of the kept hashes: the hashes left
 *  after using it (so it works once); otherwise null. Constant-time per comparison. */
export function useRecoveryCode(hashes: readonly string[], typed: string): string[] | null {
  const code = normaliseRecoveryCode(typed);
  if (code.length !== RECOVERY_LENGTH || [...code].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  const wanted = Buffer.from(hashRecoveryCode(code), 'utf8');
  let found = -1;
  hashes.forEach((hash, i) => {
    const kept = Buffer.from(hash, 'utf8');
    if (kept.length === wanted.length && timingSafeEqual(kept, wanted) && found < 0) found = i;
  });
  return found < 0 ? null : hashes.filter((_, i) => i !== found);
}
