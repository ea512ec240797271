// What a change to the site asks for, and what it answers: the one operation (writer.ts) takes a
// `Change` of any kind and runs it through the same steps. Wire spellings never reach here: fields
// come by stored name (or a declared alias), uploads by field.
import type { EntityDef } from '../../schema/define.ts';
import type { Author, CommitResult, FileChange } from '../../store/gitStore.ts';
import type { ContentView, IndexedItem } from '../index/contentIndex.ts';
import type { Upload } from './mediaUpload.ts';
import type { Actor, ContentChange, MediaOp } from '../changes.ts';
import type { AboutInput, MediaUseView } from '../../schema/mediaLibrary.ts';
import type { Picks } from '../drafts/draftView.ts';
import type { FieldWarning } from '../../schema/contentChecks.ts';
import { AppError } from '../../schema/errors.ts';
import { CONTACT_FULL } from '../../schema/site/contactForm.ts';

/** A create (no id) or an update of one item, or of a singleton. */
export interface SaveChange {
  kind: 'save';
  def: EntityDef;
  /** Collection id to update; undefined creates a new item. Singletons ignore it. */
  id?: string;
  /** Incoming fields by stored name or declared alias; unknown keys are ignored. */
  input: Record<string, unknown>;
  uploads: Upload[];
  /** The version the editor started from; a different current version is merged or refused (409). */
  version?: string;
  /** Saves into this draft instead of the live site. */
  into?: DraftTarget;
}

export interface DeleteChange {
  kind: 'delete';
  def: EntityDef;
  id: string;
  version?: string;
  into?: DraftTarget;
}

/** Brings back an item as it was at a commit, as a new commit (its media too). */
export interface RestoreChange {
  kind: 'restore';
  def: EntityDef;
  id: string;
  commit: string;
}

/** Several items of one collection in one commit (a one-off fix such as propose-event-dates). */
export interface BulkChange {
  kind: 'bulk';
  def: EntityDef;
  updates: readonly { id: string; input: Record<string, unknown> }[];
  message: string;
}

/** A draft's changes merged with the live site as it is now, as one merge commit on the branch. */
export interface PublishChange {
  kind: 'publish';
  draft: { id: string; title: string; base: string; tip: string };
  picks?: Picks;
  message: string;
  /** The draft's approval, asked again inside the save queue (refuses by throwing). */
  approval: () => void;
}

/**
 * A visitor's message through the contact form, kept privately (never in the site repository) by
 * `keep` (server/contact/privateCollection.ts).
 */
export interface MessageChange {
  kind: 'message';
  def: EntityDef;
  input: Record<string, unknown>;
  keep: MessageKeeper;
}

/** What the kept messages take and the room set aside for them, in bytes, as one more is kept. */
export interface MessageRoom {
  count: number;
  bytes: number;
  maxBytes: number;
  /** What the message being kept takes. */
  adding: number;
}

/** Where visitors' messages are kept. */
export interface MessageKeeper {
  /**
   * Keeps a message in one turn of the keeper's own queue: `check` is given the room as it is in
   * that turn, so that no other message is kept between the check and the write; it refuses by
   * throwing, and then nothing is written. Resolves with the message's id.
   */
  add(data: Record<string, unknown>, check: (room: MessageRoom) => void): Promise<string>;
}

/** A file for the library: checked upload, and the name it came with (the stored name is made from it). */
export interface LibraryUpload {
  upload: Upload;
  name: string;
}

/** What a change to the media library does, by operation. */
export type MediaOperation =
  | { op: 'upload'; files: LibraryUpload[] }
  | { op: 'describe'; path: string; about: AboutInput }
  | { op: 'replace'; path: string; upload: Upload }
  | { op: 'delete'; path: string; usedInDrafts?: MediaUseView[] }
  | { op: 'restore'; path: string; commit: string };

/** A change to the files of the media library (`media/`), live or into a draft. */
export interface MediaChange {
  kind: 'media';
  operation: MediaOperation & { op: MediaOp };
  into?: DraftTarget;
}

/**
 * An item's words in another language (issue 36): saved in its translation file
 * (content/news/5.es.md), never in the item's own, which stays as it is.
 */
export interface TranslateChange {
  kind: 'translate';
  def: EntityDef;
  /** The item translated (singletons: undefined). */
  id?: string;
  lang: string;
  /** The words by stored name; anything else (a date, a link, a picture) is refused. */
  input: Record<string, unknown>;
  /** Removes the translation instead (the item then shows in English in that language). */
  remove?: boolean;
  /** The translation's version the translator started from ('' for none yet): another is refused (409). */
  version?: string;
  /** Saves into this draft instead of the live site. */
  into?: DraftTarget;
}

/** One item of an import: created, or updated when `id` names an item the site has. */
export interface ImportItem {
  def: EntityDef;
  id?: string;
  /** Fields by stored name, as a save takes them. */
  input: Record<string, unknown>;
  /** The item's own picture or file, by field, as a save's uploads. */
  uploads?: Upload[];
  /** Created under `id` when the site has no item by it (a site import keeps the old site's ids). */
  keepId?: boolean;
}

/**
 * Many items, of one collection or of the whole site, in one commit whose message names the source
 * (a spreadsheet's file name, an old site's address). Every item is checked as its save would be and
 * every problem is reported together; any problem and nothing is written.
 */
