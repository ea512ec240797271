// Something shown once to copy (a link, a secret): a read-only box with its label and a Copy button,
// and plain words when the browser does not allow copying.
import { useId, useState } from 'react';

/** Copies `text` to the clipboard; `copied` is null until tried, then whether the browser allowed it. */
export function useCopy(text: string): { copied: boolean | null; copy: () => Promise<void> } {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return { copied, copy };
}

export function CopyBox({ label, value, what }: { label: string; value: string; what: string }) {
  const id = useId();
  const { copied, copy } = useCopy(value);
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
