// The text colours the admin's markdown helper offers: the site's palette (spec §9) in shades that
// keep 4.5:1 contrast (WCAG AA, body text) on white and on the site's light tints (#f5f3f0,
// #e8edf4, #fbe3d9). The spec's own orange #E8805E is 2.7:1 on white and its green #008000 4.4:1 on
// the blue tint, so both are darkened just enough; the blue #4D6485 already reads everywhere.
import type { MarkdownNode } from './tree.ts';
import { walk } from './tree.ts';

export const TEXT_COLOURS = {
  orange: '#A8431F',
  blue: '#4D6485',
  green: '#007A00',
} as const;

/** The helper's earlier values, still in saved content, and the shade each is shown in now. */
export const REPLACED_COLOURS: Readonly<Record<string, string>> = {
  '#e8805e': TEXT_COLOURS.orange,
  '#008000': TEXT_COLOURS.green,
};

// The old values are mapped here, in the render chain, rather than by CSS: an attribute selector
// on the inline style would need !important and only work where the site's stylesheet is loaded,
// while this gives the admin previews, the site and any later server rendering the same colour,
// and leaves the files in git untouched. It runs before the sanitizer, which still has the last word.
const OLD_COLOUR = /(color\s*:\s*)(#[0-9a-f]{6})(?![0-9a-f])/gi;

export function readableStyle(style: string): string {
  return style.replace(OLD_COLOUR, (all, prop: string, hex: string) => {
    const now = REPLACED_COLOURS[hex.toLowerCase()];
    return now ? prop + now : all;
  });
}

/** rehype plugin: rewrites the replaced colours in inline styles. */
export function rehypeReadableColours() {
  return (tree: MarkdownNode) => {
    walk(tree, (node) => {
      const style = node.properties?.style;
      if (typeof style === 'string') node.properties!.style = readableStyle(style);
    });
  };
}