export interface ImportChange {
  kind: 'import';
  /** What the items came from, named in the commit message ("news.csv", "https://old.example.org"). */
  source: string;
  items: readonly ImportItem[];
  /** Shared files of the media library written in the same commit, at the paths given. */
  files?: readonly { path: string; upload: Upload }[];
  /** Items removed in the same commit (a site import replacing the starter's). */
  remove?: readonly { def: EntityDef; id: string }[];
  into?: DraftTarget;
}

/** What an import did: how many items it made, changed and removed. */
export interface ImportCounts {
  created: number;
  updated: number;
  removed: number;
}

/** One problem an import found, by the position of its item in the change. */
export interface ImportProblem {
  /** The item's place in `items` (0 first). */
  item: number;
  entity: string;
  id?: string;
  /** The field, or '' for the item as a whole. */
  field: string;
  error: string;
}

/** An import refused (400): every problem of every item, nothing written. */
export class ImportRefusedError extends AppError {
  constructor(readonly problems: ImportProblem[]) {
    const first = problems[0]!;
    super(
      400,
      `${problems.length === 1 ? 'One problem' : `${problems.length} problems`} stopped the import, so nothing was imported. The first: ${first.error}`,
      Object.fromEntries(problems.map((p) => [`${p.item}${p.field ? `.${p.field}` : ''}`, p.error])),
    );
  }
}

export type Change =
  | SaveChange
  | ImportChange
  | DeleteChange
  | RestoreChange
  | BulkChange
  | PublishChange
  | MessageChange
  | MediaChange
  | TranslateChange;
export type ChangeKindName = Change['kind'];

/** A content check's warning about one item a change writes. */
export interface ItemWarning extends FieldWarning {
  entity: string;
  id: string;
}

/** What every change answers. */
export interface ChangeResult {
  /** The commit the change made; undefined when it changed nothing. */
  commit?: string;
  /** The item asked for, as it is after the change (saves and restores). */
  item?: IndexedItem;
  created: boolean;
  /** Other items the change took along in its commit (an event page's cards), with what to tell staff. */
  carried?: { def: EntityDef; ids: string[]; note: string }[];
  /** The items the change wrote (a publish: every item of the draft). */
  items: { entity: string; id: string }[];
  /** What the content checks found that does not stop the change. */
  warnings: ItemWarning[];
  /** A change to the media library: the files it wrote (or would have), by path. */
  files?: string[];
  /** An import: how many items it created, updated and removed (0 each when it changed nothing). */
  imported?: ImportCounts;
}

/** A save's answer: the item is always there. */
export type SaveResult = ChangeResult & { item: IndexedItem };

/**
 * Where a change is committed and who hears of it: the live site (the branch, its index and the
 * change feed everyone subscribes to), or a draft (its own ref and view; the live site never hears).
 */
export interface ChangeTarget {
  view: ContentView;
  commit(changes: FileChange[], author: Author, message: string, parent?: string): Promise<CommitResult>;
  /** The committed files taken in, as they are; returns the entities whose content changed. */
  take(commit: CommitResult, stored: Map<string, Record<string, unknown>>): Set<string>;
  /**
   * Tells of the change; awaited inside the save queue, so what a draft records of a save into it
   * (its author, an approval or a schedule it ends) holds before any next change is checked.
   */
  announce(change: ContentChange): void | Promise<void>;
  /** The view after this target's commit, when it is not updated in place (a draft's). */
  reopen?(): Promise<ContentView>;
}

/** A draft to save into: opened inside the save queue, so its view is the one the commit builds on. */
export interface DraftTarget {
  id: string;
  open(): Promise<ChangeTarget>;
}

export class StaleVersionError extends AppError {
  constructor(readonly current: IndexedItem) {
    super(409, 'Someone else saved a newer version of this item while you were editing it.');
  }
}

/** A file that items still use cannot be removed (409): the answer lists where it is used. */
export class FileInUseError extends AppError {
  constructor(
    readonly path: string,
    readonly usedBy: MediaUseView[],
  ) {
    super(
      409,
      `This file is still used by ${usedBy.length === 1 ? 'one item' : `${usedBy.length} items`}: ${usedBy
        .slice(0, 3)
        .map((u) => `${u.label} “${u.title}”${u.draft ? ` in the draft “${u.draft.title}”` : ''}`)
        .join(
          ', ',
        )}${usedBy.length > 3 ? ', …' : ''}. Remove it from ${usedBy.length === 1 ? 'that item' : 'them'} first.`,
    );
  }
}

/** A visitor's message that would pass the room set aside for messages: refused, and what is kept stays. */
export class MessagesFullError extends AppError {
  constructor(readonly room: MessageRoom) {
    super(507, CONTACT_FULL);
  }
}

/**
 * Work a save needs before it takes the queue, slow enough not to hold every other save up: a
 * paper's first-page picture drawn from its PDF (server/pdf/firstPagePictures.ts).
 */
export interface SavePreparation {
  prepare(
    def: EntityDef,
    uploads: Upload[],
    current: Record<string, unknown> | undefined,
  ): Promise<{ uploads: Upload[]; discard(): Promise<void> }>;
}

export type { Actor };
