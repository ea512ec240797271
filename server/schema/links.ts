// Link rules shared by storage, the public site and the markdown renderer. No zod and no Node APIs
// here: the public bundle imports this module.

/** Link protocols allowed anywhere on the site, rendered markdown included (spec §1). */
export const SAFE_PROTOCOLS: readonly string[] = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/** Stands for this site when links are resolved; `.invalid` can never be a real host. */
const SITE = 'https://site.invalid';

// Browsers drop tabs and newlines inside links ('/\t/evil' is '//evil', another site); other spaces,
// control and invisible formatting characters have no place in a link either.
const HIDDEN_OR_SPACE = /[\s\p{Cc}\p{Cf}]/u;

const parse = (v: string): URL | null => {
  try {
    return new URL(v, `${SITE}/`);
  } catch {
    return null;
  }
};

/** A relative link ('/x', '#x', '?x') that a browser resolves to a page of this site, not another host. */
export function staysOnSite(v: string): boolean {
  return !HIDDEN_OR_SPACE.test(v) && parse(v)?.origin === SITE;
}

/**
 * DESIGN decision 12: '/x' (or '#x', '?x') stays relative, a URL with an allowed scheme is kept, a
 * bare host gets https://. Returns null for anything else, and for links with spaces or control
 * characters inside or that the URL parser cannot read.
 */
export function normalizeLink(raw: string): string | null {
  const v = raw.trim();
  if (v === '') return v;
  if (HIDDEN_OR_SPACE.test(v)) return null;
  // '//host' and '/\host' are other sites to a browser, not pages of this one.
  if (v.startsWith('/') || v.startsWith('#') || v.startsWith('?')) return staysOnSite(v) ? v : null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  // 'localhost:3000/x' looks like a scheme but is a host with a port.
  const bare = !(scheme && !/^\d+/.test(v.slice(scheme[0].length)));
  const out = bare ? `https://${v}` : v;
  const url = parse(out);
  if (!url || !SAFE_PROTOCOLS.includes(url.protocol.slice(0, -1))) return null;
  // "https://" goes only in front of what reads as a host name (example.org/page, localhost:3000):
  // '"-prompt(8)-"' is not an address, whatever a URL parser makes of it.
  if (
    bare &&
    !/^(localhost|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)$/i.test(url.hostname)
  )
    return null;
  return out;
}
