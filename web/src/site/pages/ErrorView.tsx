// The error view (spec §8): 'Unexpected Application Error!' and what went wrong. ErrorView reads a
// data router's error; ErrorMessage shows any error (the site's page boundary, PageErrorBoundary.tsx).
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

export function ErrorMessage({ error }: { error: unknown }) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : ''; // a thrown value that is neither says nothing a reader could use
  return (
    <div className="container page error-view" role="alert">
      <h1>Unexpected Application Error!</h1>
      {detail && <p className="error-detail">{detail}</p>}
      <p>
        Please try again, or <a href="/">go to the home page</a>.
      </p>
    </div>
  );
}

export function ErrorView() {
  return <ErrorMessage error={useRouteError()} />;
}
