// A code block whose text starts with a blank line keeps it (CommonMark examples 127 and 129).
// rehype-raw hands the whole tree to parse5, which drops a line feed that follows <pre> ("newlines at
// the start of pre blocks are ignored") even though a <code> start tag comes between them; a browser
// reading the finished HTML keeps it. One more line feed in front gives parse5 the one it drops.
import type { MarkdownNode } from './tree.ts';
import { walk } from './tree.ts';

/** rehype plugin, run just before rehype-raw. */
export function rehypeCodeBlockNewline() {
  return (tree: MarkdownNode) => {
    walk(tree, (node) => {
      if (node.tagName !== 'pre') return;
      const code = node.children?.[0];
      const text = code?.tagName === 'code' ? code.children?.[0] : undefined;
      if (text?.type === 'text' && text.value?.startsWith('\n')) text.value = `\n${text.value}`;
    });
  };
}
