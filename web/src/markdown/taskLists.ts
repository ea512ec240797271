// Task lists (`- [x] done`) are shown, not filled in: every box in a text is a disabled checkbox,
// checked or not, with nothing else about it (no name, value, tab stop or access key). The sanitizer
// keeps only checkbox inputs too; this also drops the attributes its schema allows on every element.
import type { MarkdownNode } from './tree.ts';
import { walk } from './tree.ts';

/** rehype plugin, run after rehype-raw (raw HTML's inputs too) and before the sanitizer. */
export function rehypeReadOnlyCheckboxes() {
  return (tree: MarkdownNode) => {
    walk(tree, (node) => {
      if (node.tagName !== 'input') return;
      const checked = node.properties?.checked === true || node.properties?.checked === '';
      node.properties = { type: 'checkbox', disabled: true, ...(checked ? { checked: true } : {}) };
      node.children = [];
    });
  };
}
