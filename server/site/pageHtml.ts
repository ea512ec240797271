// A server-rendered page put into the built index.html: its head tags (title, description,
// canonical address, Open Graph, the news feed and events calendar it announces), the markup in
// #root and the data it hydrates from.
import { pageDataScript, type PageData, type PageHead } from '../schema/site/pageData.ts';
import { fullTitle, SITE_NAME } from '../schema/site/brand.ts';
import { escapeHtml } from '../schema/html.ts';
import { shortDescription, SITE_DESCRIPTION } from '../schema/site/pageDescription.ts';
import { EVENTS_CALENDAR_PATH, NEWS_FEED_PATH } from '../schema/calendarPaths.ts';
import { SOURCE_LANGUAGE } from '../schema/site/languages.ts';

export { shortDescription, SITE_DESCRIPTION };

export function headTags(
  head: PageHead,
  url: string | null,
  found: boolean,
  origin: string | null = null,
  /** The page's address in each of the site's languages (none: a site in one language). */
  alternates: readonly { lang: string; path: string }[] = [],
  /** The folder of the page's language ('/es'): its news feed and calendar are that language's. */
  base = '',
): string {
  const link = (rel: string, path: string | undefined) =>
    found && path ? [`<link rel="${rel}" href="${escapeHtml((origin ?? '') + path)}" />`] : [];
  const title = fullTitle(head.title);
  const description = shortDescription(head.description) || SITE_DESCRIPTION;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    found && url
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : '<meta name="robots" content="noindex" />',
    ...(found && alternates.length > 1 ? languageLinks(alternates, origin) : []),
    ...link('prev', head.prevPath),
    ...link('next', head.nextPath),
    // Every page announces the feeds, so feed readers and browsers find them from any address.
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${SITE_NAME}: News`)}" href="${escapeHtml((origin ?? '') + base + NEWS_FEED_PATH)}" />`,
    `<link rel="alternate" type="text/calendar" title="${escapeHtml(`${SITE_NAME}: Events`)}" href="${escapeHtml((origin ?? '') + base + EVENTS_CALENDAR_PATH)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title ?? SITE_NAME)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    ...(found && url ? [`<meta property="og:url" content="${escapeHtml(url)}" />`] : []),
    ...previewImage(head, origin),
  ];
  return tags.join('\n    ');
}

/** The same page in each language, and the source's as the default for any other reader. */
function languageLinks(
  alternates: readonly { lang: string; path: string }[],
  origin: string | null,
): string[] {
  const tag = (lang: string, path: string) =>
    `<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml((origin ?? '') + path)}" />`;
  const source = alternates.find((a) => a.lang === SOURCE_LANGUAGE) ?? alternates[0]!;
  return [...alternates.map((a) => tag(a.lang, a.path)), tag('x-default', source.path)];
}

/** A page's picture for link previews (1200 × 630, cropped around its focal point), when it has one. */
function previewImage(head: PageHead, origin: string | null): string[] {
  if (!head.image || !origin || !head.image.startsWith('/media/'))
    return ['<meta name="twitter:card" content="summary" />'];
  const src = `${origin}${head.image}${head.image.includes('?') ? '&' : '?'}share=1`;
  return [
    `<meta property="og:image" content="${escapeHtml(src)}" />`,
    '<meta property="og:image:type" content="image/jpeg" />',
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    ...(head.imageAlt ? [`<meta property="og:image:alt" content="${escapeHtml(head.imageAlt)}" />`] : []),
    '<meta name="twitter:card" content="summary_large_image" />',
  ];
}

// React's server renderer starts the markup with a preload hint per image; they belong in <head>,
// where they also let the browser start on the first image sooner.
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

export interface PageParts {
  /** The page's language, for <html lang> (default: the template's, English). */
  lang?: string;
  head: string;
  root: string;
  data: PageData;
  etag?: string;
}

export function pageHtml(template: string, parts: PageParts): string {
  const preloads = LEADING_PRELOADS.exec(parts.root)?.[0] ?? '';
  const root = parts.root.slice(preloads.length);
  const lang = parts.lang && /^[a-z]{2}$/.test(parts.lang) ? parts.lang : null;
  return (lang ? template.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`) : template)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => `${parts.head}${preloads ? `\n    ${preloads}` : ''}`)
    .replace(/\s*<noscript>[^<]*needs JavaScript[^<]*<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${root}</div>\n    ${pageDataScript(parts.data, parts.etag)}`,
    );
}
