// The one operation every change to the site runs through — a save (create or update), a delete, a
// restore, a bulk update, a draft's publish (now or at its scheduled time) — in fixed steps:
//   1. authorize  the role table's one answer (schema/roles.ts `authorize`), the one the HTTP guard asks
//   2. plan       what the change writes, read from the view it builds on (plan.ts)
//   3. validate   every item against its declaration, the entity's follow and carry rules (validate.ts)
//   4. guards     admin-only fields, entity rules, content checks, approval: every one, every kind (guards.ts)
//   5. commit     one commit of the files that differ, in the store's save queue
//   6. index      the target takes the committed files as they are (never parsed back)
//   7. event      one typed change event (changes.ts) that caches, pages, search, feeds, the remote
//                 push, the audit log and the watcher each hear on their own
// Steps 2–7 run as one turn of the store's save queue, so what a change was checked against is what it
// is committed on. A change that would leave every file as it was makes no commit and ends in an
// `unchanged` event (the audit log records what the person asked for).
import type { EntityDef } from '../../schema/define.ts';
import { authorize, type ChangeAction } from '../../schema/roles.ts';
import type { FileChange, GitStore } from '../../store/gitStore.ts';
import { blobId } from '../../store/blobId.ts';
import { isDiskFile } from '../../store/fileChange.ts';
import type { ContentIndex, ContentView, IndexedItem } from '../index/contentIndex.ts';
import { serializeItem } from '../index/fileFormat.ts';
import { RecentVersions } from '../index/recentVersions.ts';
import type { Actor } from '../changes.ts';
import { DraftView, draftFiles, type Picks } from '../drafts/draftView.ts';
import type {
  Change,
  ChangeResult,
  ChangeTarget,
  DraftTarget,
  ImportChange,
  ItemWarning,
  SavePreparation,
  SaveResult,
} from './change.ts';
import {
  planBulk,
  planDelete,
  planMessage,
  planPublish,
  planRestore,
  planSave,
  type Plan,
  type SaveContext,
} from './plan.ts';
import { validatePlan, type Validated } from './validate.ts';
export { carriedNote } from './validate.ts';
import { runGuards } from './guards.ts';
import type { Upload } from './mediaUpload.ts';
import { commitMessage } from './commitMessage.ts';
import { mediaAction, planMedia } from './planMedia.ts';
import { planTranslate } from './planTranslate.ts';
import { planImport } from './planImport.ts';
import { NewIds } from './newIds.ts';
import { changeEvent, unchangedEvent } from './changeEvent.ts';
import { previewOf, type PreviewedItem } from './importPreview.ts';
import { importCounts, importedFiles, importedItems, importMessage } from './importMessage.ts';
import { AboutFiles } from '../media/aboutFiles.ts';
import { mediaReferencesOf } from '../../schema/mediaLibrary.ts';
import { MEDIA_LIBRARY } from '../changes.ts';

export {
  StaleVersionError,
  type Change,
  type ChangeResult,
  type ChangeTarget,
  type DraftTarget,
  type ItemWarning,
  type SaveResult,
} from './change.ts';

/** The role table's name for a change (a save without an id makes a new item). */
export function actionOf(change: Change): ChangeAction {
  if (change.kind === 'media') return mediaAction(change.operation.op);
  // A translation changes an item's words, as an update does (its own file: the item's stays).
  if (change.kind === 'translate') return 'update';
  if (change.kind === 'save')
    return change.def.type === 'collection' && change.id === undefined ? 'create' : 'update';
  return change.kind;
}

export class ContentWriter {
  /** Versions this server saved over: the bases that older saves are merged against. */
  private readonly recent = new RecentVersions();
  /** The live site as a change target: its branch, its index, and the feed everyone hears. */
  private readonly live: ChangeTarget;
  /** New items' ids: past every id a collection ever had, and those drafts hold. */
  private readonly ids: NewIds;

  constructor(
    private readonly store: GitStore,
    private readonly index: ContentIndex,
    private readonly preparation?: SavePreparation,
    /** Pictures' descriptions and focal points, as views hold them. */
    readonly abouts: AboutFiles = new AboutFiles(store),
  ) {
    this.ids = new NewIds(store, index);
    this.live = {
      view: index,
      commit: (changes, author, message, parent) => store.commitNow(changes, author, message, parent),
      take: (commit, stored) => index.applyCommitted(commit, stored),
      announce: (change) => index.changes.emit(change),
    };
  }

  /** The largest id of an entity that open drafts have made items with. */
  reserveIds(largest: (def: EntityDef) => Promise<number>): void {
    this.ids.reserve(largest);
  }

