// Shown instead of an admin page that failed to draw: plain words and a way on, never a stack trace.
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';

export function AdminError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Admin page failed', error);
  }, [error]);
  return (
    <div className="admin">
      <Link className="admin-back" to="/admin">
        Go Back
      </Link>
      <h1 className="admin-title">Sorry, this page could not be shown</h1>
      <p>Something went wrong while drawing this page. Nothing you saved before is lost.</p>
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button-primary"
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
        <Link className="admin-button" to="/admin">
          Back to the admin home
        </Link>
      </div>
    </div>
  );
}
