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
import { markdownKey, type MarkdownVariant } from '../schema/site/markdownKey.ts';
import type { PageHead } from '../schema/site/pageData.ts';
import { withMediaFacts } from '../schema/site/markdownMedia.ts';
import { focusPosition } from '../schema/site/imageVariants.ts';
import type { PageMediaFacts } from '../media/pageMediaFacts.ts';
import { PUBLIC_PATHS } from '../schema/site/publicPaths.ts';
import { numberedPagePath } from '../schema/site/paging.ts';
import type { Renderers } from './renderers.ts';
import { readAnswer } from './legacy/readAnswers.ts';
import { CONTACT_PATH, type ContactOutcome } from '../schema/site/contactForm.ts';
import { headTags, pageHtml } from '../site/pageHtml.ts';
import { inlineStylesheets } from '../site/inlineStyles.ts';
import { IMAGE_SIZES_DEP, type ImageSizes } from '../media/imageSizes.ts';
import { mediaPathOf } from '../schema/site/imageVariants.ts';
import { languageBase, languagePath, SOURCE_LANGUAGE } from '../schema/site/languages.ts';

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
  /** Media files' versions, descriptions and focal points (server/media/pageMediaFacts.ts). */
  media?: PageMediaFacts;
  /** The pages' language (issue 36): their addresses are under /<lang>/ (default: the source's). */
  lang?: string;
  /** The site's languages now, the source first: each page names its others (hreflang). */
  languages?: () => readonly string[];
}

/** Numbered pages of a listing (/news/page/2) kept made; further ones are made for each request. */
const MAX_NUMBERED_PAGES = 40;
/** Page keys kept made per origin (sitePages.pageKey). */
const MAX_KEYS = 1000;
/**
 * How long one turn of the event loop renders a page's new markdown texts (about 1 ms each, 25 on a
 * page of news) before other requests get their turn: no page holds the server for long.
 */
const TEXTS_SLICE_MS = 10;

interface Rendering {
  page: Prepared;
  data?: Prepared;
}

/** A page being drawn: where the changes stood when it began, and what it shows (once known). */
interface Drawing {
  mark: number;
  deps: string[];
  result: Promise<Rendering>;
}

/**
 * The route a path shows: a public page's own spelling, a listing's numbered page (paging.ts), or
 * '*' for every address that is none.
 */
const ROUTES = new Map(PUBLIC_PATHS.map((p) => [p.toLowerCase(), p]));

export function routeOf(pathname: string): string {
  const p = pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return ROUTES.get(p.toLowerCase()) ?? numberedPagePath(p) ?? '*';
}

const isNumberedPage = (route: string) => route !== '*' && numberedPagePath(route) !== null;

export class SitePages {
  private readonly markdown = new Map<string, string>();
  private readonly origins = new Set<string>();
  private readonly byHost = new Map<string, string>();
  private readonly fixedOrigin: string | undefined;
  private readonly answers = new WeakMap<Prepared, Answer>();
  private readonly statuses = new WeakMap<Prepared, number>();
  private readonly numbered = new Set<string>();
  /** Page keys by origin ('' for none) and route, for the build keysBuild. */
  private readonly keys = new Map<string, Map<string, string>>();
  private keysBuild = -1;
  private readonly lang: string;
  /** The folder the pages' addresses are under ('' for the source language, '/es'). */
  private readonly base: string;

  constructor(
    private readonly model: ReadModel,
    private readonly cache: PreparedCache,
    private readonly web: WebApp,
    private readonly renderers: Renderers,
    private readonly options: SitePagesOptions,
  ) {
    this.fixedOrigin = options.publicUrl ? publicOrigin(options.publicUrl) : undefined;
    this.lang = options.lang ?? SOURCE_LANGUAGE;
    this.base = languageBase(this.lang);
  }

  /** An address without the language's folder: `/es/news` → `/news`. */
  private inner(pathname: string): string {
    if (!this.base) return pathname;
    if (pathname === this.base) return '/';
    return pathname.startsWith(`${this.base}/`) ? pathname.slice(this.base.length) : pathname;
  }

  /** The route a path shows: a fixed route, else the page staff built there, else '*'. */
  private routeFor(pathname: string): string {
    const inner = this.inner(pathname);
    const route = routeOf(inner);
    return route === '*' ? (this.model.publicPageAt(inner) ?? route) : route;
  }

  /**
   * The HTML page of a public address, with its status (404 for the not-found page): at once when it
   * is prepared, else once drawn (its new markdown texts are rendered over a few turns of the event
   * loop, see render()).
   */
  page(req: IncomingMessage, pathname: string): Answer | Promise<Answer> {
    const route = this.routeFor(pathname);
    const origin = this.originOf(req);
    const key = this.pageKey(origin, route);
    const prepared = this.cache.peek(key);
    if (prepared) return this.pageAnswer(prepared, route, pathname);
    return this.once(key, () => this.render(pathname, route, origin, key)).then(
      ({ page }) => this.pageAnswer(page, route, pathname),
      (e: unknown) => {
        // A page that cannot be rendered here is drawn by the browser (the built page, no content).
        console.error(`Could not render ${pathname} on the server:`, e);
        return this.web.pageFor(pathname);
      },
    );
  }

