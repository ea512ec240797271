// What a per-entity module may add to the generic list and form. Each entity's extras live in
// extras/<entity>.tsx; the generic code never tests an entity's name.
import type { ComponentType } from 'react';
import type { EntityDef } from '../../../../server/schema/define.ts';
import type { AdminItem } from '../api.ts';
import type { FormFiles, FormValues } from '../entityApi.ts';
import type { FieldOptions } from '../form/inputProps.ts';

export type { FieldOptions };

export interface SectionProps {
  def: EntityDef;
  extras: EntityExtras;
}

export interface ItemActionProps {
  def: EntityDef;
  item: AdminItem;
  /** Shows the section's success notice. */
  onDone: (message: string) => void;
  onError: (message: string) => void;
}

/** What a list's header is drawn with: it may change something and say so in the section's notice. */
export interface ListHeaderProps {
  def: EntityDef;
  onDone: (message: string) => void;
  onError: (message: string) => void;
}

export interface EntityExtras {
  /** Draws the whole section itself (messages). */
  Section?: ComponentType<SectionProps>;
  /** Section heading; defaults to the entity's label. */
  heading?: string;
  /** One line under the heading. */
  intro?: string;
  /** Fields the generic form and list do not draw (set elsewhere, e.g. Show Page / Hide Page). */
  hiddenFields?: readonly string[];
  /**
   * Choices computed from other content: event page headers, page URLs in use. Called as a hook;
   * it reads whatever other content it needs itself (the section holds one page of items).
   */
  useFieldOptions?: (item: AdminItem | undefined) => Record<string, FieldOptions>;
  /**
   * Shown once an item is deleted, under the notice (papers: offer a redirect for the deleted
   * paper's download address). `onClose` hides it; `onDone` shows a success notice.
   */
  AfterDelete?: ComponentType<{
    def: EntityDef;
    id: string;
    onClose: () => void;
    onDone: (message: string) => void;
  }>;
  /** Buttons beside History and Delete on an opened item. */
  ItemActions?: ComponentType<ItemActionProps>;
  /** Draws an opened item instead of the generic edit form (papers: field by field). */
  ItemEditor?: ComponentType<ItemActionProps>;
  /** A short mark after an item's line in the list (the banner shown on the site). */
  RowMark?: ComponentType<{ item: AdminItem }>;
  /** Above the list (the banners' switch). */
  ListHeader?: ComponentType<ListHeaderProps>;
  /** How the item will look on the public site, drawn under the form while editing. */
  Preview?: ComponentType<{ values: FormValues; item?: AdminItem; files: FormFiles }>;
  /**
   * Values that follow others as staff type (an event card's words follow its dates): the form's
   * values after a change, from the values before it.
   */
  follow?: (next: FormValues, prev: FormValues) => FormValues;
  /**
   * Messages beside fields as staff type, before any save (a page's address: its form, and whether
   * another page has it). Called as a hook; the server checks again.
   */
  useLiveErrors?: (values: FormValues, item: AdminItem | undefined) => Record<string, string>;
  /** Said before the question when an item is to be deleted (what links to it), or null. */
  deleteWarning?: (item: AdminItem) => Promise<string | null>;
  /** The preview stands beside the form on a wide screen (under it on a narrow one). */
  previewBeside?: boolean;
  /** Plain-words warnings beside fields for the values in the form (they do not stop a save). */
  warnings?: (values: FormValues) => Record<string, string>;
  /** Client-side check before sending; a message to show, or null. */
  validate?: (values: FormValues, files: FormFiles, creating: boolean) => string | null;
  /** Status line while a save is on its way (papers: 'Sending Entry Please Wait...'). */
  busyText?: string;
  /** A button that empties the add form (papers: 'Reset Fields'). */
  resetLabel?: string;
  /** Notice after a create (spec: 'Submitted'); otherwise the server's message. */
  createdNotice?: string;
  deleteLabel?: string;
  addLabel?: string;
  /** The add form's submit button (papers: 'Upload'). */
  submitLabel?: string;
  /** Add and edit in a dialog (profiles). */
  editInModal?: boolean;
}
