// The error view (spec §8): 'Unexpected Application Error!' and what went wrong. ErrorView reads a
// data router's error; ErrorMessage shows any error (the site's page boundary, PageErrorBoundary.tsx).
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useWords } from '../words/useWords.ts';
import { useInLanguage } from '../language/siteLanguage.tsx';

export function ErrorMessage({ error }: { error: unknown }) {
  const words = useWords();
  const home = useInLanguage()('/');
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : ''; // a thrown value that is neither says nothing a reader could use
  return (
    <div className="container page error-view" role="alert">
      <h1>{words.errorTitle}</h1>
      {detail && <p className="error-detail">{detail}</p>}
      <p>
        {words.errorTryAgain}
        <a href={home}>{words.errorHomeLink}</a>.
      </p>
    </div>
  );
}

export function ErrorView() {
  return <ErrorMessage error={useRouteError()} />;
}
