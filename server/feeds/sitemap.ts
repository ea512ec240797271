// sitemap.xml (sitemaps.org protocol 0.9) and robots.txt, from the content and the site's origin.
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { escapeXml } from './xml.ts';
import { publicPagePaths } from './publicPages.ts';

export function sitemapXml(index: ContentIndex, origin: string): string {
  const urls = publicPagePaths(index).map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
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
