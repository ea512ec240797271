// A listing drawn a page at a time (paging.ts): the page the address names (none, or one past the
// end, is the not-found page), its slice of the list read from the server, and the page's title with
// rel=prev/next. The listing's page draws its items and the numbered nav (Pagination.tsx).
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useApi, type ApiState } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import {
  pageHref,
  pageNumberOf,
  pagedEndpoint,
  type ListPage,
  type PagedListing,
} from '../../../../server/schema/site/paging.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { useWords } from '../words/useWords.ts';
import { fill } from '../words/fill.ts';

type Draw<T> = (page: number, list: ApiState<ListPage<T>>) => ReactNode;

export function ListingPages<T>({ listing, children }: { listing: PagedListing; children: Draw<T> }) {
  const page = pageNumberOf(useParams().page);
  return page === null ? (
    <NotFoundPage />
  ) : (
    <ListingPage listing={listing} page={page}>
      {children}
    </ListingPage>
  );
}

function ListingPage<T>({
  listing,
  page,
  children,
}: {
  listing: PagedListing;
  page: number;
  children: Draw<T>;
}) {
  const list = useApi<ListPage<T>>(pagedEndpoint(listing.endpoint, page, listing.perPage));
  // A page past the end (the list got shorter, or a made-up address) is no page.
  if (list.data && page > list.data.pages) return <NotFoundPage />;
  return <>{children(page, list)}</>;
}

/** 'News' on page 1, 'News, page 2 of 9' after it; rel=prev/next to the pages beside it. */
export function useListingTitle(
  listing: PagedListing,
  title: string,
  page: number,
  pages: number,
  description?: string,
  picture?: { image: string; imageAlt?: string },
): void {
  const words = useWords();
  usePageTitle(page === 1 ? title : fill(words.listingTitle, { title, page, pages }), {
    description,
    ...picture,
    prevPath: page > 1 ? pageHref(listing.path, page - 1) : undefined,
    nextPath: page < pages ? pageHref(listing.path, page + 1) : undefined,
  });
}
