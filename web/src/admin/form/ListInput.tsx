// The input of a list field (a page's sections, a section's buttons, a menu's links), drawn from its
// declaration alone (ListShape): each item a bordered group of its own fields' inputs (lists inside
// lists too), with Move up / Move down (the keyboard's way; each move is said aloud), a handle to
// drag, Copy and Remove (with Undo); "Add a …" at the end, offering the kinds with their help when
// the list holds several. The declared limits hold here: no adding past the most, no removing below
// the fewest, and a sentence says why. The list's own check (the server's, listFields.ts) runs as
// staff type: a part's message shows beside it once staff changed it, and every message after a save
// was refused.
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import type { ListShape } from '../../../../server/schema/fields.ts';
import type { FieldValue, ListItemValue } from '../api.ts';
import type { InputProps } from './inputProps.ts';
import { ListAdd, ListLimits } from './ListAdd.tsx';
import { InList } from './listContext.ts';
import { ListItem, type ItemActions } from './ListItem.tsx';
import {
  below,
  changedParts,
  duplicated,
  inserted,
  itemGist,
  itemName,
  listOf,
  moved,
  newItem,
  partProblems,
  removed,
} from './listValues.ts';

export { PartOptions } from './listContext.ts';

let lastKey = 0;
const freshKey = () => `i${++lastKey}`;

