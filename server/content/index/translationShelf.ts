// The translations the index holds (content/news/5.es.md): by language, entity and id, each the
// words of one item as its translation file says them (server/schema/translations.ts).
import type { EntityDef } from '../../schema/define.ts';
import type { IndexedItem } from './contentView.ts';

export class TranslationShelf {
  private readonly shelves = new Map<string, Map<string, IndexedItem>>();
  private readonly byPath = new Map<string, IndexedItem>();

  private shelf(lang: string, def: EntityDef): Map<string, IndexedItem> {
    const key = `${lang}:${def.name}`;
    let shelf = this.shelves.get(key);
    if (!shelf) this.shelves.set(key, (shelf = new Map<string, IndexedItem>()));
    return shelf;
  }

  /** An item's translation into `lang` (its words), if there is one. */
  get(def: EntityDef, lang: string, id = '1'): IndexedItem | undefined {
    return this.shelves.get(`${lang}:${def.name}`)?.get(id);
  }

  /** Every translation of an entity's items into `lang`. */
  all(def: EntityDef, lang: string): Iterable<IndexedItem> {
    return this.shelves.get(`${lang}:${def.name}`)?.values() ?? [];
  }

  /** Every translation of one item, whatever its language. */
  of(def: EntityDef, id: string): IndexedItem[] {
    const out: IndexedItem[] = [];
    for (const [key, shelf] of this.shelves) {
      if (!key.endsWith(`:${def.name}`)) continue;
      const item = shelf.get(id);
      if (item) out.push(item);
    }
    return out;
  }

  set(def: EntityDef, lang: string, item: IndexedItem): void {
    const shelf = this.shelf(lang, def);
    const before = shelf.get(item.id);
    if (before) this.byPath.delete(before.path);
    shelf.set(item.id, item);
    this.byPath.set(item.path, item);
  }

  /** Takes a translation away; whether there was one. */
  delete(def: EntityDef, lang: string, id: string): boolean {
    const shelf = this.shelves.get(`${lang}:${def.name}`);
    const item = shelf?.get(id);
    if (!item) return false;
    shelf!.delete(id);
    this.byPath.delete(item.path);
    return true;
  }

  /** The translation file at a path, as held. */
  at(rel: string): IndexedItem | undefined {
    return this.byPath.get(rel);
  }

  paths(): Iterable<string> {
    return this.byPath.keys();
  }
}
