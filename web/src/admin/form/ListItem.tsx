// One item of a list's input: a bordered group named "Section 3 (Buttons): Apply now", its tools
// (a handle to drag, Move up, Move down, Copy, Remove) and its own fields' rows. Drawn again only
// when its own value, place or messages change: typing in one item of a long page leaves the others.
import { memo, useContext, type DragEvent, type ReactNode } from 'react';
import type { AnyField, ListShape } from '../../../../server/schema/fields.ts';
import { itemFields } from '../../../../server/schema/listFields.ts';
import type { FieldValue, ListItemValue } from '../api.ts';
import type { FieldRowProps, InputProps } from './inputProps.ts';
import { LibraryMediaInput } from './LibraryMediaInput.tsx';
import { below } from './listValues.ts';
import { PartOptions } from './listContext.ts';

const LIBRARY = { Input: LibraryMediaInput, group: false };
const pattern = (key: string) => key.replace(/\.\d+(?=\.|$)/g, '.*');
const noFile = () => undefined;
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** What an item asks of its list; the same functions from render to render. */
export interface ItemActions {
  move: (from: number, to: number, button?: string) => void;
  copy: (at: number) => void;
  remove: (at: number) => void;
  setPart: (at: number, key: string | null, value: FieldValue) => void;
  dragStart: (at: number, e: DragEvent) => void;
  dragOver: (at: number, e: DragEvent) => void;
  drop: (at: number, e: DragEvent) => void;
  dragEnd: () => void;
  dragLeave: (at: number) => void;
}

interface Props {
  itemKey: string;
  index: number;
  item: FieldValue | ListItemValue;
  name: string;
  gist: string;
  shape: ListShape;
  /** The list's own name (`sections`, `sections.2.items`) and its form's id. */
  listName: string;
  formId: string;
  last: boolean;
  atFewest: boolean;
  full: boolean;
  dropTarget: boolean;
  /** The item's messages, by their place below it ('' for the item itself), as JSON. */
  messages: string;
  Row: InputProps['Row'];
  actions: ItemActions;
}

export const ListItem = memo(function ListItem(p: Props) {
  const partOptions = useContext(PartOptions);
  const messages = JSON.parse(p.messages) as Record<string, string>;
  const { index: i, actions, name, shape } = p;
  const fields = shape.each ? null : itemFields(shape, p.item);

  const part = (key: string | null, field: AnyField, value: FieldValue | undefined) => {
    const at = key ?? '';
    const full = `${p.listName}.${i}${key === null ? '' : `.${key}`}`;
    const opts = partOptions[pattern(full)];
    const row: FieldRowProps = {
      formId: p.formId,
      name: full,
      field,
      value: value ?? '',
      file: null,
      fileInputKey: 0,
      error: messages[at],
      errors: field.kind === 'list' && key ? below(messages, key) : undefined,
      opts: field.kind === 'image' || field.kind === 'pdf' ? { ...opts, input: LIBRARY } : opts,
      onChange: (v) => actions.setPart(i, key, v),
      onFile: noFile,
    };
    return <p.Row key={key ?? 'value'} {...row} />;
  };

  return (
    <li
      data-list-item={p.itemKey}
      className={p.dropTarget ? 'admin-list-item is-drop-target' : 'admin-list-item'}
      onDragOver={(e) => actions.dragOver(i, e)}
      onDrop={(e) => actions.drop(i, e)}
      onDragLeave={() => actions.dragLeave(i)}
    >
      <fieldset>
        <legend>
          {name}
          {p.gist && <span className="admin-list-gist">: {p.gist}</span>}
        </legend>
        <div className="admin-list-tools">
          <span
            className="admin-drag-handle"
            draggable
            onDragStart={(e) => actions.dragStart(i, e)}
            onDragEnd={actions.dragEnd}
            title="Drag to move"
            aria-hidden="true"
          >
            ⠿
          </span>
          <Tool tool="up" disabled={i === 0} onClick={() => actions.move(i, i - 1, 'up')}>
            Move up <span className="visually-hidden">{lower(name)}</span>
          </Tool>
          <Tool tool="down" disabled={p.last} onClick={() => actions.move(i, i + 1, 'down')}>
            Move down <span className="visually-hidden">{lower(name)}</span>
          </Tool>
          <Tool tool="copy" disabled={p.full} onClick={() => actions.copy(i)}>
            Copy <span className="visually-hidden">{lower(name)}</span>
          </Tool>
          <Tool tool="remove" disabled={p.atFewest} danger onClick={() => actions.remove(i)}>
            Remove <span className="visually-hidden">{lower(name)}</span>
          </Tool>
        </div>
        {shape.each
          ? part(null, { ...shape.each, label: name }, p.item as FieldValue)
          : fields
            ? Object.entries(fields).map(([k, f]) => part(k, f, (p.item as ListItemValue | null)?.[k]))
            : null}
        {!shape.each && messages[''] && <p className="admin-field-error">{messages['']}</p>}
        {messages.type && <p className="admin-field-error">{messages.type}</p>}
        {!shape.each && !fields && !messages.type && (
          <p className="admin-field-error">
            The editor does not know this kind of {shape.noun}. Remove it, or ask for help.
          </p>
        )}
      </fieldset>
    </li>
  );
});

function Tool({
  tool,
  disabled,
  danger,
  onClick,
  children,
}: {
  tool: string;
  disabled: boolean;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-tool={tool}
      className={`admin-button admin-button-small${danger ? ' admin-button-quiet' : ''}`}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
