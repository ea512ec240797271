// The markdown helper's buttons (spec §2): each wraps the selection (or a placeholder) in markdown
// or in the small set of HTML the site's sanitizer keeps: <u>, colour, alignment and font size. The
// site's colours and sizes are the same menus every markdown field has (form/formatCommands.tsx);
// the custom colour and size, chosen above the editor, are the scratch pad's own.
import { commands, type ICommand, type TextAreaTextApi, type TextState } from '@uiw/react-md-editor';
import {
  colourCommand,
  colourMenu,
  label,
  sizeCommand,
  sizeMenu,
  wrapping,
} from '../form/formatCommands.tsx';

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
    colourMenu(),
    colourCommand(
      'colour-custom',
      'Custom colour text',
      settings.colour,
      'Text in the custom colour chosen above',
    ),
    commands.divider,
    block('centre', 'Centre', 'text-align: center'),
    block('right', 'Right align', 'text-align: right'),
    sizeMenu(),
    sizeCommand('fontsize', 'Font size', settings.fontSize, 'Text in the font size chosen above'),
    { ...commands.link, ...label('Link'), execute: link },
  ];
}
