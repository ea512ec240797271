// Addresses that never die: the redirects staff keep (content/site/redirects.md, schema/redirects.ts)
// answer 301 to the new address or 410 with a page pointing to what replaced it; and a page asked for
// in another case or with a trailing slash (/News/) answers 301 to its one address (/news), so each
// page has one address for visitors, bookmarks and search engines. Answered before anything else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { visibleToPublic } from '../content/readModel/visibility.ts';
import { entities } from '../schema/registry.ts';
import { isRedirectTarget, parseRedirects, redirectKey, type Redirect } from '../schema/redirects.ts';
import { FIXED_PAGES, NUMBERED_LISTING_PAGE } from '../schema/sitePaths.ts';
import { escapeHtml } from '../schema/html.ts';
import { fieldText } from '../schema/fieldText.ts';

interface Table {
  redirects: Map<string, Redirect>;
  /** Each page's address by its key (any case, no trailing slash). */
  pages: Map<string, string>;
}

export class RedirectAnswers {
  private table: Table | null = null;

  constructor(private readonly index: ContentIndex) {
    index.changes.on(({ entities: changed }) => {
      if (changed.has(entities.redirects.name) || changed.has(entities.majorEvent.name)) this.table = null;
    });
  }

  /** Answers a redirect (301, or 410 for a gone address) and returns true; false when there is none. */
  answer(req: IncomingMessage, res: ServerResponse, pathname: string, query: string): boolean {
    // Of the API, only a paper's download address is linked from elsewhere (a deleted paper's redirect).
    if (/^\/api(\/|$)/i.test(pathname) && pathname.toLowerCase() !== '/api/download_pdf.php') return false;
    const table = (this.table ??= this.build());
    const key = redirectKey(pathname);
    const hit = (query && table.redirects.get(redirectKey(pathname, query))) || table.redirects.get(key);
    if (hit) {
      if (hit.gone) return (this.gone(req, res, hit), true);
      return this.moved(res, hit.to!, '');
    }
    // Pages only: a media file's or asset's name is what it is.
    if (/^\/(media|assets)\//i.test(pathname)) return false;
    const page = table.pages.get(key) ?? (NUMBERED_LISTING_PAGE.test(key) ? key : undefined);
    if (page === undefined || page === pathname) return false;
    return this.moved(res, page, query);
  }

  /**
   * Answers 301 to `to` and returns true; false, answering nothing, when `to` would take the visitor
   * off the site other than by an explicit https:// address. The lines of the redirects file are read
   * with that rule already, but the file is edited by hand in git too: this is the last word on it.
   */
  private moved(res: ServerResponse, to: string, query: string): boolean {
    if (!isRedirectTarget(to)) return false;
    const location = query ? `${to}${to.includes('?') ? '&' : '?'}${query}` : to;
    res.writeHead(301, {
      Location: location,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    });
    res.end(`Moved to ${location}\n`);
    return true;
  }

  private gone(req: IncomingMessage, res: ServerResponse, r: Redirect) {
    const pointer = r.to
      ? `<p>What replaced it: <a href="${escapeHtml(r.to)}">${escapeHtml(r.to)}</a></p>`
      : '<p><a href="/">Go to the home page</a> or <a href="/search">search the site</a>.</p>';
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>This page is no longer here</title>
<style>body{font:1.125rem/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}a{color:#0b5cad}</style>
</head><body><main><h1>This page is no longer here</h1>
<p>The page at <code>${escapeHtml(r.from)}</code> was retired.</p>${pointer}</main></body></html>`;
    res.writeHead(410, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Content-Length': Buffer.byteLength(html),
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  private build(): Table {
    const item = this.index.get(entities.redirects);
    const { redirects } = parseRedirects(fieldText(item?.data.rules));
    const byKey = new Map<string, Redirect>();
    for (const r of redirects) if (!byKey.has(r.key)) byKey.set(r.key, r);
    const pages = new Map<string, string>(FIXED_PAGES.map((p) => [redirectKey(p), p]));
    for (const page of this.index.list(entities.majorEvent)) {
      const url = page.data.page_url;
      if (typeof url === 'string' && url && visibleToPublic(entities.majorEvent, page.data))
        if (!pages.has(redirectKey(url))) pages.set(redirectKey(url), url);
    }
    // A hand-edited file may hold a line the admin would refuse: a page is never redirected away.
    for (const key of pages.keys()) byKey.delete(key);
    return { redirects: byKey, pages };
  }
}
