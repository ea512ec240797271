// The numbered pages of a paged listing (paging.ts): previous and next, the first and last pages and
// those around this one. Real links, so they work without JavaScript and for crawlers; the page on
// screen is marked for screen readers with aria-current.
import { Link } from './RouterLinks.tsx';
import { pageHref, type PagedListing } from '../../../../server/schema/site/paging.ts';
import { useWords } from '../words/useWords.ts';
import { fill } from '../words/fill.ts';

/** The page numbers to show, with null where a run of them is left out. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => {
    const before = shown[i - 1];
    if (before === undefined || n === before + 1) return [n];
    return n === before + 2 ? [before + 1, n] : [null, n];
  });
}

export function Pagination({
  listing,
  page,
  pages,
}: {
  listing: Pick<PagedListing, 'path' | 'nav'>;
  page: number;
  pages: number;
}) {
  const words = useWords();
  if (pages <= 1) return null;
  const base = listing.path;
  // The listing's own words (sitePaths.ts) when the page's language has none for it.
  const nav = words.pagingNav[base] ?? listing.nav;
  return (
    <nav className="pagination" aria-label={nav.label}>
      <ul>
        {page > 1 && (
          <li>
            <Link to={pageHref(base, page - 1)} rel="prev" className="pagination-step">
              <span aria-hidden="true">← </span>
              {nav.back}
            </Link>
          </li>
        )}
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={pageHref(base, n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={fill(words.pageNumber, { n })}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={pageHref(base, page + 1)} rel="next" className="pagination-step">
              {nav.on}
              <span aria-hidden="true"> →</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
