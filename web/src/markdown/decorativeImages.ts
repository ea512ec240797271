// An image staff mark as decorative (its alt text is the word “decorative”, the content checks'
// explicit choice) is drawn with alt="": screen readers skip it instead of reading the word.
import { isDecorative } from '../../../server/schema/imageAlt.ts';
import type { MarkdownNode } from './tree.ts';
import { walk } from './tree.ts';

/** rehype plugin: `![decorative](…)` becomes <img alt="">. */
export function rehypeDecorativeImages() {
  return (tree: MarkdownNode) => {
    walk(tree, (node) => {
      const alt = node.properties?.alt;
      if (node.tagName === 'img' && typeof alt === 'string' && isDecorative(alt)) node.properties!.alt = '';
    });
  };
}
