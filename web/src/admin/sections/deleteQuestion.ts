// What the admin asks before an item is deleted: the question itself, and what becomes of the
// pictures and files the item shows (GET /api/media?item=…): a file of the media library stays there,
// and the item's own picture stays while another item shows it (the server keeps it; here it is said).
import { getJson } from '../../lib/api.ts';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import type { MediaUseView } from '../../../../server/schema/mediaLibrary.ts';
import { inDraft } from '../drafts/workingDraft.ts';

/** What the question needs of each file the item uses. */
export interface UsedFile {
  name: string;
  shared: boolean;
  usedBy: Pick<MediaUseView, 'entity' | 'id' | 'label' | 'title'>[];
}

const listed = (names: string[]) =>
  names.length === 1
    ? `“${names[0]}”`
    : `${names
        .slice(0, -1)
        .map((n) => `“${n}”`)
        .join(', ')} and “${names.at(-1)}”`;

/** The question, in plain words, with a line for each kind of file that stays. */
export function deleteQuestionText(
  def: Pick<CollectionDef, 'name' | 'itemNoun'>,
  id: string,
  files: UsedFile[],
): string {
  const lines = [`Are you sure you want to delete ${def.itemNoun}?`];
  const others = (f: UsedFile) => f.usedBy.filter((u) => !(u.entity === def.name && u.id === id));
  const shared = files.filter((f) => f.shared);
  if (shared.length)
    lines.push(
      `It shows ${shared.length === 1 ? 'a file' : `${shared.length} files`} from the media library (${listed(shared.map((f) => f.name))}): ${shared.length === 1 ? 'it stays' : 'they stay'} in the library.`,
    );
  for (const f of files.filter((f) => !f.shared && others(f).length)) {
    const users = others(f);
    const named = users
      .slice(0, 3)
      .map((u) => `${u.label} “${u.title}”`)
      .join(', ');
    lines.push(
      `Its file “${f.name}” is also shown by ${named}${users.length > 3 ? ` and ${users.length - 3} more` : ''}: it stays in the media library so ${users.length === 1 ? 'that page keeps' : 'those pages keep'} showing it.`,
    );
  }
  return lines.join('\n\n');
}

/** Asks the server which files the item uses (in the draft the admin works in), then words the question. */
export async function deleteQuestion(def: CollectionDef, id: string): Promise<string> {
  let files: UsedFile[] = [];
  try {
    const answer = await getJson<{ items: UsedFile[] }>(
      inDraft(`media?item=${encodeURIComponent(`${def.name}:${id}`)}&per=100`),
    );
    files = Array.isArray(answer?.items) ? answer.items : [];
  } catch {
    // The question is still asked without what it would add.
  }
  return deleteQuestionText(def, id, files);
}
