// Ids inside a text: raw HTML's (`<a id="top">`) and those remark-gfm gives footnotes (`fn-1`,
// `fnref-1`, `footnote-label`). The sanitizer prefixes every id and name with `user-content-`, so no
// text can clobber the page's own globals (DOM clobbering). Before that, this gives each id the
// text's own scope, so two texts on one page (two news items, each with a footnote [^1]) never share
// an id, and points the text's links to its own ids (`#fn-1`, aria-describedby) at the new ones.
import type { MarkdownNode } from './tree.ts';
import { walk } from './tree.ts';
import { textHash } from '../../../server/schema/site/markdownKey.ts';
import { fieldText } from '../../../server/schema/fieldText.ts';

/** What the sanitizer puts before every id and name (rehype-sanitize's default clobberPrefix). */
export const CLOBBER_PREFIX = 'user-content-';

/** A text's scope: the same text always gets the same one, so pages and previews agree. */
export const textScope = (text: string) => `t${textHash(text).slice(-6)}-`;

const NAMED = ['id', 'name'] as const;
const REFERENCES = ['ariaDescribedBy', 'ariaLabelledBy'] as const;

function fragmentTarget(href: string, ids: ReadonlySet<string>): string | undefined {
  const raw = href.slice(1);
  if (ids.has(raw)) return raw;
  try {
    const decoded = decodeURIComponent(raw);
    return ids.has(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/** rehype plugin, run after rehype-raw and before the sanitizer. */
export function rehypeTextIds({ scope }: { scope: string }) {
  return (tree: MarkdownNode) => {
    const ids = new Set<string>();
    walk(tree, (node) => {
      for (const key of NAMED) {
        const v = node.properties?.[key];
        if (typeof v === 'string' && v) ids.add(v);
      }
    });
    if (!ids.size) return;
    walk(tree, (node) => {
      const p = node.properties;
      if (!p) return;
      for (const key of NAMED) if (typeof p[key] === 'string' && p[key]) p[key] = scope + p[key];
      for (const key of REFERENCES) {
        const v = p[key];
        if (!Array.isArray(v)) continue;
        p[key] = (v as unknown[]).map((x) => (ids.has(fieldText(x)) ? scope + fieldText(x) : x));
      }
      if (typeof p.href === 'string' && p.href.startsWith('#')) {
        const target = fragmentTarget(p.href, ids);
        if (target !== undefined) p.href = `#${CLOBBER_PREFIX}${scope}${target}`;
      }
    });
  };
}
