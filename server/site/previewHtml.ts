// A public page, as the site's own server rendering made it from a draft's view, turned into a
// preview: the web app's scripts go (they would hydrate from, and refresh to, the live site), the
// page's links and media stay inside the preview, search engines are told to stay away, and a bar
// says it is a preview. A small script of our own reloads it when the draft or the live site changes.

import { isAdminPath } from '../schema/site/adminPaths.ts';
import { escapeHtml } from '../schema/html.ts';

export interface PreviewFrame {
  /** The preview's own root: `/preview/<id>/` or `/share/<token>/`. */
  root: string;
  /** What the bar says: the draft's title. */
  title: string;
  /** Where the admin's draft page is (staff previews only). */
  adminUrl?: string;
  /** The stream the live-reload script listens to. */
  stream: string;
}

/** Paths that are files of the web app or API calls, not pages of the site: left as they are. */
const NOT_PAGES = /^\/(assets|api|favicon|icons|logo)[/.]/;

/**
 * A site address inside the preview (pages and media); other addresses are left alone, admin
 * pages too (the Edit links of staff's previews open the admin's forms in the draft).
 */
export function previewUrl(root: string, url: string): string {
  if (!url.startsWith('/') || url.startsWith('//') || NOT_PAGES.test(url)) return url;
  if (isAdminPath(url.replace(/[?#].*$/, ''))) return url;
  return `${root}${url.slice(1)}`;
}

export function previewHtml(html: string, frame: PreviewFrame): string {
  const bar =
    `<div class="cms-preview-bar" role="region" aria-label="Preview" style="position:sticky;top:0;z-index:1000;` +
    `background:#1f2937;color:#fff;padding:8px 12px;font:15px/1.4 system-ui,sans-serif;display:flex;gap:12px;` +
    `flex-wrap:wrap;align-items:center">` +
    `<strong>Preview of the draft “${escapeHtml(frame.title)}”</strong>` +
    `<span>Visitors do not see this yet.</span>` +
    (frame.adminUrl
      ? `<a href="${escapeHtml(frame.adminUrl)}" style="color:#fff;text-decoration:underline">Back to the draft</a>`
      : '') +
    `</div>`;
  const page = html
    // The web app's modules and their preloads: the preview is the server's HTML only.
    .replace(/<script\b[^>]*\btype="module"[^>]*>\s*<\/script>/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '')
    // The page is not the live site's: no canonical address, no sharing card, never indexed.
    .replace(/<link rel="canonical"[^>]*>/g, '')
    .replace(/<meta property="og:url"[^>]*>/g, '')
    .replace(/<meta name="robots"[^>]*>/g, '')
    // Links, images and their sizes (srcset) point inside the preview.
    .replace(
      /(\s(?:href|src|poster)=")([^"]*)"/g,
      (_m, attr: string, url: string) => `${attr}${previewUrl(frame.root, url)}"`,
    )
    .replace(/(\ssrcset=")([^"]*)"/g, (_m, attr: string, list: string) => {
      const urls = list.split(',').map((part) => {
        const [url = '', ...rest] = part.trim().split(/\s+/);
        return [previewUrl(frame.root, url), ...rest].join(' ');
      });
      return `${attr}${urls.join(', ')}"`;
    });
  // The preview's own parts go in after the page's addresses moved inside it: the live-reload
  // script and the bar's way back to the admin are not pages of the site.
  return page
    .replace(
      '</head>',
      `<meta name="robots" content="noindex, nofollow" />` +
        `<script src="/preview-live.js" data-stream="${escapeHtml(frame.stream)}" defer></script></head>`,
    )
    .replace(/(<body\b[^>]*>)/, `$1${bar}`);
}

/** The live-reload script (served as /preview-live.js; the pages' policy allows only own scripts). */
export const PREVIEW_LIVE_JS = `(() => {
  const me = document.currentScript;
  const stream = me && me.dataset.stream;
  if (!stream || !window.EventSource) return;
  const source = new EventSource(stream);
  source.addEventListener('change', () => {
    source.close();
    location.reload();
  });
})();
`;