  /** The one operation: every change, whatever door it came through. */
  async run(actor: Actor, change: Change): Promise<ChangeResult> {
    const into =
      change.kind === 'save' ||
      change.kind === 'delete' ||
      change.kind === 'media' ||
      change.kind === 'translate' ||
      change.kind === 'import'
        ? change.into
        : undefined;
    authorize(actor, { action: actionOf(change), intoDraft: into !== undefined });
    if (change.kind === 'message') return this.keepMessage(actor, change);
    let prepared: { uploads: Upload[]; discard(): Promise<void> } | undefined;
    if (change.kind === 'save' && this.preparation) {
      // Slow work (a PDF's first page drawn) before the queue, which it would otherwise hold up.
      const view = into ? (await into.open()).view : this.index;
      const current = change.id === undefined ? undefined : view.get(change.def, change.id)?.data;
      prepared = await this.preparation.prepare(change.def, change.uploads, current);
      change = { ...change, uploads: prepared.uploads };
    }
    const floors = await this.ids.floors(creates(change));
    const asked = change;
    try {
      return await this.store.exclusive(async () => {
        const target = into ? await into.open() : this.live;
        const { plan, validated, warnings } = await this.checked(
          asked,
          actor,
          target,
          into !== undefined,
          floors,
        );
        return { ...(await this.commit(plan, target, actor, validated)), warnings };
      });
    } finally {
      await prepared?.discard();
    }
  }

  /**
   * An import's steps up to its commit (authorize, plan, validate, guards), for a preview: what each
   * item would become, nothing written. Refuses as the import itself would.
   */
  async dryRun(
    actor: Actor,
    change: ImportChange,
  ): Promise<{ items: PreviewedItem[]; warnings: ItemWarning[] }> {
    const { into } = change;
    authorize(actor, { action: 'import', intoDraft: into !== undefined });
    const floors = await this.ids.floors(creates(change));
    return this.store.exclusive(async () => {
      // The ids it shows are not handed out: the import, when it runs, takes them anew.
      const handedOut = this.ids.mark();
      try {
        const target = into ? await into.open() : this.live;
        const { plan, warnings } = await this.checked(change, actor, target, into !== undefined, floors);
        return { items: previewOf(plan), warnings };
      } finally {
        this.ids.backTo(handedOut);
      }
    });
  }

  /**
   * A visitor's message: planned, validated and guarded as every change is, then kept privately by
   * its own store (no commit, no save queue: it never waits for the site's saves) and announced. The
   * guards run in the keeper's turn, as a save's run in the save queue's: the room they check is the
   * room the message is written into.
   */
  private async keepMessage(
    actor: Actor,
    change: Extract<Change, { kind: 'message' }>,
  ): Promise<ChangeResult> {
    const plan = planMessage(change, this.index);
    validatePlan(plan);
    const { def, data } = plan.items[0]!;
    let warnings: ItemWarning[] = [];
    const id = await change.keep.add(data!, (room) => {
      warnings = runGuards({ ...plan, room }, actor);
    });
    this.index.changes.emit({
      kind: 'message',
      entity: def.name,
      ids: [id],
      entities: new Set([def.name]),
      message: data!,
    });
    return { created: true, items: [{ entity: def.name, id }], warnings };
  }

  /** A create or update (typed shorthand for `run`). */
  async save(req: Omit<Extract<Change, { kind: 'save' }>, 'kind'> & { author: Actor }): Promise<SaveResult> {
    const { author, ...change } = req;
    return (await this.run(author, { kind: 'save', ...change })) as SaveResult;
  }

  /** A delete (typed shorthand for `run`); resolves with the commit that deleted the item. */
  async remove(
    def: EntityDef,
    id: string,
    author: Actor,
    version?: string,
    into?: DraftTarget,
  ): Promise<string | undefined> {
    return (await this.run(author, { kind: 'delete', def, id, version, into })).commit;
  }

  /** A restore (typed shorthand for `run`). */
  async restore(def: EntityDef, id: string, commit: string, author: Actor): Promise<SaveResult> {
    return (await this.run(author, { kind: 'restore', def, id, commit })) as SaveResult;
  }

  /** A bulk update (typed shorthand for `run`); resolves with its commit, if it changed anything. */
  async updateMany(
    def: EntityDef,
    updates: readonly { id: string; input: Record<string, unknown> }[],
    author: Actor,
    message: string,
  ): Promise<string | undefined> {
    return (await this.run(author, { kind: 'bulk', def, updates, message })).commit;
  }

  /** The stored descriptions of the media files the change's items use, read before its checks. */
  private async descriptions(plan: Plan): Promise<(rel: string) => boolean> {
    const described = new Set<string>();
    for (const item of plan.items)
      if (item.data)
        for (const { path } of mediaReferencesOf(item.def, item.data))
          if ((await this.abouts.of(plan.site, path)).alt) described.add(path);
    return (rel) => described.has(rel);
  }

  /** Step 2, by kind: what the change writes, read from the target's view. */
  /** Steps 2–4, inside the save queue: the plan, validated, and every guard's findings. */
  private async checked(
    change: Change,
    actor: Actor,
    target: ChangeTarget,
    intoDraft: boolean,
    floors: Map<EntityDef, number>,
  ): Promise<{ plan: Plan; validated: Validated; warnings: ItemWarning[] }> {
    const plan = await this.plan(change, target, intoDraft, floors);
    plan.describes = await this.descriptions(plan);
    const validated = validatePlan(plan);
    return { plan, validated, warnings: runGuards(plan, actor) };
  }

