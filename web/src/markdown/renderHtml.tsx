// Markdown to sanitized HTML on the server, with the one pipeline (Markdown.tsx): the public pages
// carry this HTML (MarkdownHtml.tsx), so staff previews and visitors see the same.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MarkdownContent } from './Markdown.tsx';
import type { MarkdownVariant } from '../../../server/schema/site/markdownKey.ts';

// React's server renderer puts a preload hint before the markup for each <img>; inside a text
// that is set as innerHTML it would only be a stray element.
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderMarkdownHtml(text: string, variant: MarkdownVariant): string {
  try {
    const html = renderToStaticMarkup(createElement(MarkdownContent, { ...variant, children: text }));
    return html.replace(IMAGE_PRELOAD, '');
  } catch {
    // What the browser's error boundary did: the text as plain text rather than no page.
    return `<p class="markdown-plain">${escapeText(text)}</p>`;
  }
}
