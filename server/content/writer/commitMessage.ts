// A commit's message as a maintainer reads it in `git log`: a subject naming the collection, the
// action, the item and its title (shortened at a word, with an ellipsis, never cut mid-word), and for
// an update a body naming the fields it changed.
import type { EntityDef, Fields } from '../../schema/define.ts';
import { fieldText } from '../../schema/fieldText.ts';

/** Git's advice for a subject line is about 50 characters; titles get what is left of 72. */
const SUBJECT_MAX = 72;

export function commitMessage(
  def: EntityDef,
  action: string,
  id: string,
  data: Record<string, unknown>,
  before?: Record<string, unknown>,
  /** A translation's language: `news: translate 5 into es "…"`. */
  into?: string,
): string {
  const name = def.type === 'collection' ? def.folder : def.name;
  const what = (def.type === 'collection' ? `${action} ${id}` : action) + (into ? ` into ${into}` : '');
  const head = `${name}: ${what}`;
  const titleKey = def.type === 'collection' ? def.admin.titleField : undefined;
  const title = titleKey ? fieldText(data[titleKey]).replace(/\s+/g, ' ').trim() : '';
  // Room for the title inside the quotes: the subject stays within SUBJECT_MAX.
  const subject = title ? `${head} "${shortened(title, SUBJECT_MAX - head.length - 3)}"` : head;
  const changed = before ? changedFields(def, before, data) : [];
  return changed.length ? `${subject}\n\nFields: ${changed.join(', ')}` : subject;
}

/** The text whole if it fits, else as many whole words as fit and an ellipsis. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(1, max - 1);
  const cut = text.slice(0, room + 1);
  const atWord = cut.lastIndexOf(' ');
  const kept = atWord > 0 ? cut.slice(0, atWord) : text.slice(0, room);
  return `${kept.replace(/[\s,;:.–-]+$/, '')}…`;
}

/** The declared fields whose stored values differ, in declaration order. */
export function changedFields(
  def: EntityDef,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  return Object.keys(def.fields as Fields).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}
