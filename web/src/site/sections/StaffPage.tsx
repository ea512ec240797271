// Every address that is no fixed page: the page staff built there (issue 34), else not found. The
// addresses of staff's pages come with every such page (page_paths), so the server draws a page or the
// not-found page (404) at once, and an open tab follows a page made, moved or deleted meanwhile.
import { useLocation } from 'react-router-dom';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { PAGE_PATHS_ENDPOINT, pageAtEndpoint } from '../../../../server/schema/site/publicPaths.ts';
import { altAttribute } from '../../../../server/schema/imageAlt.ts';
import { EditLink } from '../components/EditLink.tsx';
import { Loadable, Loading } from '../components/Loadable.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { Sections } from './Sections.tsx';
import type { StaffPageItem } from './types.ts';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';

/** An address as pages are stored: lower case, no slash at the end. */
const addressOf = (pathname: string) => pathname.replace(/(.)\/+$/, '$1').toLowerCase();

export function PageOrNotFound() {
  const at = addressOf(useLocation().pathname);
  const paths = useApi<string[]>(PAGE_PATHS_ENDPOINT);
  const words = useWords();
  const path = paths.data?.find((p) => p.toLowerCase() === at);
  if (path) return <StaffPage path={path} />;
  if (paths.data === undefined && !paths.error)
    return (
      <div className="container page">
        <Loading>{words.loading}</Loading>
      </div>
    );
  return <NotFoundPage />;
}

function StaffPage({ path }: { path: string }) {
  const state = useApi<StaffPageItem[]>(pageAtEndpoint(path));
  const page = state.data?.[0];
  const words = useWords();
  const lang = useSiteLanguage();
  // Link previews show the page's first picture.
  const picture = page?.sections.find((s) => s.type === 'image' && s.image);
  const alt = picture?.type === 'image' ? altAttribute(picture.alt ?? '') : '';
  usePageTitle(page?.title ?? (state.data ? words.pageNotFound : undefined), {
    description: page?.summary,
    canonicalPath: page?.path,
    ...(picture?.type === 'image' ? { image: picture.image, imageAlt: alt || undefined } : {}),
  });
  if (state.data && !page) return <NotFoundPage />;
  return (
    <div className="container page staff-page" {...langAttr(page, lang)}>
      <Loadable
        state={state}
        what={words.what.page}
        logMessage="Error fetching a page"
        fallback={words.loading}
      >
        {() =>
          page && (
            <>
              <h1>{page.title}</h1>
              <EditLink entity="pages" id={page.id} what={`page “${page.title}”`} />
              <Sections sections={page.sections} />
            </>
          )
        }
      </Loadable>
    </div>
  );
}
