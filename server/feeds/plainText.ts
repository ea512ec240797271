// Feed summaries and calendar descriptions: rendered HTML as text, links made absolute. Readers of a
// feed or calendar see text, never HTML they would have to trust. (Markdown as plain words is
// server/schema/site/plainText.ts.)

/** A link from content as an absolute URL on this site's origin, or undefined when it is not a web link. */
export function absoluteLink(link: unknown, origin: string): string | undefined {
  if (typeof link !== 'string' || !link.trim()) return undefined;
  try {
    const url = new URL(link.trim(), `${origin}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Markdown as the site renders it (the one pipeline: web/src/markdown/renderHtml.tsx). */
export type MarkdownHtml = (markdown: string) => string;

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] !== '#') return ENTITY[e.toLowerCase()] ?? all;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });

/**
 * The words of rendered markdown, for a calendar's description or a feed's summary: what the page
 * shows, line by line: table cells separated by " | ", task boxes as ☐ and ☑, a footnote's mark as
 * [1], its way back and the heading only screen readers hear left out. The HTML is React's (every
 * attribute double-quoted, text escaped), so tags are read reliably by pattern.
 */
export function htmlText(html: string): string {
  return decode(
    html
      .replace(/>\s*\n\s*</g, '><') // the line breaks React writes between blocks
      .replace(/<a [^>]*data-footnote-backref[^>]*>[\s\S]*?<\/a>/g, '')
      .replace(/<h[1-6] class="sr-only"[^>]*>[\s\S]*?<\/h[1-6]>/g, '')
      .replace(/<sup><a [^>]*data-footnote-ref[^>]*>([^<]*)<\/a><\/sup>/g, '[$1]')
      .replace(/<input [^>]*checked[^>]*>/g, '☑ ')
      .replace(/<input [^>]*>/g, '☐ ')
      .replace(/<img [^>]*alt="([^"]*)"[^>]*>/g, '$1')
      .replace(/<\/t[dh]>\s*(?=<t[dh][ >])/g, ' | ')
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/(.)(<(?:ul|ol)[ >])/g, '$1\n$2') // a list inside an item starts on its own line
      .replace(/<\/(li|tr)>/g, '\n')
      .replace(/<\/(p|div|h[1-6]|blockquote|pre|table|ul|ol|section)>/g, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Rendered markdown for a feed reader, which reads it away from the site: links and pictures
 * written as absolute addresses, resolved as on `page` (a link to '#x' in the text stays).
 */
export function absoluteHtml(html: string, page: string): string {
  return html.replace(/ (href|src)="([^"]*)"/g, (all, name: string, value: string) => {
    const raw = decode(value);
    if (raw.startsWith('#')) return all;
    try {
      const url = new URL(raw, page).href;
      return ` ${name}="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
    } catch {
      return all;
    }
  });
}
