// Headings in content follow the page's own: a text shown under an h1 starts at h2, one under an
// h2 at h3. The levels a text uses are renumbered in order from that level, so an editor's
// '### Who it's for' straight under the page title becomes an h2, and '##' then '####' become h2
// then h3: screen-reader users navigating by heading find no skipped level. The footnotes' heading
// (read by screen readers only) starts its own section of the text: it takes the first level.
import type { MarkdownNode } from './tree.ts';
import { walk } from './tree.ts';
import type { HeadingLevel } from '../../../server/schema/site/markdownKey.ts';

const rank = (node: MarkdownNode) => {
  const m = /^h([1-6])$/.exec(node.tagName ?? '');
  return m ? Number(m[1]) : 0;
};

/** The headings remark-gfm puts at the top of a text's footnotes section. */
function footnoteHeadings(tree: MarkdownNode): Set<MarkdownNode> {
  const found = new Set<MarkdownNode>();
  walk(tree, (node) => {
    if (node.tagName !== 'section' || node.properties?.dataFootnotes === undefined) return;
    for (const child of node.children ?? []) if (rank(child)) found.add(child);
  });
  return found;
}

/** rehype plugin: renumbers the text's heading levels to start at `from`, never past h6. */
export function rehypeHeadingLevels({ from }: { from: HeadingLevel }) {
  return (tree: MarkdownNode) => {
    const footnotes = footnoteHeadings(tree);
    const headings: MarkdownNode[] = [];
    walk(tree, (node) => {
      if (rank(node) && !footnotes.has(node)) headings.push(node);
    });
    const used = [...new Set(headings.map(rank))].sort((a, b) => a - b);
    for (const h of headings) h.tagName = `h${Math.min(6, from + used.indexOf(rank(h)))}`;
    for (const h of footnotes) h.tagName = `h${from}`;
  };
}
