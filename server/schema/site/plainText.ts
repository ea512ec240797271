// A markdown text as one line of plain words: tags, markdown marks and links' addresses removed —
// GitHub's too (task boxes, footnote marks and notes' labels, tables' pipes and rule rows). For a
// page's description (search results, link previews) and for site search's documents and snippets.
// Never rendered as HTML. Pure TypeScript.
export function plainText(markdown: string | undefined): string {
  return (
    (markdown ?? '')
      .replace(/<[^>]*>/g, ' ') // raw HTML tags (their text stays)
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: their description
      .replace(/\[\^[^\]\s]+\]:?/g, ' ') // footnote marks and notes' labels
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: their text
      // headings, quotes, list marks and task boxes
      .replace(/^\s{0,3}(#{1,6}|>+|[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/gm, '')
      .replace(/^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$|^\s*\|\s*:?-+:?\s*\|\s*$/gm, '') // table rules
      .replace(/\s*\|\s*/g, ' ') // table pipes
      .replace(/[*_`~]+/g, '') // emphasis and code marks
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&') // last, so '&amp;lt;' stays '&lt;'
      .replace(/\s+/g, ' ')
      .replace(/ ([.,;:!?])/g, '$1') // the space a removed tag left before punctuation
      .trim()
  );
}
