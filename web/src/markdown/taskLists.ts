// Task lists (`- [x] done`) are shown, not filled in: every box in a text is a disabled checkbox,
// checked or not, with nothing else about it (no name, value, tab stop or access key). The sanitizer
// keeps only checkbox inputs too; this also drops the attributes its schema allows on every element.
// A box in a list item is named by the item's words (aria-label), so a screen reader says what is
// done or not (axe: every form control has a name).
import type { MarkdownNode } from './tree.ts';

const LISTS = new Set(['ul', 'ol']);

/** The words of an item, without those of the lists inside it. */
function words(node: MarkdownNode): string {
  if (node.type === 'text') return node.value ?? '';
  if (LISTS.has(node.tagName ?? '')) return '';
  return (node.children ?? []).map(words).join('');
}

function visit(node: MarkdownNode, item: MarkdownNode | undefined): void {
  for (const child of node.children ?? []) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'input') {
      const checked = child.properties?.checked === true || child.properties?.checked === '';
      const name = item && words(item).replace(/\s+/g, ' ').trim();
      child.properties = {
        type: 'checkbox',
        disabled: true,
        ...(checked ? { checked: true } : {}),
        ...(name ? { ariaLabel: name } : {}),
      };
      child.children = [];
      continue;
    }
    // A box sits in its item, or in the item's first paragraph (a loose list): named by those words.
    visit(child, child.tagName === 'li' || (child.tagName === 'p' && item) ? child : undefined);
  }
}

/** rehype plugin, run after rehype-raw (raw HTML's inputs too) and before the sanitizer. */
export function rehypeReadOnlyCheckboxes() {
  return (tree: MarkdownNode) => visit(tree, undefined);
}
