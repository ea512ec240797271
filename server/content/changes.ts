// The one event every change to the site's content ends in. The change pipeline (writer.ts) emits
// saves, deletes and restores after the index holds them, and `unchanged` for one a person asked
// for that left every file as it was; the watcher emits hand edits and pulls; the schedule clock
// emits a window opening or closing. Caches, open pages (SSE), search, feeds, the remote push, the
// audit log and the watcher's own bookkeeping each subscribe on their own: the index is already up
// to date when any of them hears of it, so none depends on another having run first.
import type { Author, CommitResult } from '../store/gitStore.ts';
import type { Role } from '../schema/roles.ts';

interface Touches {
  /** Every entity whose served content changed (carried items' entities included). */
  entities: ReadonlySet<string>;
}

/** The signed-in person a change is made for: its commit's author, and how the audit log names them. */
export interface Actor extends Author {
  /** Their account name. */
  username: string;
  /** The network address the request came from. */
  address?: string;
  /**
   * What their account may do; the change pipeline checks it again (routes check first). Undefined
   * only for the server's own work on someone's behalf (a scheduled publish, checked when scheduled).
   */
  role?: Role;
  /** The token for scripts the change was asked with, by its name (the audit log names it). */
  token?: string;
}

/** A change a signed-in person asked this server for. */
interface Asked extends Touches {
  /** The entity the person changed, and its item. */
  entity: string;
  ids: string[];
  author: Actor;
}

/** A change this server made: one commit, by a signed-in person. */
interface Committed extends Asked {
  commit: CommitResult;
  /** Other items the change took along in its commit (an event page's cards), by entity. */
  carried?: { entity: string; ids: string[] }[];
}

/** What a change to the media library did to its files. */
export type MediaOp = 'upload' | 'describe' | 'replace' | 'delete' | 'restore';
export const MEDIA_OPS: readonly MediaOp[] = ['upload', 'describe', 'replace', 'delete', 'restore'];

/** The name the media library goes by where an entity's name stands (the audit log, `unchanged`). */
export const MEDIA_LIBRARY = 'media';

export type ContentChange =
  | (Committed & { kind: 'saved'; created: boolean })
  | (Committed & { kind: 'deleted' })
  | (Committed & { kind: 'restored'; from: string })
  /** A draft published: one merge commit on the live branch, by the person who published it. */
  | (Touches & {
      kind: 'published';
      commit: CommitResult;
      author: Actor;
      draft: { id: string; title: string };
      /** The items the draft changed, by entity. */
      items: { entity: string; id: string }[];
    })
  /**
   * Many items imported in one commit (a spreadsheet, an old site): each item created, updated or
   * removed, and the shared files it brought.
   */
  | (Touches & {
      kind: 'imported';
      commit: CommitResult;
      author: Actor;
      /** What the items came from (a file's name, an old site's address). */
      source: string;
      items: { entity: string; id: string; action: 'created' | 'updated' | 'removed' }[];
      files: string[];
    })
  /**
   * A save, delete or restore that would have left every file as it was: no commit, and `entities`
   * is empty (nothing anyone is served moved), but the person still asked for it.
   */
  | (Asked & { kind: 'unchanged' } & (
        | { asked: 'saved' | 'deleted' }
        | { asked: 'restored'; from: string }
        | { asked: 'media'; op: MediaOp }
        | { asked: 'imported'; source: string }
      ))
  /**
   * Files of the media library uploaded, described, replaced, deleted or restored, in one commit;
   * `entities` names those whose items use them (their pages show the file anew).
   */
  | (Touches & {
      kind: 'media';
      op: MediaOp;
      /** The library's files concerned (about files are part of their file). */
      paths: string[];
      commit: CommitResult;
      author: Actor;
      /** A restore's commit. */
      from?: string;
    })
  /**
   * A visitor's message kept privately (no commit): staff's open admin pages and the notices hear of
   * it. `message` is personal data: only the notices read it; nothing public is made from it.
   */
  | (Touches & { kind: 'message'; entity: string; ids: string[]; message: Readonly<Record<string, unknown>> })
  /** Hand edits, git pull, checkout, reset: files read again from the work tree. */
  | (Touches & { kind: 'external'; paths: string[] })
  /** "Show from" / "Show until" reached: nothing was written, what visitors see changed. */
  | (Touches & { kind: 'schedule' });

export type ChangeKind = ContentChange['kind'];
export type CommittedChange = Extract<ContentChange, { commit: CommitResult }>;

export const isCommitted = (c: ContentChange): c is CommittedChange => 'commit' in c;

type Listener = (change: ContentChange) => void;

/** A small typed emitter: a listener that throws is logged and the others still hear of the change. */
export class ChangeFeed {
  private readonly listeners = new Set<Listener>();

  constructor(private readonly log: (message: string) => void = console.error) {}

  /** Subscribes; returns the unsubscribe. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: ContentChange): void {
    const frozen = Object.freeze(change);
    for (const listener of [...this.listeners]) {
      try {
        listener(frozen);
      } catch (e) {
        this.log(`A listener of content changes failed on a ${change.kind} change: ${(e as Error).message}`);
      }
    }
  }
}
