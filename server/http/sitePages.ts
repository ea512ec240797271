// The public pages as prepared answers: each route's HTML (server-rendered by the site's own React
// components, markdown already sanitized HTML) and the data it carries, made once per change of the
// entities it read and then sent from memory with ETag, gzip and brotli, like the API's answers.
import type { IncomingMessage } from 'node:http';
import { prepareBody, prepareJson, type Prepared, type PreparedCache } from './prepared.ts';
import type { ReadModel } from '../content/readModel/readModel.ts';
import { publicOrigin, requestOrigin } from './siteOrigin.ts';
import { Answer, requestHeader } from './answer.ts';
import { jsonAnswer } from './listAnswers.ts';
import { securityHeaders } from './securityHeaders.ts';
import { pageHeaders, type WebApp } from './webApp.ts';
import { renderMarkdownHtml } from '../../web/src/markdown/renderHtml.tsx';
import { markdownKey, type MarkdownVariant } from '../../web/src/markdown/markdownKey.ts';
import { PUBLIC_PATHS } from '../../web/src/site/routes.tsx';
import { numberedPagePath } from '../../web/src/site/paging.ts';
import { renderPage } from '../../web/src/site/ssr/renderPage.tsx';
import type { ContactOutcome } from '../../web/src/site/layout/ContactForm.tsx';
import { CONTACT_PATH } from '../../web/src/site/layout/NavBar.tsx';
import { headTags, pageHtml } from '../site/pageHtml.ts';
import { inlineStylesheets } from '../site/inlineStyles.ts';
import { IMAGE_SIZES_DEP, type ImageSizes } from '../media/imageSizes.ts';
import { mediaPathOf } from '../../web/src/site/images/variants.ts';

const HTML = 'text/html; charset=utf-8';
/** Markdown texts whose HTML is kept; past this the oldest go (texts of old versions, mostly). */
const MAX_TEXTS = 5000;
/** Without CMS_PUBLIC_URL each Host gets its own pages (their canonical addresses); this many at most. */
const MAX_ORIGINS = 16;

export interface SitePagesOptions {
  publicUrl?: string;
  trustProxy: boolean;
  /** Images' real sizes (server/media/imageSizes.ts), for width, height and srcset. */
  images?: Pick<ImageSizes, 'size'>;
  /** Staff's preview of this draft (never the public pages): each item drawn with its Edit link. */
  editDraft?: string;
}

/** Numbered pages of a listing (/news/page/2) kept made; further ones are made for each request. */
const MAX_NUMBERED_PAGES = 40;

/**
 * The route a path shows: a public page's own spelling, a listing's numbered page (paging.ts), or
 * '*' for every address that is none.
 */
const ROUTES = new Map(PUBLIC_PATHS.map((p) => [p.toLowerCase(), p]));

export function routeOf(pathname: string): string {
  const p = pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return ROUTES.get(p.toLowerCase()) ?? numberedPagePath(p) ?? '*';
}

const isNumberedPage = (route: string) => route !== '*' && !ROUTES.has(route.toLowerCase());

export class SitePages {
  private readonly markdown = new Map<string, string>();
  private readonly origins = new Set<string>();
  private readonly byHost = new Map<string, string>();
  private readonly fixedOrigin: string | undefined;
  private readonly answers = new WeakMap<Prepared, Answer>();
  private readonly statuses = new WeakMap<Prepared, number>();
  private readonly numbered = new Set<string>();

  constructor(
    private readonly model: ReadModel,
    private readonly cache: PreparedCache,
    private readonly web: WebApp,
    private readonly options: SitePagesOptions,
  ) {
    this.fixedOrigin = options.publicUrl ? publicOrigin(options.publicUrl) : undefined;
  }

  /** The HTML page of a public address, with its status (404 for the not-found page). */
  page(req: IncomingMessage, pathname: string): Answer {
    const route = routeOf(pathname);
    let prepared: Prepared;
    try {
      prepared = this.prepared(req, pathname).page;
    } catch (e) {
      // A page that cannot be rendered here is drawn by the browser (the built page, no content).
      console.error(`Could not render ${pathname} on the server:`, e);
      return this.web.pageFor(pathname);
    }
    let answer = this.answers.get(prepared);
    if (!answer) {
      const status = this.statuses.get(prepared) ?? 200;
      answer = new Answer(prepared, {
        headers: pageHeaders(this.web.policyFor(route === '*' ? pathname : route)),
        around: securityHeaders(),
        status,
        etag: status === 200,
      });
      this.answers.set(prepared, answer);
    }
    return answer;
  }

  /** A page's HTML as made (and kept) for this address, with its status; throws when it cannot be made. */
  prepared(req: IncomingMessage, pathname: string): { page: Prepared; status: number } {
    const route = routeOf(pathname);
    const origin = this.originOf(req);
    const key = `page|${this.web.buildId()}|${origin ?? ''}|${route}`;
    const page = this.cache.peek(key) ?? this.render(pathname, route, origin, key).page;
    return { page, status: this.statuses.get(page) ?? 200 };
  }

