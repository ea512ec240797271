// A public page rendered to HTML by the same components the browser hydrates, with what it read:
// the read answers and the markdown HTML to carry in the page (pageData.ts), its status and head.
// Markdown not rendered yet is left as a placeholder where its HTML goes (it only ever goes into
// innerHTML, which React writes as it is): the caller renders those texts afterwards and fills them
// in (fillMarkdown), so the page is drawn by React once, not again once its texts are ready.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { markdownKey, type MarkdownVariant } from '../../../../server/schema/site/markdownKey.ts';
import { SiteRoutes } from '../SiteRoutes.tsx';
import type { ContactOutcome } from '../../../../server/schema/site/contactForm.ts';
import type {
  PageData,
  PageHead,
  PageSources,
  RenderedPage,
} from '../../../../server/schema/site/pageData.ts';
import type { ImageSize } from '../../../../server/schema/site/imageVariants.ts';
import { RenderContext, type RenderCollector } from '../../shared/renderContext.ts';
import { languageBase, SOURCE_LANGUAGE } from '../../../../server/schema/site/languages.ts';
import { SiteLanguageContext } from '../language/siteLanguage.tsx';
import { addWords } from '../words/useWords.ts';
import es from '../words/es.json' with { type: 'json' };

// The server draws pages in every language: each dictionary is at hand from the start. Typed as
// the English words: a key the Spanish lacks is a compile error here.
addWords('es', es);

/** Characters no text of the site can put in a page's markup (markdown turns NUL into U+FFFD). */
const MARK = '\u0000';

export function renderPage(pathname: string, sources: PageSources, contact?: ContactOutcome): RenderedPage {
  const api: Record<string, unknown> = {};
  const markdown: Record<string, string> = {};
  const missing: [string, MarkdownVariant][] = [];
  const placeholders: string[] = [];
  // Unguessable per render, so that no content can spell a placeholder.
  const nonce = Math.random().toString(36).slice(2);
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
      let html = sources.markdown(text, variant);
      if (html === undefined) {
        html = `${MARK}md-${nonce}-${missing.length}${MARK}`;
        missing.push([text, variant]);
        placeholders.push(html);
      }
      // In the order the page asks for them, placeholders too: the data is the same once filled in.
      markdown[key] = html;
      return html;
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
  // A page in another language (issue 36) is the same route table under its folder: /es/news.
  const lang = sources.lang ?? SOURCE_LANGUAGE;
  const html = renderToString(
    <RenderContext.Provider value={collector}>
      <SiteLanguageContext.Provider value={lang}>
        <StaticRouter basename={languageBase(lang)} location={pathname}>
          <SiteRoutes />
        </StaticRouter>
      </SiteLanguageContext.Provider>
    </RenderContext.Provider>,
  );
  const seen = Object.keys(images).length ? { images } : {};
  const data: PageData = contact
    ? { api, markdown, ...seen, path: pathname, contact }
    : { api, markdown, ...seen };
  const placeholder = new RegExp(`${MARK}md-${nonce}-(\\d+)${MARK}`, 'g');
  return {
    html,
    status,
    head,
    data,
    endpoints: Object.keys(api),
    missing,
    placeholders,
    placeholder,
    unsized,
  };
}

/**
 * The page with the HTML of its missing texts (`html[i]` for `page.missing[i]`) where their
 * placeholders are, in its markup and its data: what rendering it again with them would give.
 */
export function fillMarkdown(page: RenderedPage, html: readonly string[]): RenderedPage {
  if (!page.missing.length) return page;
  const byPlaceholder = new Map(page.placeholders.map((p, i) => [p, html[i]!]));
  const markdown = Object.fromEntries(
    Object.entries(page.data.markdown).map(([key, value]) => [key, byPlaceholder.get(value) ?? value]),
  );
  const filled = page.html.replace(page.placeholder, (_, n: string) => html[Number(n)]!);
  return { ...page, html: filled, data: { ...page.data, markdown }, missing: [], placeholders: [] };
}
