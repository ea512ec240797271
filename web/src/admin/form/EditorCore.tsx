// The markdown editor itself (@uiw/react-md-editor), in the editor's chunk (MdEditor.tsx): it edits;
// the preview beside it is drawn by the site's own Markdown component so it looks exactly like the
// public page.
import { useMemo, useLayoutEffect, type ComponentType } from 'react';
import { takeFocus } from './focusHandOver.ts';
import { withNamedButtons } from './toolbarA11y.tsx';
import { fieldCommands } from './formatCommands.tsx';
import * as mdEditor from '@uiw/react-md-editor';
import type { ICommand, MDEditorProps } from '@uiw/react-md-editor';

// Under NodeNext resolution TypeScript reads the package's types as CommonJS and types its default
// import as the module object; in the bundle the namespace's `default` is the component.
const MDEditor = (mdEditor as unknown as { default: ComponentType<MDEditorProps> }).default;

export interface MdEditorProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  required?: boolean;
  height?: number;
  /** The field's declared limit: the box takes no more characters. */
  maxLength?: number;
  commands?: ICommand[];
  extraCommands?: ICommand[];
  /**
   * Whether files dropped, pasted or chosen with the picture button upload to the media library and
   * go into the text (a form's fields; not the markdown helper's scratch pad).
   */
  uploads?: boolean;
}

export function EditorCore({
  id,
  name,
  value,
  onChange,
  describedBy,
  required,
  height = 220,
  maxLength,
  commands,
  extraCommands,
}: MdEditorProps) {
  // In the commit that replaced the stand-in box, so no keystroke falls between the two (focusHandOver.ts).
  useLayoutEffect(() => {
    takeFocus(id);
  }, [id]);
  // A field's buttons (the editor's own, the site's colours and sizes) unless the caller brings its
  // own; icons hidden, names kept.
  const toolbar = useMemo(() => withNamedButtons(commands ?? fieldCommands()), [commands]);
  const extra = useMemo(() => withNamedButtons(extraCommands ?? []), [extraCommands]);
  return (
    <div data-color-mode="light" className="admin-mdeditor">
      <MDEditor
        value={value}
        onChange={(v) => onChange(v ?? '')}
        preview="edit"
        height={height}
        visibleDragbar={false}
        // Tab moves on to the next field instead of indenting: no keyboard trap.
        defaultTabEnable
        commands={toolbar}
        extraCommands={extra}
        textareaProps={{
          id,
          name,
          maxLength,
          'aria-describedby': describedBy,
          'aria-required': required || undefined,
        }}
      />
    </div>
  );
}
