// Whether each item's translation is missing, up to date, or out of date (issue 36): out of date
// when the item's words in English are not what they were at the translation's last commit — git
// says when the translation was last saved, and what the English said then. Worked out once per
// pair of file versions and kept.
import type { EntityDef } from '../../schema/define.ts';
import { fieldText } from '../../schema/fieldText.ts';
import { itemPath, siteEntities } from '../../schema/registry.ts';
import { wordsChanged, wordsDef, wordsOf } from '../../schema/translations.ts';
import type { GitStore } from '../../store/gitStore.ts';
import type { ContentIndex } from '../index/contentIndex.ts';
import type { ContentView } from '../index/contentView.ts';
import { parseItemFile } from '../index/fileFormat.ts';

export type TranslationState = 'missing' | 'outdated' | 'current';

export interface TranslationFacts {
  state: TranslationState;
  /** The fields whose English words changed since the translation was last saved. */
  changed: string[];
  /** The English words as they were then (none when missing, or never committed). */
  was?: Record<string, unknown>;
}

export interface TranslationLine {
  entity: string;
  id: string;
  title: string;
  state: TranslationState;
}

/** Entities with words to translate, in the registry's order. */
export const translatedEntities = (): EntityDef[] => siteEntities.filter((d) => wordsDef(d) !== null);

export class TranslationStates {
  private readonly kept = new Map<string, TranslationFacts>();

  constructor(
    private readonly index: ContentIndex,
    private readonly store: GitStore,
  ) {}

  /**
   * One item's translation into `lang`; undefined when the item does not exist. `view` is where the
   * English and the translation are read (a draft's view for `?draft=`); the English "then" is always
   * read at the translation's last live commit, since a draft's own commits are not the site's
   * history: a translation the draft changes is current unless the draft's English differs from it.
   */
  async of(
    def: EntityDef,
    id: string,
    lang: string,
    view: Pick<ContentView, 'get' | 'translation'> = this.index,
  ): Promise<TranslationFacts | undefined> {
    const source = view.get(def, id);
    if (!source) return undefined;
    const translation = view.translation(def, lang, id);
    if (!translation) return { state: 'missing', changed: [] };
    const live = this.index.translation(def, lang, id);
    const key = `${translation.path}|${translation.fileVersion}|${source.fileVersion}|${live?.fileVersion ?? ''}`;
    const hit = this.kept.get(key);
    if (hit) return hit;
    const [last] = await this.store.log(translation.path);
    const then = last ? await this.store.readAt(last.oid, itemPath(def, id)) : null;
    const parsed = then ? parseItemFile(def, then.toString('utf8')) : null;
    let facts: TranslationFacts;
    if (!parsed?.ok) facts = { state: 'current', changed: [] };
    else {
      const changed = wordsChanged(def, parsed.data, source.data);
      facts = { state: changed.length ? 'outdated' : 'current', changed, was: wordsOf(def, parsed.data) };
    }
    if (this.kept.size > 50_000) this.kept.clear();
    this.kept.set(key, facts);
    return facts;
  }

  /** Every item with words, and its translation's state, entity by entity. */
  async list(lang: string): Promise<TranslationLine[]> {
    const lines: TranslationLine[] = [];
    for (const def of translatedEntities()) {
      for (const item of this.index.list(def)) {
        const facts = await this.of(def, item.id, lang);
        lines.push({ entity: def.name, id: item.id, title: titleOf(def, item.data), state: facts!.state });
      }
    }
    return lines;
  }
}

/** What staff call an item in a list: its title field, or the entity's name for a singleton. */
export function titleOf(def: EntityDef, data: Record<string, unknown>): string {
  const key = def.admin.titleField;
  return (key && fieldText(data[key]).trim()) || def.label;
}
