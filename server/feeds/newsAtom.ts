// The news as an Atom 1.0 feed (RFC 4287): the newest items first, as the news page lists them.
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { visibleToPublic } from '../content/readModel/visibility.ts';
import { entities } from '../schema/registry.ts';
import { SITE_NAME } from '../../web/src/site/brand.ts';
import { escapeXml } from './xml.ts';
import { absoluteLink, plainText } from './plainText.ts';

/** Feed readers want the recent items; a site with thousands keeps its feed small. */
export const ATOM_ENTRIES = 50;
export const NEWS_ATOM_PATH = '/news.atom';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const atomTime = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/** `now`: the updated time of items without a date (and of a feed without items). */
export function newsAtom(index: ContentIndex, origin: string, now: Date): string {
  const items = index
    .list(entities.news)
    .filter((item) => visibleToPublic(entities.news, item.data))
    .slice(0, ATOM_ENTRIES);
  const entries = items.map((item) => {
    const date = String(item.data.when_date ?? '');
    const updated = ISO_DATE.test(date) ? `${date}T00:00:00Z` : atomTime(now);
    const summary = plainText(String(item.data.what ?? ''));
    const link = absoluteLink(item.data.link, origin) ?? `${origin}/news`;
    return {
      updated,
      xml: [
        '  <entry>',
        `    <id>${escapeXml(`${origin}/news#news-${item.id}`)}</id>`,
        `    <title type="text">${escapeXml(String(item.data.title ?? ''))}</title>`,
        `    <link rel="alternate" href="${escapeXml(link)}"/>`,
        `    <updated>${updated}</updated>`,
        ...(summary ? [`    <summary type="text">${escapeXml(summary)}</summary>`] : []),
        '  </entry>',
      ].join('\n'),
    };
  });
  const updated =
    entries
      .map((e) => e.updated)
      .sort()
      .at(-1) ?? atomTime(now);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(`${origin}/news`)}</id>`,
    `  <title type="text">${escapeXml(`${SITE_NAME}: News`)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(origin + NEWS_ATOM_PATH)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${origin}/news`)}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(SITE_NAME)}</name></author>`,
    ...entries.map((e) => e.xml),
    '</feed>',
    '',
  ].join('\n');
}
