// A markdown text as one line of plain words, for a page's description (search results, link
// previews): tags, markdown marks and links' addresses removed — GitHub's too (task boxes, footnote
// marks and notes' labels, tables' pipes and rule rows). Never rendered as HTML.
export function plainText(markdown: string | undefined): string {
  return (markdown ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\^[^\]\s]+\]:?/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+(\[[ xX]\]\s+)?/gm, '')
    .replace(/^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$|^\s*\|\s*:?-+:?\s*\|\s*$/gm, '')
    .replace(/\s*\|\s*/g, ' ')
    .replace(/[*_`~]+/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
