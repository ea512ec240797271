// Which menus, pages and other items lead to a page, said before it is deleted (issue 34: "deleting a
// page that a menu or another page links to warns first"). The server answers it
// (GET /api/pages/links?id=, in the draft the admin works in); here it is put in plain words.
import { getJson } from '../api.ts';
import { inDraft } from '../drafts/workingDraft.ts';
import type { PageLink } from '../../../../server/schema/pages/pageLinks.ts';

const quoted = (words: string | undefined) => (words ? ` (“${words}”)` : '');

/** Each place in plain words, once each: "the menus (“CAMP”)", "the page “Programs”". */
export function placesOf(links: readonly PageLink[]): string[] {
  const out = links.map((l) => {
    if (l.entity === 'navigation')
      return `the ${l.field.startsWith('footer') ? 'footer links' : 'header menu'}${quoted(l.words)}`;
    if (l.entity === 'redirects') return `the Redirects page${quoted(l.words)}`;
    if (l.entity === 'pages') return `the page “${l.title}”`;
    return `“${l.title}” (${l.label})`;
  });
  return [...new Set(out)];
}

/** The warning said before the question, or null when nothing links to the page (or it cannot be told). */
export async function linksWarning(page: Record<string, unknown>): Promise<string | null> {
  const id = page.id;
  if (typeof id !== 'string' || !id) return null;
  try {
    const answer = await getJson<{ path: string; links: PageLink[] }>(
      inDraft(`pages/links?id=${encodeURIComponent(id)}`),
    );
    const places = placesOf(answer.links);
    if (!places.length) return null;
    const listed = places.length === 1 ? places[0] : `${places.slice(0, -1).join(', ')} and ${places.at(-1)}`;
    return `Links to ${answer.path} are in ${listed}. After the delete they lead nowhere: change or remove them too.`;
  } catch {
    return null; // the question is still asked without what it would add
  }
}