export function ListInput(p: InputProps) {
  const shape = p.field.list as ListShape;
  const nested = useContext(InList);
  const list = listOf(p.value);
  const formId = p.id.slice(0, p.id.length - p.name.length - 1);

  // Each item's key for React (and the drag), kept with the item through moves; a list replaced from
  // outside (a save, a restored version) gets new ones.
  const [keptKeys, setKeys] = useState<string[]>(() => list.map(freshKey));
  let keys = keptKeys;
  if (keys.length !== list.length) {
    keys = list.map(freshKey);
    setKeys(keys);
  }

  const [said, setSaid] = useState('');
  const [undo, setUndo] = useState<{ item: ListValue[number]; at: number; key: string; name: string } | null>(
    null,
  );
  const focusAfter = useRef<{ key: string; button?: string } | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // ── Messages (the outer list only: it checks the whole value) ──
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [changedSince, setChangedSince] = useState<ReadonlySet<string>>(new Set());
  const given = p.errors ?? {};
  const givenKey = JSON.stringify(given);
  const [checkedAll, setCheckedAll] = useState(false);
  // A refused save brings messages: from then on every part's shows, as staff mend them.
  const [seenKey, setSeenKey] = useState('{}');
  if (!nested && givenKey !== seenKey) {
    setSeenKey(givenKey);
    if (givenKey !== '{}') {
      setCheckedAll(true);
      setChangedSince(new Set());
    }
  }
  const messages = nested
    ? given
    : shownMessages(given, p.field.label, shape, list, touched, changedSince, checkedAll);

  const change = (next: ListValue) => {
    if (!nested) {
      const parts = changedParts(list, next);
      if (parts.length) {
        setTouched((t) => new Set([...t, ...parts]));
        setChangedSince((t) => new Set([...t, ...parts]));
      }
    }
    p.onChange(next);
  };

  // The focus follows an item that moved, was added or copied (React keeps its element; the browser
  // may not keep the focus in it).
  useEffect(() => {
    const want = focusAfter.current;
    if (!want) return;
    focusAfter.current = null;
    const item = root.current?.querySelector<HTMLElement>(`[data-list-item="${want.key}"]`);
    const target = want.button
      ? (item?.querySelector<HTMLButtonElement>(`[data-tool="${want.button}"]:not(:disabled)`) ??
        item?.querySelector<HTMLButtonElement>('[data-tool]:not(:disabled)'))
      : item?.querySelector<HTMLElement>('input, textarea, select, button:not([data-tool])');
    target?.focus();
  });

  const nameOf = (i: number, item: unknown = list[i]) => itemName(shape, i, item);
  const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

  const move = (from: number, to: number, button?: string) => {
    if (to < 0 || to >= list.length || from === to) return;
    const next = moved(keys, from, to);
    setKeys(next);
    focusAfter.current = { key: next[to]!, button };
    setSaid(`${nameOf(from)} moved to place ${to + 1} of ${list.length}.`);
    change(moved(list, from, to));
  };
  const copy = (i: number) => {
    const next = inserted(keys, i + 1, freshKey());
    setKeys(next);
    focusAfter.current = { key: next[i + 1]!, button: 'copy' };
    setSaid(`${nameOf(i)} copied: the copy is ${lower(nameOf(i + 1, list[i]))}, just below it.`);
    change(duplicated(list, i));
  };
  const remove = (i: number) => {
    setUndo({ item: list[i]!, at: i, key: keys[i]!, name: nameOf(i) });
    setKeys(removed(keys, i));
    setSaid(`${nameOf(i)} removed. Undo is under the list.`);
    change(removed(list, i));
  };
  const bringBack = () => {
    if (!undo) return;
    const at = Math.min(undo.at, list.length);
    setKeys(inserted(keys, at, undo.key));
    focusAfter.current = { key: undo.key };
    setSaid(`${undo.name} is back.`);
    setUndo(null);
    change(inserted(list, at, undo.item));
  };
  const add = (type?: string) => {
    const key = freshKey();
    setKeys([...keys, key]);
    focusAfter.current = { key };
    const item = newItem(shape, type);
    setSaid(`${nameOf(list.length, item)} added at the end.`);
    change([...list, item]);
  };

  // ── Drag to reorder (a mouse's or a pen's way; the buttons are the keyboard's) ──
  const dragging = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const dragStart = (i: number, e: DragEvent) => {
    dragging.current = i;
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', nameOf(i));
    const item = (e.currentTarget as HTMLElement).closest('li');
    if (item) e.dataTransfer.setDragImage(item, 20, 20);
  };
  const dragOver = (i: number, e: DragEvent) => {
    if (dragging.current === null) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'move';
    if (over !== i) setOver(i);
  };
  const drop = (i: number, e: DragEvent) => {
    if (dragging.current === null) return;
    e.preventDefault();
    e.stopPropagation();
    const from = dragging.current;
    dragging.current = null;
    setOver(null);
    move(from, i);
  };
  const dragEnd = () => {
    dragging.current = null;
    setOver(null);
  };
  const dragLeave = (i: number) => setOver((o) => (o === i ? null : o));

  const setPart = (i: number, key: string | null, v: FieldValue) => {
    const next = [...list];
    next[i] = key === null ? v : { ...(list[i] as ListItemValue), [key]: v };
    change(next);
  };

  // The items are given the same functions from render to render (so an item unchanged is not drawn
  // again); each calls this render's own.
  const latest = useRef<ItemActions | null>(null);
  useLayoutEffect(() => {
    latest.current = { move, copy, remove, setPart, dragStart, dragOver, drop, dragEnd, dragLeave };
  });
  const actions = useMemo<ItemActions>(
    () => ({
      move: (...a) => latest.current?.move(...a),
      copy: (...a) => latest.current?.copy(...a),
      remove: (...a) => latest.current?.remove(...a),
      setPart: (...a) => latest.current?.setPart(...a),
      dragStart: (...a) => latest.current?.dragStart(...a),
      dragOver: (...a) => latest.current?.dragOver(...a),
      drop: (...a) => latest.current?.drop(...a),
      dragEnd: () => latest.current?.dragEnd(),
      dragLeave: (...a) => latest.current?.dragLeave(...a),
    }),
    [],
  );

  const atFewest = list.length <= shape.min;
  return (
    <InList.Provider value={true}>
      <div ref={root} className="admin-list-field" aria-describedby={p.describedBy}>
        {list.length > 0 && (
          <ol className="admin-list-items">
            {list.map((item, i) => (
              <ListItem
                key={keys[i]}
                itemKey={keys[i]!}
                index={i}
                item={item}
                name={nameOf(i, item)}
                gist={itemGist(shape, item)}
                shape={shape}
                listName={p.name}
                formId={formId}
                last={i === list.length - 1}
                atFewest={atFewest}
                full={list.length >= shape.max}
                dropTarget={over === i}
                messages={itemMessages(messages, i)}
                Row={p.Row}
                actions={actions}
              />
            ))}
          </ol>
        )}
        {undo && (
          <p className="admin-list-undo">
            {undo.name} removed.{' '}
            <button type="button" className="admin-button admin-button-small" onClick={bringBack}>
              Undo
            </button>
          </p>
        )}
        <ListLimits shape={shape} count={list.length} />
        <ListAdd shape={shape} count={list.length} idBase={p.id} onAdd={add} />
        <p className="visually-hidden" aria-live="polite">
          {said}
        </p>
      </div>
    </InList.Provider>
  );
}

type ListValue = ReturnType<typeof listOf>;

/**
 * The messages a list shows: the server's (rules across fields, a refused save) until staff change
 * that part; the list's own check of each part staff changed, or of every part once a save was refused.
 */
function shownMessages(
  given: Readonly<Record<string, string>>,
  label: string,
  shape: ListShape,
  list: ListValue,
  touched: ReadonlySet<string>,
  changedSince: ReadonlySet<string>,
  checkedAll: boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, m] of Object.entries(given)) if (!changedSince.has(k)) out[k] = m;
  const near = (k: string) =>
    touched.has(k) || [...touched].some((t) => t.startsWith(`${k}.`) || k.startsWith(`${t}.`));
  for (const [k, m] of Object.entries(partProblems(label, shape, list)))
    if (k && (checkedAll || near(k))) out[k] = m;
  return out;
}

/** The messages of item `i`, by their place below it ('' for the item itself), as JSON (compared as text). */
const itemMessages = (messages: Readonly<Record<string, string>>, i: number) =>
  JSON.stringify({ ...below(messages, String(i)), ...(messages[i] ? { '': messages[i] } : {}) });
