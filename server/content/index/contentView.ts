// What reads and the change pipeline ask of the site's content, whoever holds it: the live index,
// a draft's view of it, or the site seen in another language.
import type { EntityDef } from '../../schema/define.ts';
import type { ChangeFeed } from '../changes.ts';
import type { StoredItem } from '../../schema/storedItem.ts';
import type { MediaUse } from './mediaUses.ts';

/** What reads and the change pipeline need of the site's content: the live index, or a draft's view of it. */
export interface ContentView {
  /** Changes to what the view holds (a draft's view is replaced, never changed: its feed stays quiet). */
  readonly changes: ChangeFeed;
  list(def: EntityDef): IndexedItem[];
  all(def: EntityDef): Iterable<IndexedItem>;
  get(def: EntityDef, id?: string): IndexedItem | undefined;
  mediaVersion(rel: string): string | undefined;
  nextId(def: EntityDef): string;
  blobOf(rel: string): string | undefined;
  /** Every media file the view holds (about files included). */
  mediaPaths(): Iterable<string>;
  /** The items of this view that use a media file. */
  mediaUses(rel: string): MediaUse[];
  /** An item's translation into `lang` (its words: server/schema/translations.ts), if it has one. */
  translation(def: EntityDef, lang: string, id?: string): IndexedItem | undefined;
  /** Every translation of one item (a delete takes them with it). */
  translationsOf(def: EntityDef, id: string): IndexedItem[];
}

export interface IndexedItem extends StoredItem {
  path: string;
  /** Blob id of the item's own file (its `version` also covers its media). */
  fileVersion: string;
}
export interface ContentError {
  path: string;
  error: string;
  fields?: Record<string, string>;
}
