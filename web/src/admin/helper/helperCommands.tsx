// The markdown helper's buttons (spec §2): each wraps the selection (or a placeholder) in markdown
// or in the small set of HTML the site's sanitizer keeps: <u>, colour, alignment and font size.
import { commands, type ICommand, type TextAreaTextApi, type TextState } from '@uiw/react-md-editor';
import { TEXT_COLOURS } from '../../markdown/textColours.ts';

/** The site's three colours (spec §9), in the shades that stay readable as text (WCAG AA). */
export const SITE_COLOURS = [
  { name: 'Red text', hex: TEXT_COLOURS.orange, title: `The site’s orange-red, ${TEXT_COLOURS.orange}` },
  { name: 'Blue text', hex: TEXT_COLOURS.blue, title: `The site’s blue, ${TEXT_COLOURS.blue}` },
  { name: 'Green text', hex: TEXT_COLOURS.green, title: `The site’s green, ${TEXT_COLOURS.green}` },
] as const;

export const DEFAULT_FONT_SIZE_VH = 3.1;

/** A button named by its visible text (so voice control finds it), with a longer tooltip. */
const label = (text: string, title = text) => ({
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

/** The break goes after the selection: the selected text stays. */
function lineBreak(state: TextState, api: TextAreaTextApi) {
  const end = state.selection.end;
  api.setSelectionRange({ start: end, end });
  api.replaceSelection('<br>\n');
}

/** The selection becomes the link text; `url` is selected so the address can be typed straight away. */
function link(state: TextState, api: TextAreaTextApi) {
  const text = state.selectedText || 'link text';
  api.replaceSelection(`[${text}](url)`);
  const start = state.selection.start + text.length + 3;
  api.setSelectionRange({ start, end: start + 3 });
}

const wrapping = (
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

/** An HTML block with markdown inside: blank lines let the markdown in it still be read. */
const block = (name: string, text: string, style: string): ICommand =>
  wrapping(name, text, `<div style="${style}">\n\n`, '\n\n</div>\n');

export interface HelperSettings {
  /** The custom colour, '#rrggbb'. */
  colour: () => string;
  /** The font size in vh. */
  fontSize: () => number;
}

export function helperCommands(settings: HelperSettings): ICommand[] {
  return [
    { ...commands.bold, ...label('Bold') },
    { ...commands.italic, ...label('Italic') },
    wrapping('quotes', 'Quotes', '“', '”', 'Quotation marks'),
    wrapping('underline', 'Underline', '<u>', '</u>'),
    { ...commands.quote, ...label('Blockquote') },
    { ...commands.title1, ...label('Heading 1') },
    { ...commands.title2, ...label('Heading 2') },
    { name: 'linebreak', keyCommand: 'linebreak', ...label('Line break'), execute: lineBreak },
    {
      name: 'indent',
      keyCommand: 'indent',
      ...label('Indent'),
      execute: (state, api) => {
        api.replaceSelection(`&emsp;&emsp;${state.selectedText}`);
      },
    },
    commands.divider,
    ...SITE_COLOURS.map((c) =>
      wrapping(`colour-${c.hex}`, c.name, `<span style="color: ${c.hex}">`, '</span>', c.title),
    ),
    wrapping(
      'colour-custom',
      'Custom colour text',
      () => `<span style="color: ${settings.colour()}">`,
      '</span>',
      'Text in the custom colour chosen above',
    ),
    commands.divider,
    block('centre', 'Centre', 'text-align: center'),
    block('right', 'Right align', 'text-align: right'),
    wrapping(
      'fontsize',
      'Font size',
      () => `<span style="font-size: ${settings.fontSize()}vh">`,
      '</span>',
      'Text in the font size chosen above',
    ),
    { ...commands.link, ...label('Link'), execute: link },
  ];
}
