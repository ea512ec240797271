// Link rules shared by storage, the public site and the markdown renderer. No zod and no Node APIs
// here: the public bundle imports this module.

/** Link protocols allowed anywhere on the site, rendered markdown included (spec §1). */
export const SAFE_PROTOCOLS: readonly string[] = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/** Stands for this site when links are resolved; `.invalid` can never be a real host. */
const SITE = 'https://site.invalid';

// Browsers drop tabs and newlines inside links ('/\t/evil' is '//evil', another site); other spaces,
// control and invisible formatting characters have no place in a link either.
const HIDDEN_OR_SPACE = /[\s\p{Cc}\p{Cf}]/u;

/** Whether a link holds a space, a control character (a tab, a line break) or an invisible one. */
export const hasSpaceOrHidden = (v: string): boolean => HIDDEN_OR_SPACE.test(v);

const parse = (v: string): URL | null => {
  try {
    return new URL(v, `${SITE}/`);
  } catch {
    return null;
  }
};

/** Undoes the percent escapes of ASCII characters ('%5C' is a backslash), as a server or proxy may. */
const unescapeAscii = (v: string) =>
  v.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A relative link ('/x', '#x', '?x') that a browser resolves to a page of this site, not another host:
 * read as written, and again each time its escapes are undone ('/%5Cevil' is '/\evil' to a server or
 * proxy that decodes it, and '//evil' to the browser it hands that on to). The one answer to "does this
 * address stay on the site" for links, markdown, the content checks and redirects.
 */
export function staysOnSite(v: string): boolean {
  if (hasSpaceOrHidden(v)) return false;
  // Each round is shorter than the one before, so this ends (an escaped '%' comes undone next round).
  for (let read = v, before = ''; read !== before; before = read, read = unescapeAscii(read))
    if (parse(read)?.origin !== SITE) return false;
  return true;
}

/** An address of this site written as a path ('/news', '/papers/2.pdf?x=1'). */
export const isSitePath = (v: string): boolean => v.startsWith('/') && staysOnSite(v);

/**
 * DESIGN decision 12: '/x' (or '#x', '?x') stays relative, a URL with an allowed scheme is kept, a
 * bare host gets https://. Returns null for anything else, and for links with spaces or control
 * characters inside or that the URL parser cannot read.
 */
export function normalizeLink(raw: string): string | null {
  const v = raw.trim();
  if (v === '') return v;
  if (hasSpaceOrHidden(v)) return null;
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
