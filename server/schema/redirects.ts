// Redirects: old addresses (of the old site, of a retired page, of a deleted paper's PDF) sent on to
// their new home, or marked gone with a pointer to what replaced them. Staff keep them as lines of one
// file in the site repository (content/site/redirects.md), one per line:
//
//   /old/address  /new/address         → 301 to the new address
//   /old/address  gone                 → 410, a page saying it was retired
//   /old/address  gone  /replacement   → 410, pointing to what replaced it
//
// The old address may be pasted whole (https://old-site.org/page.php?id=3): it is kept as typed and
// matched by its path and query. Blank lines and lines starting with # are notes.
import { hasSpaceOrHidden, isSitePath, normalizeLink } from './links.ts';

export interface Redirect {
  /** The line (1-based) it was read from. */
  line: number;
  /** The old address as typed. */
  from: string;
  /** What a request is matched on: the path (without a trailing slash, any case) and its query. */
  key: string;
  /** The new address, for a 301 (or the pointer of a gone one); absent for a gone one without. */
  to?: string;
  gone: boolean;
}

export interface RedirectProblem {
  line: number;
  message: string;
}

/** The key a request's path and query are looked up by (what `key` holds for a rule). */
export function redirectKey(path: string, query = ''): string {
  // Made for every request the site answers: the path is decoded and trimmed only when it needs it.
  let p = path;
  if (p.includes('%'))
    try {
      p = decodeURI(path);
    } catch {
      /* a malformed escape stays as sent */
    }
  if (!p || p.endsWith('/')) p = p.replace(/\/+$/, '') || '/';
  p = p.toLowerCase();
  return query ? `${p}?${query}` : p;
}

/** The path and query of an address as typed: a whole URL or a path; null when it is neither. */
function pathAndQuery(address: string): { path: string; query: string } | null {
  if (/^https?:\/\//i.test(address)) {
    try {
      const url = new URL(address);
      return { path: url.pathname, query: url.search.slice(1) };
    } catch {
      return null;
    }
  }
  if (!address.startsWith('/') || address.startsWith('//')) return null;
  const q = address.indexOf('?');
  return q < 0 ? { path: address, query: '' } : { path: address.slice(0, q), query: address.slice(q + 1) };
}

/**
 * Where a redirect may send visitors, read as their browser reads the address it is sent to (resolved
 * against the site): a page of this site written as a path (/news), or another website only by its whole
 * https:// address. Never off the site by a way a browser takes from an address that looks like a path
 * ('//host', '/\host', '\\host', '/%5Chost', a tab or line break inside), nor by plain http://.
 * The answering side (server/http/redirectAnswers.ts) asks it again before it sends anyone anywhere.
 */
export function isRedirectTarget(to: string): boolean {
  return isSitePath(to) || (/^https:\/\/[^/\\]/i.test(to) && normalizeLink(to) === to);
}

/** Why `to` is no place to send visitors, in plain words; `otherwise` when it is no address at all. */
function targetProblem(line: number, to: string, otherwise: string): string {
  if (hasSpaceOrHidden(to))
    return `Line ${line}: “${to}” has a hidden character in it (such as a tab or a line break, often pasted along with an address). Type the address again.`;
  if (/^http:/i.test(to))
    return `Line ${line}: “${to}” is not a secure address. Write it starting with https:// instead of http://.`;
  if (/^https:/i.test(to))
    return `Line ${line}: “${to}” cannot be read as a whole address. Write it as https:// and the website’s name, then the page (such as https://example.org/page).`;
  if (/^[/\\]/.test(to))
    return `Line ${line}: “${to}” would send visitors to another website. Write a page of this site starting with a single / (such as /news), or another website’s whole address starting with https://.`;
  return `Line ${line}: ${otherwise}`;
}

/** Reads the lines; each line that is not a redirect is a problem naming its line. */
export function parseRedirects(text: string): { redirects: Redirect[]; problems: RedirectProblem[] } {
  const redirects: Redirect[] = [];
  const problems: RedirectProblem[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const words = raw
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '→' && w !== '->');
    if (!words[0] || words[0].startsWith('#')) return;
    const [from, second, third, ...rest] = words;
    const at = pathAndQuery(from);
    if (!at)
      return problems.push({
        line,
        message: `Line ${line}: “${from}” is not an address of this site (it starts with /) or a whole address (https://…).`,
      });
    const key = redirectKey(at.path, at.query);
    if (second?.toLowerCase() === 'gone') {
      const afterGone = 'after “gone” only the address of what replaced it may follow.';
      if (rest.length) return problems.push({ line, message: `Line ${line}: ${afterGone}` });
      if (third && !isRedirectTarget(third))
        return problems.push({ line, message: targetProblem(line, third, afterGone) });
      return redirects.push({ line, from, key, gone: true, ...(third ? { to: third } : {}) });
    }
    if (!second)
      return problems.push({
        line,
        message: `Line ${line}: say where “${from}” goes now (an address), or write “gone”.`,
      });
    const oldThenNew = 'write the old address, then the new one (starting with / or https://), nothing else.';
    if (third)
      return problems.push({
        line,
        message: `Line ${line}: ${oldThenNew} An address has no spaces or tabs in it.`,
      });
    if (!isRedirectTarget(second))
      return problems.push({ line, message: targetProblem(line, second, oldThenNew) });
    redirects.push({ line, from, key, to: second, gone: false });
  });
  return { redirects, problems };
}

/**
 * What would send a visitor in circles or the long way round: an old address listed twice, a
 * redirect to itself, a loop, a chain (a → b when b is redirected too: point a at the end), and an old
 * address that is a page the site has (it would never be reached).
 */
export function redirectProblems(
  redirects: readonly Redirect[],
  isSitePage: (key: string) => boolean,
): RedirectProblem[] {
  const problems: RedirectProblem[] = [];
  const byKey = new Map<string, Redirect>();
  for (const r of redirects) {
    const first = byKey.get(r.key);
    if (first)
      problems.push({
        line: r.line,
        message: `Line ${r.line}: “${r.from}” is already redirected on line ${first.line}.`,
      });
    else byKey.set(r.key, r);
    if (isSitePage(r.key))
      problems.push({
        line: r.line,
        message: `Line ${r.line}: “${r.from}” is a page of this site, so it cannot be redirected.`,
      });
  }
  const targetKey = (to: string) => {
    const at = to.startsWith('/') ? pathAndQuery(to) : null;
    return at ? redirectKey(at.path, at.query) : null;
  };
  for (const r of byKey.values()) {
    if (r.gone || !r.to) continue;
    const next = targetKey(r.to);
    if (next === null) continue;
    if (next === r.key) {
      problems.push({ line: r.line, message: `Line ${r.line}: “${r.from}” is redirected to itself.` });
      continue;
    }
    const hop = byKey.get(next);
    if (!hop) continue;
    // Follow the redirects from here: back to one already passed is a loop, else a chain to shorten.
    const passed = new Set([r.key]);
    let at: Redirect | undefined = hop;
    let loop = false;
    while (at) {
      if (passed.has(at.key)) {
        loop = true;
        break;
      }
      passed.add(at.key);
      const k: string | null = at.gone || !at.to ? null : targetKey(at.to);
      at = k === null ? undefined : byKey.get(k);
    }
    problems.push({
      line: r.line,
      message: loop
        ? `Line ${r.line}: “${r.from}” is part of a loop: following the redirects comes back round.`
        : `Line ${r.line}: “${r.to}” is redirected too (line ${hop.line}): send “${r.from}” straight to where that one goes.`,
    });
  }
  return problems;
}
