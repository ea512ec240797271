// sitemap.xml, robots.txt, the news Atom feed and the events calendar as prepared answers: each made
// once per change of the content it shows (and per site origin), then sent from memory like the
// API's answers, by the fast path and by Express alike. The feed and the calendars carry markdown
// rendered by the site's one pipeline, which loads with the rest of the app after the server
// listens (app.ts hands it over): until then they are 'loading', and the fast path leaves them to
// Express, which answers once the app is there.
import type { IncomingMessage } from 'node:http';
import type { ContentIndex, ContentView } from '../content/index/contentIndex.ts';
import { LanguageView } from '../content/languages/languageView.ts';
import { languageCodes } from '../schema/entities/languages.ts';
import { SOURCE_LANGUAGE } from '../schema/site/languages.ts';
import { prepareBody } from './prepared.ts';
import { entities } from '../schema/registry.ts';
import { PAGED_LISTINGS } from '../schema/sitePaths.ts';
import { publicOrigin, requestOrigin } from './siteOrigin.ts';
import { robotsTxt, sitemapXml } from '../feeds/sitemap.ts';
import { ADMIN_PAGE_PATHS } from '../feeds/publicPages.ts';
import { NEWS_ATOM_PATH, newsAtom } from '../feeds/newsAtom.ts';
import type { MarkdownHtml } from '../feeds/plainText.ts';
import { markdownKey, type MarkdownVariant } from '../schema/site/markdownKey.ts';
import { eventsCalendar } from '../feeds/eventsCalendar.ts';
import { isTimeZone } from '../schema/eventTimes.ts';
import { EVENT_CALENDAR_PATH, EVENTS_CALENDAR_PATH } from '../schema/calendarPaths.ts';
import { Answer, type Header } from './answer.ts';
import { API_HEADERS, securityHeaders } from './securityHeaders.ts';

interface Feed {
  type: string;
  /** Entities whose change changes it. */
  deps: string[];
  /** Whether it shows rendered markdown (and so waits for the renderer). */
  markdown?: boolean;
  /** Its text, or undefined when there is nothing at this path (a card not in the calendar). */
  build(origin: string, now: Date, render: Renderer): string | undefined;
  headers?: Header[];
}

/** Different origins (no CMS_PUBLIC_URL, many Host names) each get answers; this many at most. */
const MAX_ENTRIES = 500;
/** Rendered texts kept between builds (a feed is made again per change and per origin). */
const MAX_TEXTS = 2000;

export interface FeedOptions {
  /** CMS_PUBLIC_URL; without it, each request's own origin. */
  publicUrl?: string;
  trustProxy: boolean;
  /** The site's time zone: event times in display dates are read in it. */
  timeZone: string;
  now?: () => Date;
}

export type FeedResult = Answer | 'not-found' | 'no-host' | 'loading' | undefined;

/** The site's markdown renderer (web/src/markdown/renderHtml.tsx). */
export type Renderer = (text: string, variant: MarkdownVariant) => string;

/** As the news page shows a news item's text (NewsPage.tsx). */
const NEWS_TEXT: MarkdownVariant = { headingsFrom: 3 };

export class FeedAnswers {
  private readonly origin: string | undefined;
  private readonly entries = new Map<string, { deps: string[]; answer: Answer | null }>();
  private readonly now: () => Date;
  private render: Renderer | undefined;

  constructor(
    private readonly index: ContentIndex,
    private readonly options: FeedOptions,
  ) {
    this.origin = options.publicUrl ? publicOrigin(options.publicUrl) : undefined;
    if (!isTimeZone(options.timeZone)) {
      throw new Error(
        `CMS_TIME_ZONE must be a time zone name such as America/Los_Angeles (it is "${options.timeZone}").`,
      );
    }
    this.now = options.now ?? (() => new Date());
    index.changes.on(({ entities: changed }) => {
      for (const [key, entry] of this.entries) {
        if (entry.deps.some((d) => changed.has(d))) this.entries.delete(key);
      }
    });
  }

  /** Hands over the markdown renderer, once the app that has it is loaded. */
  useRenderer(render: Renderer): void {
    const texts = new Map<string, string>();
    this.render = (text, variant) => {
      const key = markdownKey(text, variant);
      let html = texts.get(key);
      if (html === undefined) {
        if (texts.size >= MAX_TEXTS) texts.clear();
        texts.set(key, (html = render(text, variant)));
      }
      return html;
    };
  }

  /** Whether a path is one of the feeds (its answer may still be 'not-found'), in any language. */
  static handles(pathname: string): boolean {
    const path = LANGUAGE_FEED.exec(pathname)?.[2] ?? pathname;
    return FIXED.has(path) || EVENT_CALENDAR_PATH.test(path);
  }

