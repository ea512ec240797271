// Every button of the admin's markdown toolbars writes markdown the site renders: the editor's own
// (@uiw/react-md-editor's getCommands(), what every markdown field shows) and the markdown helper's
// (/MarkdownEditor). Each command runs on a text with a word selected, as a click does, against a
// text area of plain state; what it wrote goes through the public pages' renderer, which must show
// the element the button is for. A toolbar button without an expectation here fails the test.
import type { ICommand, TextAreaTextApi, TextState } from '@uiw/react-md-editor';
import { describe, expect, it } from 'vitest';
import { fieldCommands } from '../admin/form/formatCommands.tsx';
import { helperCommands } from '../admin/helper/helperCommands.tsx';
import { renderMarkdownHtml } from './renderHtml.tsx';

/** A text area's text and selection, driven as the toolbar drives the real one. */
class PlainTextArea implements Pick<TextAreaTextApi, 'replaceSelection' | 'setSelectionRange'> {
  constructor(
    public text: string,
    public start: number,
    public end: number,
  ) {}

  state(): TextState {
    const selection = { start: this.start, end: this.end };
    return { text: this.text, selectedText: this.text.slice(this.start, this.end), selection };
  }

  replaceSelection(inserted: string): TextState {
    this.text = this.text.slice(0, this.start) + inserted + this.text.slice(this.end);
    this.start = this.end = this.start + inserted.length;
    return this.state();
  }

  setSelectionRange(selection: { start: number; end: number }): TextState {
    this.start = selection.start;
    this.end = selection.end;
    return this.state();
  }
}

const TEXT = 'Intro line.\n\nSome chosen words here.';
/** A picture's button is for an address that is selected. */
const selectedFor = (name: string) => (name === 'image' ? 'https://example.org/p.png' : 'chosen words');

/** The markdown a command leaves after a click with words selected (`then`: typed afterwards). */
function written(command: ICommand, words: string, then?: string): string {
  const start = TEXT.indexOf('chosen words');
  const area = new PlainTextArea(TEXT.replace('chosen words', words), start, start + words.length);
  command.execute!({ ...area.state(), command }, area as unknown as TextAreaTextApi);
  if (then !== undefined) area.replaceSelection(then);
  return area.text;
}

const words = (w: string) => w.replace(/[.?+()/]/g, '\\$&');
const line = (w: string) => `Some ${words(w)} here\\.`;

/** What each button must make the page show, given the words it was used on. */
const SHOWN: Record<string, (w: string) => RegExp> = {
  bold: (w) => new RegExp(`<strong>${words(w)}</strong>`),
  italic: (w) => new RegExp(`<em>${words(w)}</em>`),
  strikethrough: (w) => new RegExp(`<del>${words(w)}</del>`),
  hr: () => /<hr\/>/,
  heading1: (w) => new RegExp(`<h1>${line(w)}</h1>`),
  heading2: (w) => new RegExp(`<h2>${line(w)}</h2>`),
  heading3: (w) => new RegExp(`<h3>${line(w)}</h3>`),
  heading4: (w) => new RegExp(`<h4>${line(w)}</h4>`),
  heading5: (w) => new RegExp(`<h5>${line(w)}</h5>`),
  heading6: (w) => new RegExp(`<h6>${line(w)}</h6>`),
  link: (w) => new RegExp(`<a href="url">${words(w)}</a>`),
  quote: (w) => new RegExp(`<blockquote>\\n<p>${words(w)}</p>\\n</blockquote>`),
  code: (w) => new RegExp(`<code>${words(w)}</code>`),
  codeBlock: (w) => new RegExp(`<pre><code>${words(w)}\\n</code></pre>`),
  // A note for editors: the page shows the words around it, never the comment or its marks.
  comment: () => /^<p>Intro line\.<\/p>\n<p>Some {2}here\.<\/p>$/,
  image: (w) => new RegExp(`<img src="${words(w)}" alt="image"/>`),
  table: () => /<table><thead><tr><th>Header<\/th><th>Header<\/th><\/tr><\/thead><tbody><tr><td>Cell<\/td>/,
  'unordered-list': (w) => new RegExp(`<ul>\\n<li>${words(w)}</li>\\n</ul>`),
  'ordered-list': (w) => new RegExp(`<ol>\\n<li>${words(w)}</li>\\n</ol>`),
  'checked-list': (w) =>
    new RegExp(
      `<li class="task-list-item"><input type="checkbox" disabled="" aria-label="${words(w)}"/> ${words(w)}</li>`,
    ),
  // The helper's own buttons.
  quotes: (w) => new RegExp(`“${words(w)}”`),
  underline: (w) => new RegExp(`<u>${words(w)}</u>`),
  linebreak: (w) => new RegExp(`${words(w)}<br/>`),
  indent: (w) => new RegExp(`\u2003\u2003${words(w)}`),
  'colour-#A8431F': (w) => new RegExp(`<span style="color:#A8431F">${words(w)}</span>`),
  'colour-#4D6485': (w) => new RegExp(`<span style="color:#4D6485">${words(w)}</span>`),
  'colour-#007A00': (w) => new RegExp(`<span style="color:#007A00">${words(w)}</span>`),
  'colour-custom': (w) => new RegExp(`<span style="color:#123abc">${words(w)}</span>`),
  centre: (w) => new RegExp(`<div style="text-align:center">[\\s\\S]*<p>${words(w)}</p>\\s*</div>`),
  right: (w) => new RegExp(`<div style="text-align:right">[\\s\\S]*<p>${words(w)}</p>\\s*</div>`),
  fontsize: (w) => new RegExp(`<span style="font-size:2.5vh">${words(w)}</span>`),
  // The site's named sizes, in every toolbar.
  'size-1.8': (w) => new RegExp(`<span style="font-size:1.8vh">${words(w)}</span>`),
  'size-3.1': (w) => new RegExp(`<span style="font-size:3.1vh">${words(w)}</span>`),
  'size-4.5': (w) => new RegExp(`<span style="font-size:4.5vh">${words(w)}</span>`),
};

