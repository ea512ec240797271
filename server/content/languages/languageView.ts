// The live site in one language (issue 36): the index's items with their translations' words laid
// over them (server/schema/translations.ts). An item with no translation is the English one, and says
// so (`lang: 'en'`), so the page marks it for screen readers. Made once per language and kept: it
// follows the index, re-announcing each change with translation files named by their items' files,
// so a read model over it moves the right items.
import type { EntityDef } from '../../schema/define.ts';
import { itemPath, translationForPath } from '../../schema/registry.ts';
import { SOURCE_LANGUAGE } from '../../schema/site/languages.ts';
import { withWords } from '../../schema/translations.ts';
import { blobId } from '../../store/blobId.ts';
import { ChangeFeed, isCommitted, type ContentChange } from '../changes.ts';
import type { ContentView, IndexedItem } from '../index/contentIndex.ts';
import type { MediaUse } from '../index/mediaUses.ts';

interface Laid {
  source: IndexedItem;
  words: IndexedItem | undefined;
  item: IndexedItem;
}

export class LanguageView implements ContentView {
  readonly changes: ChangeFeed;
  /** Each item as last laid, kept while neither it nor its translation changes. */
  private readonly laid = new Map<string, Laid>();

  constructor(
    /** The site it sees in the language: the live index, or a draft's view. */
    private readonly index: ContentView,
    readonly lang: string,
  ) {
    this.changes = new ChangeFeed();
    index.changes.on((change) => this.changes.emit(namingItems(change)));
  }

  list(def: EntityDef): IndexedItem[] {
    return this.index.list(def).map((item) => this.inLanguage(def, item));
  }

  *all(def: EntityDef): Iterable<IndexedItem> {
    for (const item of this.index.all(def)) yield this.inLanguage(def, item);
  }

  get(def: EntityDef, id = '1'): IndexedItem | undefined {
    const item = this.index.get(def, id);
    return item && this.inLanguage(def, item);
  }

  mediaVersion(rel: string): string | undefined {
    return this.index.mediaVersion(rel);
  }

  nextId(def: EntityDef): string {
    return this.index.nextId(def);
  }

  blobOf(rel: string): string | undefined {
    return this.index.blobOf(rel);
  }

  mediaPaths(): Iterable<string> {
    return this.index.mediaPaths();
  }

  mediaUses(rel: string): MediaUse[] {
    return this.index.mediaUses(rel);
  }

  translation(def: EntityDef, lang: string, id = '1'): IndexedItem | undefined {
    return this.index.translation(def, lang, id);
  }

  translationsOf(def: EntityDef, id: string): IndexedItem[] {
    return this.index.translationsOf(def, id);
  }

  /** The item in this language: its translation's words over it, or itself marked as the source's. */
  private inLanguage(def: EntityDef, source: IndexedItem): IndexedItem {
    const key = `${def.name}:${source.id}`;
    const words = this.index.translation(def, this.lang, source.id);
    const kept = this.laid.get(key);
    if (kept && kept.source === source && kept.words === words) return kept.item;
    const item: IndexedItem = words
      ? {
          ...source,
          data: withWords(def, source.data, words.data),
          // Answers' versions (ETags) change with either file.
          version: blobId(Buffer.from(`${source.version}\n${words.fileVersion}`)),
          lang: this.lang,
        }
      : { ...source, lang: SOURCE_LANGUAGE };
    this.laid.set(key, { source, words, item });
    return item;
  }
}

/** A change with each translation file it names replaced by the file of the item it translates. */
function namingItems(change: ContentChange): ContentChange {
  const paths = isCommitted(change) ? change.commit.paths : change.kind === 'external' ? change.paths : null;
  if (!paths?.some((p) => translationForPath(p))) return change;
  const named = [
    ...new Set(
      paths.map((p) => {
        const t = translationForPath(p);
        return t ? itemPath(t.def, t.id) : p;
      }),
    ),
  ];
  if (isCommitted(change)) return { ...change, commit: { ...change.commit, paths: named } };
  return { ...change, paths: named } as ContentChange;
}
