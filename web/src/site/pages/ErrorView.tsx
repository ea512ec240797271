// The router's error view (spec §8): 'Unexpected Application Error!' and what went wrong.
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

export function ErrorView() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error ? error.message : String(error ?? '');
  return (
    <div className="container page error-view" role="alert">
      <h1>Unexpected Application Error!</h1>
      {detail && <p className="error-detail">{detail}</p>}
      <p>Please try again, or <a href="/">go to the home page</a>.</p>
    </div>
  );
}
