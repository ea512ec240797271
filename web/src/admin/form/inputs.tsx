// One input per field kind. The map is checked against FieldKind, so declaring a new kind in
// server/schema/fields.ts without an input here is a compile error, never a silent text box.
import { lazy, Suspense, useContext, useLayoutEffect, useRef, type ComponentType } from 'react';
import type { FieldKind } from '../../../../server/schema/fields.ts';
import { askedFor } from '../../../../server/schema/fields.ts';
import { plainOf, textOf } from '../entityApi.ts';
import { Markdown } from '../ui/LazyMarkdown.tsx';
import { leaveStandIn } from './focusHandOver.ts';
import { MediaInput } from './MediaInput.tsx';
import { ListInput } from './ListInput.tsx';
import { InList } from './listContext.ts';
import type { InputProps } from './inputProps.ts';

export type { InputProps };

interface InputSpec {
  Input: ComponentType<InputProps>;
  /** Radio groups are labelled by a fieldset legend instead of a <label>. */
  group: boolean;
}

const common = (p: InputProps) => ({
  id: p.id,
  name: p.name,
  'aria-describedby': p.describedBy,
  'aria-invalid': p.invalid || undefined,
  'aria-required': askedFor(p.field) || undefined,
  // The declared limit stops the typing, so the counter never goes below 0.
  maxLength: p.field.max,
});

/** A short text with choices given (a person chosen among the profiles): a drop-down of them. */
function SelectInput(p: InputProps) {
  const options = p.options ?? [];
  const value = plainOf(p.value);
  const known = options.some((o) => plainOf(o.value) === value);
  return (
    <select {...common(p)} value={value} onChange={(e) => p.onChange(e.target.value)}>
      <option value="">Choose…</option>
      {!known && value && <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={plainOf(o.value)} value={plainOf(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function TextInput(p: InputProps) {
  if (p.options) return <SelectInput {...p} />;
  // Text of several lines (a field declared with `rows`): a plain box that keeps its line breaks.
  if (p.field.rows)
    return (
      <textarea
        {...common(p)}
        rows={p.field.rows}
        spellCheck={false}
        value={textOf(p.value)}
        placeholder={p.field.placeholder}
        onChange={(e) => p.onChange(e.target.value)}
      />
    );
  return (
    <input
      type="text"
      {...common(p)}
      value={textOf(p.value)}
      placeholder={p.field.placeholder}
      onChange={(e) => p.onChange(e.target.value)}
    />
  );
}

function LinkInput(p: InputProps) {
  const box = (
    <input
      type="text"
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      {...common(p)}
      value={textOf(p.value)}
      placeholder={p.field.placeholder ?? 'https://example.org or /page'}
      onChange={(e) => p.onChange(e.target.value)}
    />
  );
  if (!p.options?.length) return box;
  // Pages of the site offered (a menu's links): choosing one writes its address in the box, which
  // still takes any link.
  const value = textOf(p.value);
  const chosen = p.options.some((o) => o.value === value) ? value : '';
  return (
    <div className="admin-link-choice">
      {box}
      <select
        aria-label={`Or choose a page of the site for ${p.field.label}`}
        value={chosen}
        onChange={(e) => e.target.value && p.onChange(e.target.value)}
      >
        <option value="">Or choose a page…</option>
        {p.options.map((o) => (
          <option key={plainOf(o.value)} value={plainOf(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateInput(p: InputProps) {
  return (
    <input type="date" {...common(p)} value={textOf(p.value)} onChange={(e) => p.onChange(e.target.value)} />
  );
}

/** A time of day on the site's clock ('HH:MM'). */
function TimeInput(p: InputProps) {
  return (
    <input type="time" {...common(p)} value={textOf(p.value)} onChange={(e) => p.onChange(e.target.value)} />
  );
}

/** A moment in the site's time (the form holds 'YYYY-MM-DDTHH:mm'; the server reads it in the site's zone). */
function DateTimeInput(p: InputProps) {
  return (
    <input
      type="datetime-local"
      {...common(p)}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.target.value)}
    />
  );
}

export function RadioInput(p: InputProps) {
  // Yes/no choices read best with the 'no' state first: Event Open, Event Full; Shown, Hidden.
  const declared = p.field.kind === 'flag' ? [...(p.field.options ?? [])].reverse() : p.field.options;
  const options: NonNullable<InputProps['options']> = p.options ?? declared ?? [];
  return (
    <div className="admin-radios" role="presentation">
      {options.map((o) => {
        const disabled = typeof o.value === 'string' && (p.disabledOptions?.has(o.value) ?? false);
        return (
          <label key={plainOf(o.value)} className={disabled ? 'admin-radio is-disabled' : 'admin-radio'}>
            <input
              type="radio"
              name={`${p.id}-${p.name}`}
              value={plainOf(o.value)}
              checked={p.value === o.value}
              disabled={disabled}
              aria-describedby={p.describedBy}
              onChange={() => p.onChange(o.value)}
            />
            {o.label || 'None'}
          </label>
        );
      })}
    </div>
  );
}

// The markdown editor is its own chunk: only editing screens load it.
const MdEditor = lazy(() => import('./MdEditor.tsx'));

/** The plain box that takes the typing until the editor arrives; it hands its focus and selection over as it goes. */
function StandInBox(p: InputProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    return () => leaveStandIn(box);
  }, []);
  return (
    <textarea
      ref={ref}
      {...common(p)}
      rows={6}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.target.value)}
    />
  );
}

function MarkdownInput(p: InputProps) {
  // Inside a list every item's text has the same label ("Text"): there the preview is a group, not
  // one more landmark of the same name.
  const inList = useContext(InList);
  return (
    <div className="admin-markdown">
      <Suspense fallback={<StandInBox {...p} />}>
        <MdEditor
          id={p.id}
          name={p.name}
          value={textOf(p.value)}
          onChange={p.onChange}
          describedBy={p.describedBy}
          required={askedFor(p.field)}
          maxLength={p.field.max}
          uploads
        />
      </Suspense>
      <div
        className="admin-preview"
        aria-label={`Preview of ${p.field.label}`}
        role={inList ? 'group' : 'region'}
      >
        <span className="admin-preview-label" aria-hidden="true">
          Preview
        </span>
        {textOf(p.value).trim() ? (
          <Markdown>{textOf(p.value)}</Markdown>
        ) : (
          <p className="admin-muted">Nothing to preview yet.</p>
        )}
      </div>
    </div>
  );
}

export const inputs = {
  text: { Input: TextInput, group: false },
  markdown: { Input: MarkdownInput, group: false },
  link: { Input: LinkInput, group: false },
  date: { Input: DateInput, group: false },
  time: { Input: TimeInput, group: false },
  datetime: { Input: DateTimeInput, group: false },
  flag: { Input: RadioInput, group: true },
  codes: { Input: RadioInput, group: true },
  choice: { Input: RadioInput, group: true },
  image: { Input: MediaInput, group: false },
  pdf: { Input: MediaInput, group: false },
  list: { Input: ListInput, group: true },
} satisfies Record<FieldKind, InputSpec>;
