// Shown for any address that is not a page of the site (and for hidden event pages).
import { Link } from '../components/RouterLinks.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { useRenderCollector } from '../../shared/renderContext.ts';
import { useWords } from '../words/useWords.ts';

export function NotFoundPage() {
  const words = useWords();
  usePageTitle(words.pageNotFound);
  // The server answers this page with 404, so search engines and link checkers see it is gone.
  useRenderCollector()?.status(404);
  return (
    <div className="container page not-found">
      <h1>{words.pageNotFound}</h1>
      <p>{words.notFoundText}</p>
      <p>
        <Link to="/" className="button">
          {words.homeLink}
        </Link>
      </p>
    </div>
  );
}
