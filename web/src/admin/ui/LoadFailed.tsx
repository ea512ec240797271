// A page's list that could not be loaded: why, in plain words, and a button to try again.
export function LoadFailed({ what, error, onRetry }: { what: string; error: string; onRetry: () => void }) {
  return (
    <div className="admin-notice admin-notice-error" role="alert">
      <p>
        Could not load {what}: {error}
      </p>
      <button type="button" className="admin-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
