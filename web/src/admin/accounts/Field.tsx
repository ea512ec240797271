// One labelled box of the account forms, with its help line and its error (both read with the box).
import { useCallback, useId, useState, type InputHTMLAttributes } from 'react';
import { fieldErrorsOf, messageOf } from '../api.ts';
import { MIN_PASSWORD } from './accountWords.ts';

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

/** A new password typed twice, with the advice on choosing one: sign-up, reset and a change. */
export function NewPasswordFields(p: {
  /** "New password" (a reset, a change) or "Password" (a new account). */
  label: string;
  password: string;
  repeat: string;
  onPassword: (v: string) => void;
  onRepeat: (v: string) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <Field
        label={p.label}
        type="password"
        autoComplete="new-password"
        help={`At least ${MIN_PASSWORD} characters. A few unrelated words make a strong password that is easy to remember.`}
        value={p.password}
        onValue={p.onPassword}
        error={p.errors.password}
      />
      <Field
        label={`Repeat the ${p.label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        value={p.repeat}
        onValue={p.onRepeat}
        error={p.errors.repeat}
      />
    </>
  );
}

/** What went wrong with a form as a whole, announced at once; nothing when nothing did. */
/** A form's problems: messages beside its fields, and one for the whole form (shown by FormError). */
export function useFormProblems() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  /** A refused send: beside the fields the answer names, or else as one message for the form. */
  const failed = useCallback((err: unknown) => {
    const fields = fieldErrorsOf(err);
    setErrors(fields);
    setError(Object.keys(fields).length ? null : messageOf(err));
  }, []);
  return { errors, setErrors, error, setError, failed };
}

export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p className="admin-notice admin-notice-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A form's submit button, saying what it does and, while it works, that it is working. */
export function SubmitButton({
  busy,
  busyLabel,
  label,
}: {
  busy: boolean;
  busyLabel: string;
  label: string;
}) {
  return (
    <div className="admin-actions">
      <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
