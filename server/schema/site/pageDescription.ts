// A page's description for search results and link previews: the server writes it into the page's
// <head>, and the browser keeps it up to date as visitors move between pages.

/** The description of pages that give none (index.html says the same). */
export const SITE_DESCRIPTION =
  'Computer science education for every student in the state: research, policy, ' +
  'events and resources for K-12 educators.';

const MAX_DESCRIPTION = 200;

/** One line of plain words, cut at a word near the limit. */
export function shortDescription(text: string | undefined): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  if (plain.length <= MAX_DESCRIPTION) return plain;
  const cut = plain.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_DESCRIPTION / 2))}…`;
}
