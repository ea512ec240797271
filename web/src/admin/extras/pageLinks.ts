// Which menus and pages lead to a page, said before it is deleted (issue 34: "deleting a page that a
// menu or another page links to warns first"). The server has no call for it, so the admin reads the
// menus and the pages (GET /api/navigation, GET /api/pages, in the draft it works in) and looks
// through them: every link of the menus, and every link and markdown text of each page's sections
// (fieldLeaves walks into the lists, as the content checks do).
import { entities } from '../../../../server/schema/registry.ts';
import type { Fields } from '../../../../server/schema/define.ts';
import { fieldLeaves } from '../../../../server/schema/listFields.ts';
import { readMarkdown, sitePathOf } from '../../../../server/schema/contentChecks.ts';
import { getJson } from '../api.ts';
import { adminKey } from '../liveData.ts';

type Data = Record<string, unknown>;
interface MenuLink {
  label?: unknown;
  link?: unknown;
  children?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const same = (href: string, path: string) => {
  const at = sitePathOf(href);
  return at !== null && at.toLowerCase() === path.toLowerCase();
};
const links = (v: unknown): MenuLink[] => (Array.isArray(v) ? (v as MenuLink[]) : []);

/** Where the menus and other pages link to `path`, each in plain words; none: []. */
export function placesLinkingTo(
  path: string,
  navigation: Data | null,
  pages: readonly Data[],
  selfId: string,
): string[] {
  const out: string[] = [];
  for (const item of links(navigation?.header)) {
    if (same(text(item.link), path)) out.push(`the header menu (“${text(item.label)}”)`);
    for (const child of links(item.children))
      if (same(text(child.link), path))
        out.push(`the header menu (“${text(item.label)}”, then “${text(child.label)}”)`);
  }
  for (const item of links(navigation?.footer))
    if (same(text(item.link), path)) out.push(`the footer links (“${text(item.label)}”)`);
  const fields = entities.page.fields as Fields;
  for (const page of pages) {
    if (String(page.id) === selfId) continue;
    const found = fieldLeaves(fields, page).some(({ field, value }) => {
      if (typeof value !== 'string' || !value) return false;
      if (field.kind === 'link') return same(value, path);
      if (field.kind === 'markdown') return readMarkdown(value).links.some((l) => same(l.href, path));
      return false;
    });
    if (found) out.push(`the page “${text(page.title)}” (${text(page.path)})`);
  }
  return out;
}

/** The warning said before the question, or null when nothing links to the page (or it cannot be told). */
export async function linksWarning(page: Data): Promise<string | null> {
  const path = text(page.path);
  if (!path) return null;
  try {
    const [navigation, pages] = await Promise.all([
      getJson<Data>(adminKey(entities.navigation.legacy.endpoint)),
      getJson<Data[]>(adminKey(entities.page.legacy.endpoint)),
    ]);
    const places = placesLinkingTo(path, navigation, Array.isArray(pages) ? pages : [], String(page.id));
    if (!places.length) return null;
    const listed = places.length === 1 ? places[0] : `${places.slice(0, -1).join(', ')} and ${places.at(-1)}`;
    return `Links to ${path} are in ${listed}. After the delete they lead nowhere: change or remove them too.`;
  } catch {
    return null; // the question is still asked without what it would add
  }
}