  /** The news feed and calendars in a language of the site (`/es/news.atom`): its view, or null. */
  private inLanguage(pathname: string): { view: ContentView; lang: string; path: string } | null {
    const m = LANGUAGE_FEED.exec(pathname);
    if (!m) return null;
    const lang = m[1]!;
    if (!languageCodes(this.index.get(entities.languages)?.data).includes(lang) || lang === SOURCE_LANGUAGE)
      return null;
    let view = this.views.get(lang);
    if (!view) this.views.set(lang, (view = new LanguageView(this.index, lang)));
    return { view, lang, path: m[2]! };
  }

  private readonly views = new Map<string, LanguageView>();

  /**
   * The answer for a path: undefined when the path is no feed, 'not-found' for a card that is not in
   * the calendar, 'no-host' when the request names no host to write addresses with, 'loading' while
   * the markdown renderer it needs is not loaded yet.
   */
  answer(req: IncomingMessage, pathname: string): FeedResult {
    if (!FeedAnswers.handles(pathname)) return undefined;
    const language = LANGUAGE_FEED.test(pathname) ? this.inLanguage(pathname) : undefined;
    // A language the site does not have, or the sitemap and robots.txt under a language's folder.
    if (language === null || (language && !LANGUAGE_FEEDS.test(language.path))) return 'not-found';
    const origin = this.origin ?? requestOrigin(req, this.options.trustProxy);
    if (!origin) return 'no-host';
    const key = `${origin}${pathname}`;
    let entry = this.entries.get(key);
    if (!entry) {
      const feed = language
        ? this.feedFor(language.path, language.view, language.lang)!
        : this.feedFor(pathname, this.index)!;
      const render = this.render;
      if (!render && feed.markdown) return 'loading';
      const text = feed.build(origin, this.now(), render ?? noRenderer);
      const answer =
        text === undefined
          ? null
          : new Answer(prepareBody(Buffer.from(text), feed.type), {
              headers: [...API_HEADERS, ...(feed.headers ?? [])],
              around: securityHeaders(),
            });
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      entry = { deps: feed.deps, answer };
      this.entries.set(key, entry);
    }
    return entry.answer ?? 'not-found';
  }

  private feedFor(pathname: string, view: ContentView, lang?: string): Feed | undefined {
    const fixed = FIXED.get(pathname);
    if (fixed) return fixed(view, this.options.timeZone, lang);
    const id = EVENT_CALENDAR_PATH.exec(pathname)?.[1];
    if (id === undefined) return undefined;
    return {
      ...calendar(view, this.options.timeZone, id),
      headers: [['Content-Disposition', `attachment; filename="event-${id}.ics"`]],
    };
  }
}

const XML = 'application/xml; charset=utf-8';
/** A feed under a language's folder (`/es/news.atom`): the language, and the feed's own path. */
const LANGUAGE_FEED = /^\/([a-z]{2})(\/.+)$/;
/** What a language has of its own: the news feed and the calendars (the sitemap lists every language). */
const LANGUAGE_FEEDS = new RegExp(
  `^(?:${NEWS_ATOM_PATH.replace('.', '\\.')}|${EVENTS_CALENDAR_PATH.replace('.', '\\.')}|/events/\\d{1,9}\\.ics)$`,
);
const CALENDAR = 'text/calendar; charset=utf-8';

const noRenderer: Renderer = () => {
  throw new Error('The markdown renderer is not loaded.');
};

const html =
  (render: Renderer, variant: MarkdownVariant): MarkdownHtml =>
  (text) =>
    render(text, variant);

const calendar = (index: ContentView, timeZone: string, only?: string): Feed => ({
  type: CALENDAR,
  deps: [entities.eventCard.name, entities.majorEvent.name],
  markdown: true,
  build: (origin, now, render) =>
    eventsCalendar(index, { origin, now, timeZone, html: html(render, {}) }, only),
});

const FIXED = new Map<string, (index: ContentView, timeZone: string, lang?: string) => Feed>([
  [
    '/sitemap.xml',
    (index) => ({
      type: XML,
      // What publicPagePaths reads: event pages, staff's pages, and the paged listings' items.
      deps: [
        entities.majorEvent.name,
        entities.page.name,
        entities.languages.name,
        ...PAGED_LISTINGS.map((l) => l.entity),
      ],
      build: (origin) => sitemapXml(index as ContentIndex, origin),
    }),
  ],
  [
    '/robots.txt',
    () => ({
      type: 'text/plain; charset=utf-8',
      deps: [],
      build: (origin) => robotsTxt(origin, ADMIN_PAGE_PATHS),
    }),
  ],
  [
    NEWS_ATOM_PATH,
    (index, timeZone, lang) => ({
      type: 'application/atom+xml; charset=utf-8',
      deps: [entities.news.name],
      markdown: true,
      build: (origin, now, render) =>
        newsAtom(index, { origin, now, timeZone, html: html(render, NEWS_TEXT), lang }),
    }),
  ],
  [EVENTS_CALENDAR_PATH, (index, timeZone) => calendar(index, timeZone)],
]);