/** Buttons that put marks around the caret when nothing is selected: typing in between formats. */
const AROUND_THE_CARET = [
  'bold',
  'italic',
  'strikethrough',
  'code',
  'underline',
  'quotes',
  'fontsize',
  'size-3.1',
  'colour-#A8431F',
];

/** Buttons that write nothing into the text. */
const WRITES_NOTHING: Record<string, string> = {
  help: 'opens the markdown guide in a new tab',
  title: 'opens the heading menu (its six headings are tested one by one)',
  'text-colour': 'opens the colour menu (its colours are tested one by one)',
  'text-size': 'opens the size menu (its sizes are tested one by one)',
};

const buttons = (list: readonly ICommand[]): ICommand[] =>
  list.flatMap((c) => (Array.isArray(c.children) ? [c, ...buttons(c.children)] : c.execute ? [c] : []));

const toolbars = {
  'every markdown field': buttons(fieldCommands()),
  'the markdown helper': buttons(helperCommands({ colour: () => '#123abc', fontSize: () => 2.5 })),
};

describe('the markdown toolbars', () => {
  for (const [where, list] of Object.entries(toolbars)) {
    it(`in ${where}: every button writes markdown the site shows`, () => {
      expect(list.length).toBeGreaterThan(10);
      for (const command of list) {
        const name = command.name ?? '';
        if (name in WRITES_NOTHING) continue;
        const shown = SHOWN[name];
        expect(shown, `no expectation for the toolbar button "${name}"`).toBeDefined();
        const used = selectedFor(name);
        const md = written(command, used);
        expect(md, name).not.toBe(TEXT.replace('chosen words', used));
        const html = renderMarkdownHtml(md, {});
        expect(html, `${name} wrote ${JSON.stringify(md)}`).toMatch(shown!(used));
        // Nothing the button wrote shows as stray markdown or escaped tags on the page.
        expect(html, `${name} wrote ${JSON.stringify(md)}`).not.toMatch(/~~|\*\*|&lt;|\| *-{3}|\[ \]/);
        if (AROUND_THE_CARET.includes(name)) {
          const typed = written(command, '', 'typed words'); // nothing selected: the caret between two spaces
          expect(renderMarkdownHtml(typed, {}), `${name} then typing: ${JSON.stringify(typed)}`).toMatch(
            shown!('typed words'),
          );
        }
      }
    });
  }

  it('the editor offers tables, strikethrough and task lists', () => {
    const names = toolbars['every markdown field'].map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['table', 'strikethrough', 'checked-list']));
  });

  it('every markdown field and the helper offer the same site colours and sizes', () => {
    const site = (list: ICommand[]) =>
      list.map((c) => c.name ?? '').filter((n) => /^(colour-#|size-|text-)/.test(n));
    const field = site(toolbars['every markdown field']);
    expect(field).toEqual([
      'text-colour',
      'colour-#A8431F',
      'colour-#4D6485',
      'colour-#007A00',
      'text-size',
      'size-1.8',
      'size-3.1',
      'size-4.5',
    ]);
    expect(site(toolbars['the markdown helper'])).toEqual(field);
  });
});
