// The key of a markdown text's rendered HTML: how it is rendered (inline or block, links in a new
// tab, the level headings start at) and a hash of the text. The server renders each text once per
// change and the page carries the HTML under this key, so the browser needs no markdown parser.

/** The level a text's headings start at (web/src/markdown/headingLevels.ts renumbers them). */
export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface MarkdownVariant {
  inline?: boolean;
  linkTarget?: '_blank';
  headingsFrom?: HeadingLevel;
}

export const variantName = (v: MarkdownVariant) =>
  `${v.inline ? 'i' : 'b'}${v.linkTarget ? 't' : 's'}${v.headingsFrom ?? 0}`;

/** Two 32-bit FNV-1a hashes (different offsets), in base 36: 64 bits, enough for a site's texts. */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36).padStart(7, '0');
}

export const markdownKey = (text: string, variant: MarkdownVariant) =>
  `${variantName(variant)}:${text.length.toString(36)}:${textHash(text)}`;
