// The markdown helper's editor (its own chunk with @uiw/react-md-editor): the spec's buttons, the
// custom colour and font size they use, and a live preview drawn by the site's Markdown component.
import { useId, useMemo, useState } from 'react';
import { Markdown } from '../../markdown/Markdown.tsx';
import MdEditor from '../form/MdEditor.tsx';
import { DEFAULT_FONT_SIZE_VH } from '../form/formatCommands.tsx';
import { helperCommands } from './helperCommands.tsx';
import { Notice, useNotice } from '../ui/Notice.tsx';

const SAMPLE = '## A heading\n\nSome **bold** text, some *italic* text and a [link](https://example.org).';

export default function HelperEditor() {
  const id = useId();
  const [text, setText] = useState(SAMPLE);
  const [colour, setColour] = useState('#4D6485');
  const [size, setSize] = useState(String(DEFAULT_FONT_SIZE_VH));
  const notice = useNotice();
  // Rebuilt when a choice changes; the toolbar keeps its buttons (same names), now using the new choice.
  const cmds = useMemo(
    () =>
      helperCommands({
        colour: () => colour,
        fontSize: () => {
          const n = Number(size);
          return Number.isFinite(n) && n > 0 && n < 100 ? Math.round(n * 100) / 100 : DEFAULT_FONT_SIZE_VH;
        },
      }),
    [colour, size],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notice.success('Copied. Paste it into any text box of the admin pages.');
    } catch {
      notice.info('Copying is not allowed here: select the text in the box and copy it yourself.');
    }
  };

  return (
    <div className="admin-helper">
      <div className="admin-helper-settings">
        <label htmlFor={`${id}-colour`}>Custom colour</label>
        <input id={`${id}-colour`} type="color" value={colour} onChange={(e) => setColour(e.target.value)} />
        <label htmlFor={`${id}-size`}>Font size (vh)</label>
        <input
          id={`${id}-size`}
          type="number"
          step="0.1"
          min="0.5"
          max="20"
          inputMode="decimal"
          value={size}
          onChange={(e) => setSize(e.target.value)}
        />
      </div>
      <label htmlFor={`${id}-text`} className="admin-helper-label">
        Your text
      </label>
      <p className="admin-help" id={`${id}-help`}>
        Select some text, then press a button. Copy the result into any text box of the admin pages.
      </p>
      <MdEditor
        id={`${id}-text`}
        name="markdown"
        value={text}
        onChange={setText}
        describedBy={`${id}-help`}
        height={320}
        commands={cmds}
      />
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button-primary" onClick={() => void copy()}>
          Copy the text
        </button>
        <Notice notice={notice.notice} onDismiss={notice.clear} />
      </div>
      <section className="admin-preview admin-helper-preview" aria-label="Live preview">
        <span className="admin-preview-label" aria-hidden="true">
          Live preview
        </span>
        <Markdown>{text}</Markdown>
      </section>
    </div>
  );
}
