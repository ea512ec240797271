// GFM's tag filter ("Disallowed Raw HTML (extension)"): in raw HTML, the nine tags that change how
// the HTML after them is read (<title>, <textarea>, <style>, <xmp>, <iframe>, <noembed>, <noframes>,
// <script>, <plaintext>) have their '<' written as '&lt;', so they show as text, as on GitHub.
// Without it, a stray <title> or <textarea> turned the rest of the text into its own raw content.
// micromark applies the filter only when it writes HTML itself; here the raw HTML goes to rehype-raw.
import type { MarkdownNode } from './tree.ts';

const FILTERED =
  /<(?=\/?(?:title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)(?:[\t\n\f\r />]|$))/gi;

export const filterTags = (html: string) => html.replace(FILTERED, '&lt;');

function visit(node: MarkdownNode): void {
  if (node.type === 'raw' && typeof node.value === 'string') node.value = filterTags(node.value);
  for (const child of node.children ?? []) visit(child);
}

/** rehype plugin, run before rehype-raw. */
export function rehypeTagFilter() {
  return visit;
}