  /**
   * The cache key of a route's page for an origin in this build, made once: a key string made anew for
   * each request is hashed anew by each look-up, which cost more than all the rest of sending the page.
   */
  private pageKey(origin: string | null, route: string): string {
    const build = this.web.buildId();
    if (build !== this.keysBuild) {
      this.keys.clear();
      this.keysBuild = build;
    }
    let byRoute = this.keys.get(origin ?? '');
    if (!byRoute) this.keys.set(origin ?? '', (byRoute = new Map<string, string>()));
    let key = byRoute.get(route);
    if (key === undefined) {
      // Numbered pages' addresses are endless: so many keys at most.
      if (byRoute.size >= MAX_KEYS) byRoute.clear();
      byRoute.set(route, (key = `page|${build}|${origin ?? ''}|${route}`));
    }
    return key;
  }

  private pageAnswer(prepared: Prepared, route: string, pathname: string): Answer {
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
  async prepared(req: IncomingMessage, pathname: string): Promise<{ page: Prepared; status: number }> {
    const route = this.routeFor(pathname);
    const origin = this.originOf(req);
    const key = this.pageKey(origin, route);
    const page =
      this.cache.peek(key) ?? (await this.once(key, () => this.render(pathname, route, origin, key))).page;
    return { page, status: this.statuses.get(page) ?? 200 };
  }

  /** What a page carries, as JSON: the browser asks for it after moving to a page or on a change. */
  data(pathname: string): Answer | Promise<Answer> {
    const route = this.routeFor(pathname);
    const key = `data|${route}`;
    const prepared = this.cache.peek(key);
    if (prepared) return jsonAnswer(prepared, false);
    return this.once(key, () => this.render(pathname, route, null, null)).then(({ data }) =>
      jsonAnswer(data!, false),
    );
  }

  /** The contact page answering a post of its form without JavaScript: made for this post only. */
  async contactPage(req: IncomingMessage, outcome: ContactOutcome, status: number): Promise<Answer> {
    const { page } = await this.render(CONTACT_PATH, CONTACT_PATH, this.originOf(req), null, outcome);
    return new Answer(page, {
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
  async pageWith(
    req: IncomingMessage,
    location: string,
    read: (endpoint: string) => unknown,
  ): Promise<Answer> {
    const route = this.routeFor(location.split('?')[0]!);
    const { page } = await this.render(location, route, this.originOf(req), null, undefined, read);
    return new Answer(page, {
      headers: pageHeaders(this.web.policyFor(route)),
      around: securityHeaders(),
      status: this.statuses.get(page) ?? 200,
      etag: false,
    });
  }

  /**
   * One drawing at a time of the same page: a request that comes while it is being drawn waits for
   * it, unless what the page shows changed since it began (then it is drawn anew).
   */
  private once(key: string, draw: () => Promise<Rendering>): Promise<Rendering> {
    const running = this.drawing.get(key);
    if (running && !this.cache.changedSince(running.mark, running.deps)) return running.result;
    const entry: Drawing = { mark: this.cache.mark(), deps: [], result: Promise.resolve() as never };
    this.drawing.set(key, entry);
    this.drawingNow = entry;
    try {
      entry.result = draw();
    } finally {
      this.drawingNow = null;
    }
    const done = () => {
      if (this.drawing.get(key) === entry) this.drawing.delete(key);
    };
    entry.result.then(done, done);
    return entry.result;
  }

  private readonly drawing = new Map<string, Drawing>();
  /** The drawing whose first, synchronous part runs now (render() gives it the page's deps). */
  private drawingNow: Drawing | null = null;

  /**
   * Draws a page: React renders it once (the same components the browser hydrates); markdown texts
   * not rendered before (a change, or the first visit) are left as placeholders, rendered a slice of
   * turns at a time, then filled in. Kept as a prepared answer unless what it shows changed meanwhile.
   */
  private async render(
    pathname: string,
    route: string,
    origin: string | null,
    pageKey: string | null,
    contact?: ContactOutcome,
    ownRead?: (endpoint: string) => unknown,
  ): Promise<Rendering> {
    const mark = this.cache.mark();
    const sources = {
      read: (endpoint: string) => ownRead?.(endpoint) ?? this.read(endpoint),
      markdown: (text: string, variant: MarkdownVariant) =>
        this.markdown.get(markdownKey(this.withMedia(text), variant)),
      image: (src: string) => {
        const rel = mediaPathOf(src);
        const size = rel === null ? undefined : this.options.images?.size(rel);
        if (!size || !this.options.media) return size;
        const focus = this.options.media.focus(rel!);
        const alt = this.options.media.description(rel!);
        return { ...size, ...(focus ? { position: focusPosition(focus) } : {}), ...(alt ? { alt } : {}) };
      },
      ...(this.options.editDraft ? { editDraft: this.options.editDraft } : {}),
      ...(this.base ? { lang: this.lang } : {}),
    };
    // A page of its own keeps its query; the others are drawn at their route, in the pages' language.
    const at = route === '*' || ownRead ? pathname : languagePath(this.lang, route);
    const drawn = this.renderers.renderPage(at, sources, contact);
    const deps = [...new Set(drawn.endpoints.flatMap((e) => this.model.endpoint(e)?.deps ?? []))];
    if (drawn.unsized) deps.push(IMAGE_SIZES_DEP); // drawn again once the sizes are read
    if (this.drawingNow) this.drawingNow.deps = deps;
    const rendered = drawn.missing.length
      ? this.renderers.fillMarkdown(drawn, await this.renderTexts(drawn.missing))
      : drawn;
    const found = rendered.status === 200;
    const data = contact || ownRead ? undefined : prepareJson(rendered.data);
    // Numbered pages are kept only while they exist, and only so many: the addresses are endless.
    // Nothing is kept that shows what changed while its texts were being rendered.
    const keep =
      (!isNumberedPage(route) || (found && this.keepNumbered(route))) && !this.cache.changedSince(mark, deps);
    if (data && keep) this.cache.put(`data|${route}`, deps, data);
    const own = rendered.head.canonicalPath ?? route;
    const canonical = origin && found ? origin + languagePath(this.lang, own) : null;
    const template = inlineStylesheets(this.web.template(), (p) => this.web.file(p)?.prepared.body);
    // Every language's address of this page (hreflang), the source's also for x-default.
    const alternates = (this.options.languages?.() ?? []).map((lang) => ({
      lang,
      path: languagePath(lang, own),
    }));
    const html = pageHtml(template, {
      lang: this.lang,
      head: headTags(this.withPreviewAlt(rendered.head), canonical, found, origin, alternates, this.base),
      root: rendered.html,
      data: rendered.data,
      etag: data?.etag,
    });
    const prepared = prepareBody(Buffer.from(html), HTML);
    this.statuses.set(prepared, rendered.status);
    if (pageKey && keep) this.cache.put(pageKey, deps, prepared);
    return { page: prepared, data };
  }

  /** The HTML of texts not rendered yet, TEXTS_SLICE_MS of them per turn of the event loop. */
  private async renderTexts(texts: [string, MarkdownVariant][]): Promise<string[]> {
    const html: string[] = [];
    let until = 0; // the page itself was just drawn in this turn: the texts start on the next
    for (const [text, variant] of texts) {
      if (performance.now() >= until) {
        await new Promise((go) => setImmediate(go));
        until = performance.now() + TEXTS_SLICE_MS;
      }
      html.push(this.renderMarkdown(text, variant));
    }
    return html;
  }

  /** A read call's answer as pages read it: the public's, stored values, media as URLs. */
  private read(path: string): unknown {
    const endpoint = this.model.endpoint(path);
    return endpoint && readAnswer(this.model, endpoint, { signedIn: false, media: 'url', shape: 'typed' });
  }

  /** Whether a numbered page may be kept: one of the first MAX_NUMBERED_PAGES asked for. */
  private keepNumbered(route: string): boolean {
    if (this.numbered.has(route)) return true;
    if (this.numbered.size >= MAX_NUMBERED_PAGES) return false;
    this.numbered.add(route);
    return true;
  }

  /** A link preview's picture without words of the page's own takes its file's stored description. */
  private withPreviewAlt(head: PageHead): PageHead {
    const rel = head.image && !head.imageAlt ? mediaPathOf(head.image) : null;
    const alt = rel ? this.options.media?.description(rel) : undefined;
    return alt ? { ...head, imageAlt: alt } : head;
  }

  /** A text with its media pictures' versions and stored descriptions (schema/site/markdownMedia.ts). */
  private withMedia(text: string): string {
    return this.options.media ? withMediaFacts(text, this.options.media) : text;
  }

  private renderMarkdown(original: string, variant: MarkdownVariant): string {
    const text = this.withMedia(original);
    const key = markdownKey(text, variant);
    let html = this.markdown.get(key); // another page drawn meanwhile may have rendered it
    if (html !== undefined) return html;
    if (this.markdown.size >= MAX_TEXTS) this.markdown.delete(this.markdown.keys().next().value!);
    this.markdown.set(key, (html = this.renderers.renderMarkdownHtml(text, variant)));
    return html;
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
