// A markdown field as plain text, for feed summaries and calendar descriptions: the words without
// markup. Readers of a feed or calendar see text, never HTML they would have to trust.

export function plainText(markdown: string): string {
  return markdown
    .replace(/<[^>]*>/g, ' ') // raw HTML tags (their text stays)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: their description
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: their text
    .replace(/^\s{0,3}(#{1,6}|>+|[-*+]|\d+[.)])\s+/gm, '') // headings, quotes, list marks
    .replace(/(\*\*|__|~~|\*|_|`)/g, '') // emphasis and code marks
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1') // the space a removed tag left before punctuation
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

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
