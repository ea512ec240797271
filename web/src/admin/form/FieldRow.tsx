// One field of the entity form: its label (and whether it is asked for), help and characters left,
// the input its kind draws (or an extra's), the server's message and the content checks' warnings;
// or, for a field this person may not change, its value read-only and why.
import { askedFor, isMediaField, type AnyField } from '../../../../server/schema/fields.ts';
import type { FieldValue } from '../api.ts';
import { textOf } from '../entityApi.ts';
import type { FieldRowProps } from './inputProps.ts';
import { inputs } from './inputs.tsx';

export function FieldRow({
  formId,
  name,
  field,
  value,
  file,
  fileInputKey,
  error,
  errors,
  warnings,
  opts,
  onChange,
  onFile,
}: FieldRowProps) {
  const id = `${formId}-${name}`;
  if (opts?.readOnly) return <ReadOnlyRow id={id} field={field} value={value} why={opts.readOnly} />;
  const { Input, group } = opts?.input ?? inputs[field.kind];
  // A date input shows its own format, so a format hint such as 'YYYY-MM-DD' would only confuse.
  const help = field.kind === 'date' && field.help && /^[YMD/ -]+$/.test(field.help) ? undefined : field.help;
  // A list's limit is said by the list itself (in items, not characters).
  const counted = field.max !== undefined && field.kind !== 'list';
  const helpId = help || counted ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const warningsId = warnings?.length ? `${id}-warnings` : undefined;
  const describedBy = [helpId, errorId, warningsId].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {field.label}
      {askedFor(field) && <span className="admin-required"> (required)</span>}
    </>
  );
  const input = (
    <Input
      key={isMediaField(field) ? fileInputKey : undefined}
      id={id}
      name={name}
      field={field}
      value={value}
      onChange={onChange}
      file={file}
      onFile={onFile}
      describedBy={describedBy}
      invalid={!!error}
      errors={errors}
      Row={FieldRow}
      options={opts?.options}
      disabledOptions={opts?.disabled}
    />
  );
  const helpLine = helpId && (
    <p id={helpId} className="admin-help">
      {help}
      {counted && field.max !== undefined && (
        <span className={textOf(value).length > field.max ? 'admin-over' : undefined}>
          {help ? ' ' : ''}
          {field.max - textOf(value).length} characters remaining
        </span>
      )}
    </p>
  );
  const err = error && (
    <p id={errorId} className="admin-field-error">
      {error}
    </p>
  );
  const warned = warningsId && (
    <ul id={warningsId} className="admin-field-warnings" aria-label="To check">
      {warnings!.map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  );
  if (group) {
    return (
      <fieldset className="admin-field">
        <legend>{label}</legend>
        {helpLine}
        {input}
        {err}
        {warned}
      </fieldset>
    );
  }
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {helpLine}
      {input}
      {err}
      {warned}
    </div>
  );
}

/** A field this person may see but not change: its value in a read-only box, and why. */
function ReadOnlyRow({
  id,
  field,
  value,
  why,
}: {
  id: string;
  field: AnyField;
  value: FieldValue;
  why: string;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{field.label}</label>
      <input id={id} type="text" readOnly value={textOf(value)} aria-describedby={`${id}-why`} />
      <p id={`${id}-why`} className="admin-help">
        {why}
      </p>
    </div>
  );
}
