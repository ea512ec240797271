// One labelled box of the account forms, with its help line and its error (both read with the box).
import { useId, type InputHTMLAttributes } from 'react';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & {
  label: string;
  help?: string;
  error?: string;
  onValue: (value: string) => void;
};

export function Field({ label, help, error, onValue, ...input }: FieldProps) {
  const id = useId();
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {help && (
        <p id={`${id}-help`} className="admin-help">
          {help}
        </p>
      )}
      <input
        type="text"
        {...input}
        id={id}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onValue(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Field messages keyed by name: the server's (a 400's `fields`) or the form's own checks. */
export type FieldErrors = Partial<Record<string, string>>;