  private async plan(
    change: Change,
    target: ChangeTarget,
    intoDraft: boolean,
    floors: Map<EntityDef, number>,
  ): Promise<Plan> {
    const ctx: SaveContext = {
      view: target.view,
      intoDraft,
      newId: () => {
        const { def } = change as { def: EntityDef };
        return this.ids.next(def, floors, target.view);
      },
      recent: this.recent,
    };
    switch (change.kind) {
      case 'save':
        return planSave(change, ctx);
      case 'delete':
        return planDelete(change, target.view, intoDraft);
      case 'restore':
        return planRestore(change, this.store, target.view);
      case 'bulk':
        return planBulk(change, ctx);
      case 'publish': {
        const files = await draftFiles(this.store, this.index, change.draft, change.picks);
        return planPublish(change, files, new DraftView(this.index, files), this.index, this.store);
      }
      case 'message':
        return planMessage(change, target.view);
      case 'media':
        return planMedia(change, { view: target.view, intoDraft, store: this.store, abouts: this.abouts });
      case 'translate':
        return planTranslate(change, target.view, intoDraft);
      case 'import':
        return planImport(change, {
          ...ctx,
          newIdFor: (def) => this.ids.next(def, floors, target.view),
        });
    }
  }

  /** Steps 5–7: one commit of what differs, the target takes it, one event. */
  private async commit(
    plan: Plan,
    target: ChangeTarget,
    actor: Actor,
    validated: Validated,
  ): Promise<Omit<ChangeResult, 'warnings'>> {
    const primary = plan.items.find((i) => i.primary);
    const stored = new Map<string, Record<string, unknown>>();
    const changes: FileChange[] = [];
    for (const item of plan.items) {
      if (item.data) stored.set(item.path, item.data);
      changes.push({
        path: item.path,
        data: item.data ? (item.text ?? serializeItem(item.def, item.data)) : null,
      });
      // The items a change replaces, kept so that saves started from them can still be merged.
      if (item.before) this.recent.remember(item.before);
    }
    changes.push(...plan.files);
    const items = plan.items.filter((i) => i.primary).map((i) => ({ entity: i.def.name, id: i.id }));
    const answer = async (commit?: string, written: FileChange[] = []) => ({
      commit,
      created: plan.created,
      items,
      ...(plan.source !== undefined ? { imported: importCounts(importedItems(plan, written)) } : {}),
      ...(plan.media ? { files: plan.media.paths } : {}),
      ...(validated.carried ? { carried: validated.carried } : {}),
      ...(primary && plan.event !== 'deleted' && plan.event !== 'published'
        ? { item: await this.itemAfter(target, primary.def, primary.id, commit) }
        : {}),
    });
    // A draft whose changes are all on the live site already still ends in a merge: its history joins.
    const real = plan.draft ? changes : changes.filter((c) => !unchanged(c, target.view));
    if (!real.length && !plan.draft) {
      await target.announce(unchangedEvent(plan, actor));
      return answer();
    }
    const commit = await target.commit(real, actor, this.messageOf(plan, real), plan.draft?.tip);
    const entities = target.take(commit, stored);
    if (plan.event === 'published') for (const i of plan.items) entities.add(i.def.name);
    // The library's own name too: open admin pages of the library hear of every change to it.
    if (plan.media) for (const name of [MEDIA_LIBRARY, ...plan.media.touches]) entities.add(name);
    await target.announce(changeEvent(plan, actor, entities, commit, validated, real));
    return answer(commit.oid, real);
  }

  private messageOf(plan: Plan, written: FileChange[]): string {
    if (plan.message !== undefined) return plan.message;
    if (plan.source !== undefined)
      return importMessage(plan.source, importedItems(plan, written), importedFiles(plan, written));
    const item = plan.items.find((i) => i.primary)!;
    const named = plan.action === 'update' || plan.action === 'restore' ? item.was : undefined;
    return commitMessage(item.def, plan.verb, item.id, item.data ?? item.was ?? {}, named, plan.language);
  }

  private async itemAfter(
    target: ChangeTarget,
    def: EntityDef,
    id: string,
    commit: string | undefined,
  ): Promise<IndexedItem | undefined> {
    const view = commit && target.reopen ? await target.reopen() : target.view;
    return view.get(def, id);
  }
}

/** The collections a change makes new items in (a create; an import's items without an id). */
function creates(change: Change): EntityDef[] {
  if (change.kind === 'import') return change.items.filter((i) => i.id === undefined).map((i) => i.def);
  return change.kind === 'save' && actionOf(change) === 'create' ? [change.def] : [];
}

/** Whether a change would leave its file as the view knows it (by blob id; nothing is read). */
function unchanged(change: FileChange, view: ContentView): boolean {
  const now = view.blobOf(change.path);
  if (isDiskFile(change)) return now === change.blob;
  if (change.data === null) return now === undefined;
  return now === blobId(typeof change.data === 'string' ? Buffer.from(change.data) : change.data);
}

export type { Picks };