  /** What a page carries, as JSON: the browser asks for it after moving to a page or on a change. */
  data(pathname: string): Answer {
    const route = routeOf(pathname);
    const prepared = this.cache.peek(`data|${route}`) ?? this.render(pathname, route, null, null).data!;
    return jsonAnswer(prepared, false);
  }

  /** The contact page answering a post of its form without JavaScript: made for this post only. */
  contactPage(req: IncomingMessage, outcome: ContactOutcome, status: number): Answer {
    const prepared = this.render(CONTACT_PATH, CONTACT_PATH, this.originOf(req), null, outcome).page;
    return new Answer(prepared, {
      headers: pageHeaders(this.web.policyFor(CONTACT_PATH)),
      around: securityHeaders(),
      status,
      etag: false,
    });
  }

  /**
   * A page made for one request only (the search results page, server/http/routes/searchPageRoutes.ts):
   * `read` answers the calls the read model has not (GET /api/search?q=…); its data goes in the page.
   */
  pageWith(req: IncomingMessage, location: string, read: (endpoint: string) => unknown): Answer {
    const route = routeOf(location.split('?')[0]!);
    const prepared = this.render(location, route, this.originOf(req), null, undefined, read).page;
    return new Answer(prepared, {
      headers: pageHeaders(this.web.policyFor(route)),
      around: securityHeaders(),
      status: this.statuses.get(prepared) ?? 200,
      etag: false,
    });
  }

  private render(
    pathname: string,
    route: string,
    origin: string | null,
    pageKey: string | null,
    contact?: ContactOutcome,
    ownRead?: (endpoint: string) => unknown,
  ): { page: Prepared; data?: Prepared } {
    const sources = {
      read: (endpoint: string) =>
        ownRead?.(endpoint) ??
        this.model.endpoint(endpoint)?.build({ signedIn: false, media: 'url', shape: 'typed' }),
      markdown: (text: string, variant: MarkdownVariant) => this.markdown.get(markdownKey(text, variant)),
      image: (src: string) => {
        const rel = mediaPathOf(src);
        return rel === null ? undefined : this.options.images?.size(rel);
      },
      ...(this.options.editDraft ? { editDraft: this.options.editDraft } : {}),
    };
    const at = route === '*' || ownRead ? pathname : route; // a page of its own keeps its query
    let rendered = renderPage(at, sources, contact);
    // Texts seen for the first time (a change, or the first visit) are rendered between two passes.
    for (let pass = 0; rendered.missing.length && pass < 2; pass++) {
      for (const [text, variant] of rendered.missing) this.renderMarkdown(text, variant);
      rendered = renderPage(at, sources, contact);
    }
    const deps = [...new Set(rendered.endpoints.flatMap((e) => this.model.endpoint(e)?.deps ?? []))];
    if (rendered.unsized) deps.push(IMAGE_SIZES_DEP); // drawn again once the sizes are read
    const found = rendered.status === 200;
    const data = contact || ownRead ? undefined : prepareJson(rendered.data);
    // Numbered pages are kept only while they exist, and only so many: the addresses are endless.
    const keep = !isNumberedPage(route) || (found && this.keepNumbered(route));
    if (data && keep) this.cache.put(`data|${route}`, deps, data);
    const canonical = origin && found ? origin + (rendered.head.canonicalPath ?? route) : null;
    const template = inlineStylesheets(this.web.template(), (p) => this.web.file(p)?.prepared.body);
    const html = pageHtml(template, {
      head: headTags(rendered.head, canonical, found, origin),
      root: rendered.html,
      data: rendered.data,
      etag: data?.etag,
    });
    const prepared = prepareBody(Buffer.from(html), HTML);
    this.statuses.set(prepared, rendered.status);
    if (pageKey && keep) this.cache.put(pageKey, deps, prepared);
    return { page: prepared, data };
  }

  /** Whether a numbered page may be kept: one of the first MAX_NUMBERED_PAGES asked for. */
  private keepNumbered(route: string): boolean {
    if (this.numbered.has(route)) return true;
    if (this.numbered.size >= MAX_NUMBERED_PAGES) return false;
    this.numbered.add(route);
    return true;
  }

  private renderMarkdown(text: string, variant: MarkdownVariant): void {
    const key = markdownKey(text, variant);
    if (this.markdown.has(key)) return;
    if (this.markdown.size >= MAX_TEXTS) this.markdown.delete(this.markdown.keys().next().value!);
    this.markdown.set(key, renderMarkdownHtml(text, variant));
  }

  private originOf(req: IncomingMessage): string | null {
    if (this.fixedOrigin) return this.fixedOrigin;
    // The same Host, the same origin (behind a proxy the forwarded headers decide: no shortcut).
    const host = this.options.trustProxy ? undefined : requestHeader(req, 'host');
    const known = host === undefined ? undefined : this.byHost.get(host);
    if (known) return known;
    const origin = requestOrigin(req, this.options.trustProxy);
    if (!origin) return null;
    if (!this.origins.has(origin)) {
      if (this.origins.size >= MAX_ORIGINS) return null;
      this.origins.add(origin);
    }
    if (host !== undefined && this.byHost.size < 4 * MAX_ORIGINS) this.byHost.set(host, origin);
    return origin;
  }
}
