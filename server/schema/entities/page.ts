import { defineCollection, type Carried, type EntityDef, type ItemLookup } from '../define.ts';
import { text } from '../textFields.ts';
import { scheduleFields } from '../schedule.ts';
import { sectionsField } from '../pages/sections.ts';
import { pageAddress, parentAddress } from '../pages/pageAddress.ts';
import { parseRedirects, redirectKey } from '../redirects.ts';
import { fieldText } from '../fieldText.ts';
import { EVENT_PAGE_PATHS } from '../site/publicPaths.ts';
import { FIXED_PAGES } from '../sitePaths.ts';
import { majorEvent } from './majorEvent.ts';

/** The Redirects page's entity (registry name), which a page's address must not collide with. */
const REDIRECTS = 'redirects';
const FIXED = new Set([...FIXED_PAGES, ...EVENT_PAGE_PATHS].map((p) => redirectKey(p)));
const pathOf = (data: Record<string, unknown>) => fieldText(data.path);
const titleOf = (data: Record<string, unknown>) => fieldText(data.title);

/** Staff build these from sections, at addresses of their own (issue 34; DESIGN decision 14). */
export const page = defineCollection({
  name: 'pages',
  label: 'Pages',
  folder: 'pages',
  itemNoun: 'this page',
  fields: {
    title: text('Title', { translatable: true, required: true, max: 120 }),
    path: pageAddress('Address'),
    summary: text('Summary', {
      translatable: true,
      max: 300,
      help: 'A sentence or two: shown in search results and when someone shares the page.',
    }),
    sections: sectionsField(),
    ...scheduleFields(),
  },
  order: (a, b) => String(a.path).localeCompare(String(b.path)),
  legacy: { endpoint: 'pages' },
  search: { page: (data) => pathOf(data) || '/' },
  admin: {
    route: '/PagesAdminPage',
    description: 'Pages built from sections, each at its own address.',
    titleField: 'title',
  },
  rules: {
    check: ({ def, data, id, before, items, entity }): Record<string, string> | null => {
      const redirects = entity(REDIRECTS)!;
      const problem = addressTaken(
        def,
        redirects,
        pathOf(data),
        id,
        before ? pathOf(before) : undefined,
        items,
      );
      return problem ? { path: problem } : null;
    },
    carry: ({ def, data, before, id, items, entity }): Carried[] | null => {
      const from = before ? pathOf(before) : '';
      const to = pathOf(data);
      if (!from || from === to) return null;
      return renamed(def, entity(REDIRECTS)!, id, from, to, items);
    },
  },
});

/**
 * Why an address cannot be this page's: the site answers it already (a fixed or event page, another
 * page, a redirect's old address), or the page it is nested under does not exist. Null when free.
 * A redirect from the address to this page's own address is the page's old name: it goes when the page
 * takes the address back (renamed()).
 */
export function addressTaken(
  def: EntityDef,
  redirects: EntityDef,
  path: string,
  id: string,
  was: string | undefined,
  items: ItemLookup,
): string | null {
  const key = redirectKey(path);
  if (FIXED.has(key)) return `The site already has a page at ${path}. Choose another address.`;
  const event = items
    .list(majorEvent)
    .find(
      (e) => typeof e.data.page_url === 'string' && e.data.page_url && redirectKey(e.data.page_url) === key,
    );
  if (event) return `The event page “${fieldText(event.data.header)}” is at ${path}. Choose another address.`;
  const other = items.list(def).find((p) => p.id !== id && redirectKey(pathOf(p.data)) === key);
  if (other) return `The page “${titleOf(other.data)}” is already at ${path}. Choose another address.`;
  const { redirects: rules } = parseRedirects(fieldText(items.get(redirects)?.data.rules));
  const rule = rules.find((r) => r.key === key);
  if (rule && !(was && rule.to && redirectKey(rule.to) === redirectKey(was)))
    return `${path} is an old address that the Redirects page sends on${rule.to ? ` to ${rule.to}` : ''}. Choose another address, or remove that redirect first.`;
  const parent = parentAddress(path);
  if (
    parent &&
    !items.list(def).some((p) => p.id !== id && redirectKey(pathOf(p.data)) === redirectKey(parent))
  )
    return `There is no page at ${parent} to put this page under. Make that page first, or choose another address.`;
  return null;
}

/**
 * A page that moves takes its sub-pages along (/programs/x follows /programs to /courses/x), and
 * leaves a redirect from each old address to its new one on the Redirects page, in the same commit:
 * links and bookmarks keep working. Redirects that led to an old address now lead to the new one (no
 * chains), and one from the new address (the page's own old name, taken back) goes.
 */
function renamed(
  def: EntityDef,
  redirects: EntityDef,
  id: string,
  from: string,
  to: string,
  items: ItemLookup,
): Carried[] {
  const moves: [string, string][] = [[from, to]];
  const subPages = items
    .list(def)
    .filter((p) => p.id !== id && pathOf(p.data).startsWith(`${from}/`))
    .map((p) => {
      const next = to + pathOf(p.data).slice(from.length);
      moves.push([pathOf(p.data), next]);
      return { id: p.id, data: { ...p.data, path: next } };
    });
  const text = fieldText(items.get(redirects)?.data.rules);
  const { redirects: rules } = parseRedirects(text);
  const newKeys = new Set(moves.map(([, n]) => redirectKey(n)));
  const movedTo = new Map(moves.map(([o, n]) => [redirectKey(o), n]));
  const lines = text.split('\n');
  const dropped = new Set<number>();
  for (const r of rules) {
    if (newKeys.has(r.key)) dropped.add(r.line);
    else if (r.to && !r.gone && movedTo.has(redirectKey(r.to)))
      lines[r.line - 1] = `${r.from} ${movedTo.get(redirectKey(r.to))}`;
  }
  const kept = lines.filter((_, i) => !dropped.has(i + 1));
  while (kept.length && kept[kept.length - 1]!.trim() === '') kept.pop();
  const added = moves.map(([o, n]) => `${o} ${n}`);
  const carried: Carried[] = [
    {
      def: redirects,
      items: [{ id: '1', data: { rules: [...kept, ...added].join('\n') } }],
      note:
        added.length === 1
          ? `Visitors to ${from} are sent on to ${to}.`
          : `Visitors to the ${added.length} old addresses are sent on to the new ones.`,
    },
  ];
  if (subPages.length)
    carried.unshift({
      def,
      items: subPages,
      note: `${subPages.length} page${subPages.length === 1 ? '' : 's'} under it moved along.`,
    });
  return carried;
}
