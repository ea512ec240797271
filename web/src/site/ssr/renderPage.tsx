// A public page rendered to HTML by the same components the browser hydrates, with what it read:
// the read answers and the markdown HTML to carry in the page (pageData.ts), its status and head.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { markdownKey, type MarkdownVariant } from '../../markdown/markdownKey.ts';
import { SiteRoutes } from '../SiteRoutes.tsx';
import type { ContactOutcome } from '../layout/ContactForm.tsx';
import type { ImageSize } from '../images/variants.ts';
import type { PageData } from './pageData.ts';
import { RenderContext, type PageHead, type RenderCollector } from './renderContext.ts';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  status: number;
  head: PageHead;
  data: PageData;
  /** The read calls the page made: its answers change when their entities do. */
  endpoints: string[];
  /** Markdown texts that had no HTML yet: render them, then the page again. */
  missing: [string, MarkdownVariant][];
  /** Whether an image was drawn without its size (not read yet): the page is drawn again later. */
  unsized: boolean;
}

export interface PageSources {
  read(endpoint: string): unknown;
  /** An image's real size, when known (server/media/imageSizes.ts). */
  image?(src: string): ImageSize | undefined;
  /**
   * A text's HTML, or undefined when it is not rendered yet: React cannot render the markdown
   * while it renders the page, so the caller renders the missing texts after and asks again.
   */
  markdown(text: string, variant: MarkdownVariant): string | undefined;
  /** Staff's preview of this draft: Edit links on its items (site/components/EditLink.tsx). */
  editDraft?: string;
}

export function renderPage(pathname: string, sources: PageSources, contact?: ContactOutcome): RenderedPage {
  const api: Record<string, unknown> = {};
  const markdown: Record<string, string> = {};
  const missing: [string, MarkdownVariant][] = [];
  const images: Record<string, ImageSize> = {};
  let unsized = false;
  let status = 200;
  let head: PageHead = {};
  const collector: RenderCollector = {
    read(endpoint) {
      if (!(endpoint in api)) api[endpoint] = sources.read(endpoint);
      return api[endpoint];
    },
    markdown(text, variant) {
      const key = markdownKey(text, variant);
      if (markdown[key] !== undefined) return markdown[key];
      const html = sources.markdown(text, variant);
      if (html === undefined) missing.push([text, variant]);
      else markdown[key] = html;
      return html ?? '';
    },
    image(src) {
      const size = images[src] ?? sources.image?.(src);
      if (size) images[src] = size;
      else unsized = true;
      return size;
    },
    status(code) {
      status = code;
    },
    contact,
    ...(sources.editDraft ? { editDraft: sources.editDraft } : {}),
    // The page's own call comes after the layout's (none today), so the last one wins.
    head(h) {
      head = { ...head, ...Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) };
    },
  };
  const html = renderToString(
    <RenderContext.Provider value={collector}>
      <StaticRouter location={pathname}>
        <SiteRoutes />
      </StaticRouter>
    </RenderContext.Provider>,
  );
  const seen = Object.keys(images).length ? { images } : {};
  const data: PageData = contact
    ? { api, markdown, ...seen, path: pathname, contact }
    : { api, markdown, ...seen };
  return { html, status, head, data, endpoints: Object.keys(api), missing, unsized };
}
