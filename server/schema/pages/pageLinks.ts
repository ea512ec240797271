// What leads to a page (issue 34: deleting a page that a menu or another page links to warns first):
// every menu item, link part and markdown link of the site's items that points at the page's address,
// and each redirect that sends visitors there (or names it as what replaced a retired page). Parts of lists are walked like fields (fieldLeaves) and
// addresses compared as the site answers them (redirectKey: any case, a slash at the end or not,
// the query and fragment dropped). Pure: it reads an item lookup (the live index or a draft's view).
import type { EntityDef, Fields, ItemLookup } from '../define.ts';
import { siteEntities } from '../registry.ts';
import { fieldLeaves, labelAt } from '../listFields.ts';
import { readMarkdown, sitePathOf } from '../contentChecks.ts';
import { parseRedirects, redirectKey } from '../redirects.ts';
import { fieldText } from '../fieldText.ts';

/** One place that leads to the page. */
export interface PageLink {
  /** The item's entity (registry name: 'navigation', 'pages', 'news', 'redirects', …) and id. */
  entity: string;
  id: string;
  /** The item's title (its declared title field), or the entity's label for a singleton ('Menus'). */
  title: string;
  /** The label of the field or list part holding the link ('Link', 'Text', 'Rules'), as content checks name it. */
  label: string;
  /** Where in the item: a field or a list part's place ('header.2.children.0.link', 'sections.1.body'). */
  field: string;
  /** The words of the link, when it has some: a menu item's or a button's words, a markdown link's text, a redirect's old address. */
  words?: string;
}

const REDIRECTS = 'redirects';

/** Every place in `items` (other than the page itself, `self`) that leads to `path`. */
export function linksToPage(
  items: Pick<ItemLookup, 'list' | 'get'>,
  path: string,
  self?: { entity: string; id: string },
): PageLink[] {
  const key = redirectKey(path);
  const leadsHere = (href: string) => {
    const at = sitePathOf(href);
    return at !== null && redirectKey(at) === key;
  };
  const out: PageLink[] = [];
  for (const def of siteEntities) {
    const list =
      def.type === 'collection' ? items.list(def) : [items.get(def)].filter((i) => i !== undefined);
    for (const item of list) {
      if (self && self.entity === def.name && self.id === item.id) continue;
      const found = (field: string, words?: string): PageLink => ({
        entity: def.name,
        id: item.id,
        title: titleOf(def, item.data),
        label: labelAt(def.fields as Fields, field),
        field,
        ...(words ? { words } : {}),
      });
      if (def.name === REDIRECTS) {
        const { redirects } = parseRedirects(fieldText(item.data.rules));
        for (const r of redirects) if (r.to && leadsHere(r.to)) out.push(found('rules', r.from));
        continue;
      }
      for (const { key: at, field, value, scope } of fieldLeaves(def.fields as Fields, item.data)) {
        if (typeof value !== 'string' || !value) continue;
        if (field.kind === 'link' && leadsHere(value)) {
          // A menu item or a button says its own words beside its link.
          const words = fieldText(scope.data.label ?? scope.data.title).trim();
          out.push(found(at, words || undefined));
        } else if (field.kind === 'markdown') {
          for (const link of readMarkdown(value).links)
            if (leadsHere(link.href)) out.push(found(at, link.text || undefined));
        }
      }
    }
  }
  return out;
}

function titleOf(def: EntityDef, data: Record<string, unknown>): string {
  const titleKey = def.admin.titleField;
  return (titleKey ? fieldText(data[titleKey]) : '').replace(/\s+/g, ' ').trim() || def.label;
}
