// Something shown once to copy (a link, a secret): a read-only box with its label and a Copy button,
// and plain words when the browser does not allow copying.
import { useId, useState } from 'react';

export function CopyBox({ label, value, what }: { label: string; value: string; what: string }) {
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <div className="admin-field">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="text" readOnly value={value} onFocus={(e) => e.target.select()} />
      </div>
      <button type="button" className="admin-button" onClick={() => void copy()}>
        {copied ? 'Copied' : `Copy the ${what}`}
      </button>
      {copied === false && (
        <p className="admin-field-error" role="alert">
          Your browser did not allow copying: select the {what} and copy it yourself.
        </p>
      )}
    </>
  );
}
