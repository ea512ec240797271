// The "plan" step for a translation (issue 36): the item's words in another language, laid over
// what its translation file held, written to that file (content/news/5.es.md). Only words are
// taken: a date, a link, a picture or a choice sent with them is refused, since those are the
// source item's and a translation never changes them.
import type { Fields } from '../../schema/define.ts';
import { AppError } from '../../schema/errors.ts';
import { translationPath } from '../../schema/registry.ts';
import { wordsDef } from '../../schema/translations.ts';
import type { ContentView } from '../index/contentIndex.ts';
import type { TranslateChange } from './change.ts';
import type { Plan } from './plan.ts';

/** What a request carries besides fields, ignored rather than refused. */
const NOT_FIELDS = new Set(['id', 'version', 'timestamp', 'lang']);

export function planTranslate(change: TranslateChange, view: ContentView, intoDraft: boolean): Plan {
  const { def, lang } = change;
  const words = wordsDef(def);
  if (!words) throw new AppError(400, `${def.label} has no words to translate.`);
  const id = def.type === 'singleton' ? '1' : (change.id ?? '');
  if (!view.get(def, id))
    throw new AppError(404, `There is no ${def.label.toLowerCase()} item with id ${JSON.stringify(id)}.`);
  const before = view.translation(def, lang, id);
  if (change.version !== undefined && change.version !== (before?.version ?? ''))
    throw new AppError(
      409,
      'Someone else saved a newer translation of this item while you were translating it. Copy your words, reload, and save again.',
    );
  if (change.remove && !before)
    throw new AppError(
      404,
      `This ${def.label.toLowerCase()} item has no translation into ${lang} to remove.`,
    );
  const fields = words.fields as Fields;
  const refused = Object.keys(change.input).filter((k) => !NOT_FIELDS.has(k) && !Object.hasOwn(fields, k));
  if (refused.length)
    throw new AppError(
      400,
      'Only the words of an item are translated: its dates, pictures, links and choices stay as in English.',
      Object.fromEntries(refused.map((k) => [k, 'Not translated: this is the English item’s.'])),
    );
  const input = Object.fromEntries(Object.entries(change.input).filter(([k]) => Object.hasOwn(fields, k)));
  // Removing it leaves the item in English there; a save lays the words sent over those kept.
  const data = change.remove ? null : { ...(before?.data ?? {}), ...input };
  const where = def.type === 'collection' ? def.folder : def.name;
  return {
    action: 'update',
    event: 'saved',
    intoDraft,
    items: [
      {
        def: words,
        id,
        path: translationPath(def, lang, id),
        before,
        was: before?.data,
        data,
        primary: true,
        follows: false,
      },
    ],
    files: [],
    ...(change.remove
      ? { message: `${where}: remove the ${lang} translation${def.type === 'collection' ? ` of ${id}` : ''}` }
      : {}),
    verb: 'translate',
    language: lang,
    site: view,
    created: !before,
  };
}
