// What every field input is given (inputs.tsx maps each field kind to one; extras draw their own),
// and what a field's row is given (FieldRow.tsx), which a list's input draws for each of its parts.
import type { ComponentType } from 'react';
import type { AnyField } from '../../../../server/schema/fields.ts';
import type { FieldValue } from '../api.ts';
import type { ChosenFile } from '../entityApi.ts';

export interface InputProps {
  id: string;
  name: string;
  field: AnyField;
  /** The stored value: text, or a yes/no's boolean; never a wire code. */
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  /** A picture or file field's new file: one to upload, or one of the media library. */
  file: ChosenFile | null;
  onFile: (file: ChosenFile | null) => void;
  describedBy?: string;
  invalid?: boolean;
  /** Choices that cannot be picked right now (e.g. a page URL another page uses). */
  disabledOptions?: ReadonlySet<string>;
  /** Overrides the declared choices (e.g. the headers of the event pages). */
  options?: readonly { value: FieldValue; label: string }[];
  /** A list's messages about its parts, by their place below it (`2.items.0.link`). */
  errors?: Readonly<Record<string, string>>;
  /** The row that draws one field (FieldRow): a list draws its parts with it, lists within included. */
  Row: ComponentType<FieldRowProps>;
}

/** Choices and overrides for one field, from an entity's extras (or a list's part, by its place). */
export interface FieldOptions {
  options?: readonly { value: string; label: string }[];
  disabled?: ReadonlySet<string>;
  /** Draws this field with another input than its kind's (a text drawn as radio choices). */
  input?: { Input: ComponentType<InputProps>; group: boolean };
  /** Shown, not editable, for this person: why (the dashboard's script address, for non-admins). */
  readOnly?: string;
}

export interface FieldRowProps {
  formId: string;
  name: string;
  field: AnyField;
  value: FieldValue;
  file: ChosenFile | null;
  fileInputKey: number;
  error?: string;
  /** A list's messages about its parts, by their place below it (`2.items.0.link`). */
  errors?: Readonly<Record<string, string>>;
  /** The content checks' warnings about this field, in plain words (the save still goes ahead). */
  warnings?: string[];
  opts?: FieldOptions;
  onChange: (v: FieldValue) => void;
  onFile: (f: ChosenFile | null) => void;
}
