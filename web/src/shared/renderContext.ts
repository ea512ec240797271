// What a page reads while the server renders it to HTML (server/http/sitePages.ts): the answers of
// the documented read calls, markdown already turned into sanitized HTML, and what the page says
// about itself (its HTTP status, title and description). In the browser there is no such context:
// the same components read the resource store, seeded from the data the page carries.
import { createContext, useContext } from 'react';
import type { MarkdownVariant } from '../../../server/schema/site/markdownKey.ts';
import type { ContactOutcome } from '../../../server/schema/site/contactForm.ts';
import type { PageHead } from '../../../server/schema/site/pageData.ts';
import type { ImageSize } from '../../../server/schema/site/imageVariants.ts';

export interface RenderCollector {
  /** A read call's answer (media as URLs), remembered to go into the page with it. */
  read(endpoint: string): unknown;
  /** Sanitized HTML of a markdown text, remembered likewise. */
  markdown(text: string, variant: MarkdownVariant): string;
  /** An image's real size (a /media/ URL), remembered likewise; undefined when not known. */
  image(src: string): ImageSize | undefined;
  status(code: number): void;
  head(head: PageHead): void;
  /** The contact page answering a post of its form without JavaScript: what came of it. */
  contact?: ContactOutcome;
  /**
   * A preview of this draft drawn for staff: every item gets its Edit link, opening its form in the
   * draft. Never set for public pages, which are the same for everyone.
   */
  editDraft?: string;
}

export const RenderContext = createContext<RenderCollector | null>(null);

export const useRenderCollector = () => useContext(RenderContext);
