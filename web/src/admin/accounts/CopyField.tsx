// A secret shown once, whole (a one-time link, a token for scripts): a read-only box to select, a
// button to copy it, and plain words when the browser does not allow copying.
import { useId, useState } from 'react';

export function CopyField({ value, label, what }: { value: string; label: string; what: 'link' | 'token' }) {
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
        <label htmlFor={`${id}-value`}>{label}</label>
        <input id={`${id}-value`} type="text" readOnly value={value} onFocus={(e) => e.target.select()} />
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
