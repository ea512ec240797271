// Admin pages drawn on the server for the signed-in user who asks (web/src/admin/ssr/, through renderers.ts): the admin's
// own page (admin.html) with the frame and the first page of each list in #root, its stylesheets
// written in, and the answers the lists showed. Made for each request (they depend on the user and
// are never shared): a render of 25 lines and a gzip, a few ms. A page that is not only lists, or
// has an item open, is null: the caller sends the empty admin page as before.
import { gzipSync } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { SignedInUser } from './auth/signedInUser.ts';
import { parseItemQuery, type ItemLists } from '../content/index/itemQuery.ts';
import { prepareBody } from './prepared.ts';
import type { ReadModel } from '../content/readModel/readModel.ts';
import { Answer } from './answer.ts';
import { securityHeaders } from './securityHeaders.ts';
import { pageHeaders, type WebApp } from './webApp.ts';
import type { Renderers } from './renderers.ts';
import { itemAnswer } from './legacy/readAnswers.ts';
import { inlineStylesheets } from '../site/inlineStyles.ts';
import { escapeHtml } from '../schema/html.ts';

const HTML = 'text/html; charset=utf-8';
const ITEMS = 'admin/items?';
const ADMIN_HOME = '/admin';

export class AdminPages {
  constructor(
    private readonly model: ReadModel,
    private readonly web: WebApp,
    private readonly renderers: Renderers,
    /** The live site's lists, shared with GET /api/admin/items. */
    private readonly lists: ItemLists,
  ) {}

  /** The page of this admin address drawn for `user`, or null when it is not drawn on the server. */
  answer(req: IncomingMessage, person: SignedInUser): Answer | null {
    const template = this.web.adminTemplate();
    if (!template) return null;
    const rendered = this.renderers.renderAdminPage(req.url ?? '/', person, (key) => this.read(key));
    if (!rendered) return null;
    const page = inlineStylesheets(template, (p) => this.web.file(p)?.prepared.body)
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${rendered.html}</div>\n    ${rendered.dataScript}`,
      );
    const body = Buffer.from(page);
    // Made for one request: gzip only (brotli at its best quality costs more than it saves here).
    const prepared = prepareBody(body, HTML, { gzip: gzipSync(body, { level: 6 }) });
    return new Answer(prepared, {
      // Kept by no cache, as GET /api/admin/items: it holds what only a signed-in user may read.
      headers: pageHeaders(this.web.policyFor(ADMIN_HOME)).map(([name, value]) =>
        name === 'Cache-Control' ? [name, 'no-store'] : [name, value],
      ),
      around: securityHeaders(),
      varyCookie: true,
      etag: false,
    });
  }

  /** What GET /api/admin/items answers the signed-in (server/routes/adminRoutes.ts), by cache key. */
  private read(key: string): unknown {
    if (!key.startsWith(ITEMS)) return undefined;
    const query = parseItemQuery(Object.fromEntries(new URLSearchParams(key.slice(ITEMS.length))));
    const { items, ...rest } = this.lists.page(query);
    return { items: items.map((item) => itemAnswer(this.model, query.def, item, 'url')), ...rest };
  }
}
