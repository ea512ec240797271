// Link rules shared by storage, the public site and the markdown renderer. No zod here: the public
// bundle imports this module.

/** Link protocols allowed anywhere on the site, rendered markdown included (spec §1). */
export const SAFE_PROTOCOLS: readonly string[] = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/**
 * DESIGN decision 12: '/x' (or '#x', '?x') stays relative, a URL with an allowed scheme is kept, a
 * bare host gets https://. Returns null for anything else.
 */
export function normalizeLink(raw: string): string | null {
  const v = raw.trim();
  // '//host' and '/\host' are other sites to a browser, not pages of this one.
  if (v === '' || v.startsWith('/') || v.startsWith('#') || v.startsWith('?')) return /^\/[/\\]/.test(v) ? null : v;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  if (scheme) {
    // 'localhost:3000/x' looks like a scheme but is a host with a port.
    if (/^\d+/.test(v.slice(scheme[0].length))) return `https://${v}`;
    return SAFE_PROTOCOLS.includes(scheme[1]!.toLowerCase()) ? v : null;
  }
  if (/\s/.test(v)) return null;
  return `https://${v}`;
}
