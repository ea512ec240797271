// Which addresses a webhook may call: `https://` to a host whose every address is public. Loopback,
// private, link-local, unique-local, shared (CGNAT), multicast, reserved and unspecified addresses are
// refused, in IPv4 and IPv6 and in the IPv6 forms that carry an IPv4 address (mapped, compatible,
// NAT64, 6to4). The check answers the address it approved so the caller connects to that one and no
// other: a name that resolves anew between the check and the connection cannot aim the call inside.
import { lookup } from 'node:dns/promises';
import { AppError } from '../schema/errors.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A host name's addresses (every one of them); tests hand in their own. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface AddressRules {
  /** CMS_WEBHOOKS_ALLOW_PRIVATE: private addresses and http:// allowed (tests, an intranet). */
  allowPrivate: boolean;
  resolve: Resolver;
}

/** A URL approved for one call: connect to `address`, send `Host` and SNI of `url`. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

function parseV4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function parseV6(text: string): number[] | null {
  let s = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  let tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const b = parseV4(dotted[2]!);
    if (!b) return null;
    tail = [(b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!];
    s = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const group = (h: string) => (h ? h.split(':') : []);
  const head = group(halves[0]!);
  const rest = halves.length === 2 ? group(halves[1]!) : [];
  const need = 8 - tail.length;
  if (halves.length === 1 ? head.length !== need : head.length + rest.length > need - 1) return null;
  const words = [...head, ...Array<string>(need - head.length - rest.length).fill('0'), ...rest];
  if (!words.every((w) => /^[0-9a-f]{1,4}$/i.test(w))) return null;
  return [...words.map((w) => parseInt(w, 16)), ...tail].flatMap((w) => [w >> 8, w & 0xff]);
}

type Range = [bytes: number[], bits: number];
const v4 = (text: string, bits: number): Range => [parseV4(text)!, bits];
const v6 = (text: string, bits: number): Range => [parseV6(text)!, bits];

const NOT_PUBLIC_V4: Range[] = [
  v4('0.0.0.0', 8), // "this network", unspecified
  v4('10.0.0.0', 8),
  v4('100.64.0.0', 10), // shared address space (carrier-grade NAT)
  v4('127.0.0.0', 8),
  v4('169.254.0.0', 16), // link-local (cloud metadata lives here)
  v4('172.16.0.0', 12),
  v4('192.0.0.0', 24),
  v4('192.0.2.0', 24),
  v4('192.168.0.0', 16),
  v4('198.18.0.0', 15),
  v4('198.51.100.0', 24),
  v4('203.0.113.0', 24),
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, broadcast
];

const NOT_PUBLIC_V6: Range[] = [
  v6('::', 128),
  v6('::1', 128),
  v6('100::', 64), // discard-only
  v6('2001:db8::', 32), // documentation
  v6('fc00::', 7), // unique-local
  v6('fe80::', 10), // link-local
  v6('fec0::', 10), // old site-local
  v6('ff00::', 8), // multicast
];

function inRange(bytes: number[], [base, bits]: Range): boolean {
  for (let i = 0; i < bits; i++) {
    const mask = 0x80 >> (i % 8);
    if ((bytes[i >> 3]! & mask) !== (base[i >> 3]! & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 one stands for (mapped, compatible, NAT64, 6to4), if it carries one. */
function embeddedV4(b: number[]): number[] | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12); // ::ffff:a.b.c.d
  if (zeros(0, 12)) return b.slice(12); // ::a.b.c.d (deprecated "compatible")
  if (inRange(b, v6('64:ff9b::', 96)) || inRange(b, v6('64:ff9b:1::', 48))) return b.slice(12);
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6); // 6to4
  return null;
}

/** Whether an IP address (v4 or v6, as text) is on the public internet. Not an address: false. */
export function isPublicAddress(ip: string): boolean {
  const four = parseV4(ip);
  if (four) return !NOT_PUBLIC_V4.some((r) => inRange(four, r));
  const six = parseV6(ip);
  if (!six || NOT_PUBLIC_V6.some((r) => inRange(six, r))) return false;
  const inner = embeddedV4(six);
  return inner ? !NOT_PUBLIC_V4.some((r) => inRange(inner, r)) : true;
}

const refuse = (words: string): never => {
  throw new AppError(400, words, { url: words });
};

/** The literal address a URL's host names, when it names one rather than a host name. */
function literalOf(host: string): ResolvedAddress | null {
  if (parseV4(host)) return { address: host, family: 4 };
  if (host.startsWith('[')) return { address: host.slice(1, -1), family: 6 };
  return null;
}

/** The address form's checks that need no DNS: a usable https:// address (http:// when allowed). */
export function parseWebhookUrl(text: unknown, allowPrivate: boolean): URL {
  if (typeof text !== 'string' || !text.trim()) return refuse('Enter the address to call.');
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return refuse('This is not a web address. It should look like https://example.org/hooks/cms.');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    return refuse('The address must start with https:// so that what is sent cannot be read on the way.');
  if (url.username || url.password)
    return refuse('Leave the user name and password out of the address (put a token in its path instead).');
  if (url.hash) return refuse('Leave the part after # out of the address.');
  return url;
}

/**
 * Checks a webhook's address now: its scheme, then every address its host resolves to. Answers the
 * one to connect to; throws AppError 400 with `fields.url` in plain words otherwise.
 */
export async function checkWebhookAddress(text: string, rules: AddressRules): Promise<CheckedTarget> {
  const url = parseWebhookUrl(text, rules.allowPrivate);
  const literal = literalOf(url.hostname);
  let found: ResolvedAddress[];
  if (literal) found = [literal];
  else {
    try {
      found = await rules.resolve(url.hostname);
    } catch {
      found = [];
    }
    if (!found.length) return refuse(`The address ${url.hostname} was not found.`);
  }
  if (!rules.allowPrivate) {
    const inside = found.find((a) => !isPublicAddress(a.address));
    if (inside)
      return refuse(
        `${url.hostname} leads to ${inside.address}, an address inside a private network; webhooks may only call public addresses.`,
      );
  }
  return { url, ...found[0]! };
}
