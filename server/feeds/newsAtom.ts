// The news as an Atom 1.0 feed (RFC 4287): the newest items first, as the news page lists them.
// Each entry carries its text as the page shows it (the one markdown pipeline, links made absolute)
// and its words as a summary; ids are the site's own (feedIds.ts), never the address it was fetched
// from; an item's date is midnight of that day in the site's time zone, with its offset.
import type { ContentView } from '../content/index/contentIndex.ts';
import { languageBase, SOURCE_LANGUAGE } from '../schema/site/languages.ts';
import { visibleToPublic } from '../content/readModel/visibility.ts';
import { entities } from '../schema/registry.ts';
import { NEWS_FEED_PATH } from '../schema/calendarPaths.ts';
import { parseSiteTime, toZonedIso } from '../schema/siteTime.ts';
import { SITE_NAME } from '../schema/site/brand.ts';
import { escapeXml } from './xml.ts';
import { absoluteHtml, absoluteLink, htmlText, type MarkdownHtml } from './plainText.ts';
import { NEWS_FEED_ID, newsEntryId } from './feedIds.ts';
import { fieldText } from '../schema/fieldText.ts';
import { altAttribute } from '../schema/imageAlt.ts';

/** Feed readers want the recent items; a site with thousands keeps its feed small. */
export const ATOM_ENTRIES = 50;
export const NEWS_ATOM_PATH = NEWS_FEED_PATH;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface AtomContext {
  origin: string;
  /** The updated time of items without a date (and of a feed without items). */
  now: Date;
  /** The site's time zone (CMS_TIME_ZONE): a date is that day there. */
  timeZone: string;
  /** The news page's markdown, as it renders it. */
  html: MarkdownHtml;
  /** The feed's language (issue 36): its items' words, addresses and ids are that language's. */
  lang?: string;
}

/** When an item was updated, as an instant: its date's midnight in the zone, else `now`. */
function updatedAt(date: unknown, ctx: AtomContext): number {
  const at =
    typeof date === 'string' && ISO_DATE.test(date) ? parseSiteTime(`${date}T00:00`, ctx.timeZone) : NaN;
  return Number.isNaN(at) ? ctx.now.getTime() : at;
}

export function newsAtom(index: ContentView, ctx: AtomContext): string {
  const { origin } = ctx;
  const lang = ctx.lang ?? SOURCE_LANGUAGE;
  const base = languageBase(lang);
  // Another language's feed is another feed: its own id, and its entries' own.
  const idIn = (id: string) => (base ? `${id}/${lang}` : id);
  const page = `${origin}${base}/news`;
  const items = index
    .list(entities.news)
    .filter((item) => visibleToPublic(entities.news, item.data))
    .slice(0, ATOM_ENTRIES);
  const stamp = (ms: number) => toZonedIso(ms, ctx.timeZone);
  const entries = items.map((item) => {
    const updated = updatedAt(item.data.when_date, ctx);
    const text = fieldText(item.data.what);
    const html = text.trim() ? ctx.html(text) : '';
    const summary = html && htmlText(html);
    const link = absoluteLink(item.data.link, origin) ?? page;
    const picture = pictureOf(index, item.data, origin);
    return {
      updated,
      xml: [
        '  <entry>',
        `    <id>${escapeXml(idIn(newsEntryId(item.id)))}</id>`,
        `    <title type="text">${escapeXml(fieldText(item.data.title))}</title>`,
        `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
        `    <published>${stamp(updated)}</published>`,
        `    <updated>${stamp(updated)}</updated>`,
        ...(summary ? [`    <summary type="text">${escapeXml(summary)}</summary>`] : []),
        ...(picture
          ? [`    <link rel="enclosure" type="${picture.type}" href="${escapeXml(picture.url)}"/>`]
          : []),
        ...(html || picture
          ? [
              `    <content type="html">${escapeXml((picture?.html ?? '') + (html ? absoluteHtml(html, page) : ''))}</content>`,
            ]
          : []),
        '  </entry>',
      ].join('\n'),
    };
  });
  const updated = entries.length ? Math.max(...entries.map((e) => e.updated)) : ctx.now.getTime();
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}" xml:base="${escapeXml(`${origin}/`)}">`,
    `  <id>${escapeXml(idIn(NEWS_FEED_ID))}</id>`,
    `  <title type="text">${escapeXml(`${SITE_NAME}: News`)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(origin + base + NEWS_FEED_PATH)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
    `  <updated>${stamp(updated)}</updated>`,
    `  <author><name>${escapeXml(SITE_NAME)}</name></author>`,
    ...entries.map((e) => e.xml),
    '</feed>',
    '',
  ].join('\n');
}

const PICTURE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** A news item's picture for its entry: its versioned address, its type, and as HTML before the text. */
function pictureOf(index: ContentView, data: Record<string, unknown>, origin: string) {
  const rel = fieldText(data.picture);
  const version = rel ? index.mediaVersion(rel) : undefined;
  const type = PICTURE_TYPES[rel.split('.').pop() ?? ''];
  if (!version || !type) return null;
  const url = `${origin}/${rel}?v=${version.slice(0, 12)}`;
  const alt = altAttribute(fieldText(data.picture_alt));
  return { url, type, html: `<p><img src="${escapeXml(url)}" alt="${escapeXml(alt)}"/></p>` };
}
