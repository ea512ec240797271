// What every field input is given (inputs.tsx maps each field kind to one; extras draw their own).
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
}
