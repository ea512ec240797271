// Shown for any address that is not a page of the site (and for hidden event pages).
import { Link } from '../components/RouterLinks.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { useRenderCollector } from '../../shared/renderContext.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  // The server answers this page with 404, so search engines and link checkers see it is gone.
  useRenderCollector()?.status(404);
  return (
    <div className="container page not-found">
      <h1>Page not found</h1>
      <p>Sorry, there is no page at this address. It may have moved, or the event may be over.</p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
