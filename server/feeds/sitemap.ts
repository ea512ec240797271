// sitemap.xml (sitemaps.org protocol 0.9) and robots.txt, from the content and the site's origin.
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { escapeXml } from './xml.ts';
import { publicPagePaths } from './publicPages.ts';
import { entities } from '../schema/registry.ts';
import { languageCodes } from '../schema/entities/languages.ts';
import { languagePath } from '../schema/site/languages.ts';

export function sitemapXml(index: ContentIndex, origin: string): string {
  const codes = languageCodes(index.get(entities.languages)?.data);
  const urls = publicPagePaths(index).flatMap((p) => {
    if (codes.length < 2) return [`  <url><loc>${escapeXml(origin + p)}</loc></url>`];
    // Each language's address of the page, each listing all of them (and English as the default).
    const links = [...codes.map((c) => [c, languagePath(c, p)]), ['x-default', p]].map(
      ([lang, at]) =>
        `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + at!)}"/>`,
    );
    return codes.map((c) =>
      [`  <url>`, `    <loc>${escapeXml(origin + languagePath(c, p))}</loc>`, ...links, '  </url>'].join(
        '\n',
      ),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    codes.length < 2
      ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
      : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The public site is open to crawlers; the API and the admin area are not (the admin pages show
 * only a sign-in form to them anyway). `adminPaths`: every admin page's address.
 */
export function robotsTxt(origin: string, adminPaths: readonly string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...adminPaths.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
