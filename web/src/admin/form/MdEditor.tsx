// The markdown editor, loaded on demand (its own chunk): a form's field uploads files into its text
// (UploadingEditor.tsx); the markdown helper's scratch pad does not.
import { EditorCore, type MdEditorProps } from './EditorCore.tsx';
import { UploadingEditor } from './UploadingEditor.tsx';

export type { MdEditorProps } from './EditorCore.tsx';

export default function MdEditor(props: MdEditorProps) {
  return props.uploads ? <UploadingEditor {...props} /> : <EditorCore {...props} />;
}
