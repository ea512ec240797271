// The data a server-rendered page carries for hydration (a non-executing JSON script, as the
// Content-Security-Policy allows no inline script) and that /api/page?path= answers after a
// navigation or a change: read answers by endpoint and markdown HTML by key.
import type { ContactOutcome } from './contactForm.ts';
import type { MarkdownVariant } from './markdownKey.ts';
import type { ImageSize } from './imageVariants.ts';

/** What a page says about itself, for its <head> (its <title>, description and links). */
export interface PageHead {
  /** The page's own title, without the site's name; undefined on the home page. */
  title?: string;
  /** A sentence or two from the content, for search results and link previews. */
  description?: string;
  /** The page's address when several addresses show it (an event page's page_url). */
  canonicalPath?: string;
  /** The addresses of the pages before and after this one, in a paged listing (paging.ts). */
  prevPath?: string;
  nextPath?: string;
  /** A picture of the site's media (`/media/…?v=…`) for link previews, cropped around its focal point. */
  image?: string;
  /** What that picture shows. */
  imageAlt?: string;
}

export interface PageData {
  api: Record<string, unknown>;
  markdown: Record<string, string>;
  /** The real sizes of the page's images by URL, for their width, height and srcset. */
  images?: Record<string, ImageSize>;
  /** The page's own address, when it was sent at another (the contact page, answering a post). */
  path?: string;
  contact?: ContactOutcome;
}

/** A public page drawn to HTML (web/src/site/ssr/renderPage.tsx) with what it read. */
export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  status: number;
  head: PageHead;
  data: PageData;
  /** The read calls the page made: its answers change when their entities do. */
  endpoints: string[];
  /** Markdown texts that had no HTML yet: render them and fill them in (fillMarkdown, web/src/site/ssr/renderPage.tsx). */
  missing: [string, MarkdownVariant][];
  /** The placeholder standing for each missing text, in `html` and in `data.markdown`. */
  placeholders: string[];
  /** Matches the placeholders (number n: missing[n]). */
  placeholder: RegExp;
  /** Whether an image was drawn without its size (not read yet): the page is drawn again later. */
  unsized: boolean;
}

export interface PageSources {
  read(endpoint: string): unknown;
  /** An image's real size, when known (server/media/imageSizes.ts). */
  image?(src: string): ImageSize | undefined;
  /**
   * A text's HTML, or undefined when it is not rendered yet: React cannot render the markdown
   * while it renders the page, so the caller renders the missing texts after and fills them in.
   */
  markdown(text: string, variant: MarkdownVariant): string | undefined;
  /** Staff's preview of this draft: Edit links on its items (web/src/site/components/EditLink.tsx). */
  editDraft?: string;
  /**
   * The page's language (site/languages.ts): its address is under /<lang>/, its reads answer in it,
   * and the site's own words and dates are in it. Undefined: the source language, English.
   */
  lang?: string;
}

export const PAGE_DATA_ID = 'page-data';

/** JSON safe inside <script>: no '<' (so no '</script>' or '<!--'), and no line separators. */
export function pageDataScript(data: PageData, etag?: string): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  // The ETag of /page-data/<path> with the same data: the browser asks whether it is still current.
  const version = etag ? ` data-etag="${etag.replace(/[^\w"-]/g, '').replace(/"/g, '&quot;')}"` : '';
  return `<script type="application/json" id="${PAGE_DATA_ID}"${version}>${json}</script>`;
}
