// The site's text colours and sizes as markdown toolbar buttons, one module for every toolbar: each
// markdown field's and the markdown helper's (/MarkdownEditor). A button wraps the selection (or a
// placeholder) in the small set of HTML the site's sanitizer keeps (sanitizeSchema.ts), so the
// stored text stays markdown and every preview, drawn by the site's renderer, shows the result.
// Colours and sizes each sit in a small menu ("Text colour", "Text size"): a button that says
// whether it is open (aria-expanded), its choices named buttons that Tab reaches, Escape closing it.
import { useContext, useEffect, useRef } from 'react';
import {
  commands,
  EditorContext,
  type ICommand,
  type TextAreaTextApi,
  type TextRange,
  type TextState,
} from '@uiw/react-md-editor';
import { TEXT_COLOURS } from '../../markdown/textColours.ts';

/** The site's three colours (spec §9), in the shades that stay readable as text (WCAG AA). */
export const SITE_COLOURS = [
  { name: 'Red text', hex: TEXT_COLOURS.orange, title: `The site’s orange-red, ${TEXT_COLOURS.orange}` },
  { name: 'Blue text', hex: TEXT_COLOURS.blue, title: `The site’s blue, ${TEXT_COLOURS.blue}` },
  { name: 'Green text', hex: TEXT_COLOURS.green, title: `The site’s green, ${TEXT_COLOURS.green}` },
] as const;

/** The helper's font size (spec §2), in vh: the "Large" of the named sizes. */
export const DEFAULT_FONT_SIZE_VH = 3.1;

/** Text sizes by name, in vh as the helper has always written them. */
export const SITE_SIZES = [
  { name: 'Small text', vh: 1.8 },
  { name: 'Large text', vh: DEFAULT_FONT_SIZE_VH },
  { name: 'Extra large text', vh: 4.5 },
] as const;

/** A button named by its visible text (so voice control finds it), with a longer tooltip. */
export const label = (text: string, title = text) => ({
  icon: <span className="admin-helper-button">{text}</span>,
  buttonProps: { 'aria-label': text, title },
});

/** Wraps the selection; with nothing selected inserts the placeholder and selects it. */
function wrap(state: TextState, api: TextAreaTextApi, before: string, after: string, placeholder = 'text') {
  const inner = state.selectedText || placeholder;
  api.replaceSelection(before + inner + after);
  const start = state.selection.start + before.length;
  api.setSelectionRange({ start, end: start + inner.length });
}

/** A button that puts `before` and `after` around the selection (`before` read when pressed). */
export const wrapping = (
  name: string,
  text: string,
  before: string | (() => string),
  after: string,
  title?: string,
): ICommand => ({
  name,
  keyCommand: name,
  ...label(text, title),
  execute: (state, api) => wrap(state, api, typeof before === 'function' ? before() : before, after),
});

/** Text in a colour, '#rrggbb' (read when pressed). */
export const colourCommand = (name: string, text: string, hex: string | (() => string), title?: string) =>
  wrapping(
    name,
    text,
    () => `<span style="color: ${typeof hex === 'function' ? hex() : hex}">`,
    '</span>',
    title,
  );

/** Text in a size, in vh (read when pressed). */
export const sizeCommand = (name: string, text: string, vh: number | (() => number), title?: string) =>
  wrapping(
    name,
    text,
    () => `<span style="font-size: ${typeof vh === 'function' ? vh() : vh}vh">`,
    '</span>',
    title,
  );

/** The menu's button: says whether the menu is open; pressed again, Escape or a press outside closes it. */
function MenuButton({
  command,
  text,
  open: openMenu,
}: {
  command: ICommand;
  text: string;
  open: (command: ICommand, name?: string) => void;
}) {
  const { barPopup = {}, dispatch } = useContext(EditorContext);
  const name = command.groupName!;
  const expanded = !!barPopup[name];
  const ref = useRef<HTMLButtonElement>(null);
  const close = () => dispatch?.({ barPopup: { ...barPopup, [name]: false } });
  useEffect(() => {
    // Escape anywhere in the menu (its button or a choice) closes it and gives the focus back.
    const item = ref.current?.parentElement;
    if (!item || !expanded || !dispatch) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      dispatch({ barPopup: { ...barPopup, [name]: false } });
      ref.current?.focus();
    };
    // A press outside the menu closes it, as any menu does.
    const onOutside = (e: PointerEvent) => {
      if (e.target instanceof Node && !item.contains(e.target))
        dispatch({ barPopup: { ...barPopup, [name]: false } });
    };
    item.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside, true);
    return () => {
      item.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside, true);
    };
  }, [expanded, barPopup, dispatch, name]);
  return (
    <button
      ref={ref}
      type="button"
      data-name={command.name}
      aria-expanded={expanded}
      onClick={(e) => {
        e.stopPropagation();
        if (expanded) close();
        else openMenu(command, name);
      }}
    >
      <span className="admin-helper-button">
        {text}
        <span aria-hidden="true"> ▾</span>
      </span>
    </button>
  );
}

const menu = (name: string, text: string, choices: ICommand[]): ICommand =>
  commands.group(choices, {
    name,
    groupName: name,
    buttonProps: { 'aria-label': text },
    render: (command, _disabled, executeCommand) => (
      <MenuButton command={command} text={text} open={executeCommand} />
    ),
  });

/** "Text colour": the site's colours. */
export const colourMenu = (): ICommand =>
  menu(
    'text-colour',
    'Text colour',
    SITE_COLOURS.map((c) => colourCommand(`colour-${c.hex}`, c.name, c.hex, c.title)),
  );

/** "Text size": the named sizes. */
export const sizeMenu = (): ICommand =>
  menu(
    'text-size',
    'Text size',
    SITE_SIZES.map((s) => sizeCommand(`size-${s.vh}`, s.name, s.vh, `${s.name}, ${s.vh}vh`)),
  );

/** What a field's picture buttons do, given the selection when pressed (UploadingEditor.tsx). */
export interface MediaActions {
  /** Choose files to upload into the text. */
  upload: (at: TextRange) => void;
  /** Pick a file from the media library. */
  library: (at: TextRange) => void;
}

/**
 * The editor's picture button uploads (instead of writing `![image](url)` for the address to be
 * typed), and "Choose from the library" follows it.
 */
const mediaCommands = (media: MediaActions): ICommand[] => [
  {
    name: 'image',
    keyCommand: 'image',
    icon: commands.image.icon,
    buttonProps: { 'aria-label': 'Upload a picture or PDF', title: 'Upload a picture or PDF into the text' },
    execute: (state) => media.upload(state.selection),
  },
  {
    name: 'media-library',
    keyCommand: 'media-library',
    ...label('Choose from the library', 'Put a picture or PDF from the media library into the text'),
    execute: (state) => media.library(state.selection),
  },
];

/**
 * Every markdown field's toolbar: the editor's own buttons (its picture button uploading, with
 * `media`), then the site's colours and sizes.
 */
export const fieldCommands = (media?: MediaActions): ICommand[] => [
  ...commands.getCommands().flatMap((c) => (media && c.keyCommand === 'image' ? mediaCommands(media) : [c])),
  commands.divider,
  colourMenu(),
  sizeMenu(),
];
