// The data a server-rendered page carries for hydration (a non-executing JSON script, as the
// Content-Security-Policy allows no inline script) and that /api/page?path= answers after a
// navigation or a change: read answers by endpoint and markdown HTML by key.
import type { ContactOutcome } from '../layout/ContactForm.tsx';
import type { ImageSize } from '../images/variants.ts';

export interface PageData {
  api: Record<string, unknown>;
  markdown: Record<string, string>;
  /** The real sizes of the page's images by URL, for their width, height and srcset. */
  images?: Record<string, ImageSize>;
  /** The page's own address, when it was sent at another (the contact page, answering a post). */
  path?: string;
  contact?: ContactOutcome;
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
