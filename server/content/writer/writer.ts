// The one change pipeline: create, update, delete and restore (and, next, a draft's publish) run the
// same steps — access → the entity's declared rules (schema/entities/*.ts) → validate once → one
// commit (item file, its media, items it carries along) → the index takes the committed files as
// they are → one typed change event (changes.ts) that caches, open pages, search, feeds, the remote
// push and the watcher each hear on their own. The check of the editor's version and the commit run
// as one turn of the store's save queue; the stored text is written from the validated item and
// never parsed back. A change that would leave every file as it was makes no commit and ends in an
// `unchanged` event (the audit log records what the person asked for).
import type { EntityDef, Fields } from '../../schema/define.ts';
import { initialValues } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';
import { storedKeyFor } from '../../schema/codec.ts';
import { entityForPath, itemPath } from '../../schema/registry.ts';
import type { Carried } from '../../schema/define.ts';
import type { Author, CommitResult, FileChange, GitStore } from '../../store/gitStore.ts';
import { blobId } from '../../store/blobId.ts';
import { isDiskFile } from '../../store/fileChange.ts';
import type { ContentIndex, ContentView, IndexedItem } from '../index/contentIndex.ts';
import { parseItemFile, serializeItem, validateItem } from '../index/fileFormat.ts';
import type { Upload } from './mediaUpload.ts';
import { mergeByField } from './fieldMerge.ts';
import { RecentVersions } from '../index/recentVersions.ts';
import type { Actor, ContentChange } from '../changes.ts';
import { AppError } from '../../schema/errors.ts';
import { can, REFUSED, type Permission } from '../../schema/roles.ts';
import { entityByName } from '../../schema/registry.ts';
import { DraftView, draftFiles, type Picks } from '../drafts/draftView.ts';
import { publishPlan } from './draftPublish.ts';
import { checkItem, refusals, warningsOf, type FieldWarning } from '../../schema/contentChecks.ts';
import { siteFactsOf } from '../../schema/siteAddresses.ts';

export interface SaveRequest {
  def: EntityDef;
  /** Collection id to update; undefined creates a new item. Singletons ignore it. */
  id?: string;
  /** Incoming fields by wire, alias or stored name; unknown keys are ignored. */
  input: Record<string, unknown>;
  uploads: Upload[];
  /** The version the editor started from; a different current version is a conflict. */
  version?: string;
  author: Actor;
  /** Saves into this draft instead of the live site. */
  into?: DraftTarget;
}

/**
 * Where a change is committed and who hears of it: the live site (the branch, its index and the
 * change feed everyone subscribes to), or a draft (its own ref and view; the live site never hears).
 */
export interface ChangeTarget {
  view: ContentView;
  commit(changes: FileChange[], author: Author, message: string): Promise<CommitResult>;
  /** The committed files taken in, as they are; returns the entities whose content changed. */
  take(commit: CommitResult, stored: Map<string, Record<string, unknown>>): Set<string>;
  announce(change: ContentChange): void;
  /** The view after this target's commit, when it is not updated in place (a draft's). */
  reopen?(): Promise<ContentView>;
}

/** A draft to save into: opened inside the save queue, so its view is the one the commit builds on. */
export interface DraftTarget {
  id: string;
  open(): Promise<ChangeTarget>;
}

export interface SaveResult {
  item: IndexedItem;
  created: boolean;
  /** Other items the save changed in its commit (an event page's cards), with what to tell staff. */
  carried?: { def: EntityDef; ids: string[]; note: string };
  /** The commit the save made; undefined when it changed nothing. */
  commit?: string;
  /** What the content checks found that does not stop the save (schema/contentChecks.ts). */
  warnings: FieldWarning[];
}

export class StaleVersionError extends AppError {
  constructor(readonly current: IndexedItem) {
    super(409, 'Someone else saved a newer version of this item while you were editing it.');
  }
}

/** What a change asks to do, for the access check (the first step of every change). */
export type AccessRequest = ItemAccess | { action: 'publish'; draft: string; author: Actor };

interface ItemAccess {
  action: 'create' | 'update' | 'delete' | 'restore';
  def: EntityDef;
  /** Undefined for a create (the id is handed out after the check). */
  id?: string;
  author: Actor;
  /** The draft the change goes into; undefined: the live site. */
  draft?: string;
  /** The fields an update changes (known once it is planned). */
  changedFields?: string[];
}

/** Refuses a change by throwing (an AppError with 403); returns when it may go ahead. */
export type AccessCheck = (request: AccessRequest) => void;

/**
 * The roles' rule for content (schema/roles.ts), checked for every change whatever route it came
 * from: a change to the live site, a restore and a publish need `publish`; a change into a draft needs
 * `drafts`; a field that loads code on the public site (`onlyAdmins` in its declaration) is changed
 * by admins only. An actor without a role is the server's own work (the schedule clock).
 */
export const byRole: AccessCheck = (request) => {
  const role = request.author.role;
  if (role === undefined) return;
  const permission: Permission =
    request.action === 'publish' || request.action === 'restore' || request.draft === undefined
      ? 'publish'
      : 'drafts';
  if (!can(role, permission)) throw new AppError(403, REFUSED[permission]);
  if ('changedFields' in request && request.changedFields?.some((f) => request.def.fields[f]?.onlyAdmins))
    if (!can(role, 'administer')) {
      const labels = request.changedFields
        .filter((f) => request.def.fields[f]?.onlyAdmins)
        .map((f) => request.def.fields[f]!.label);
      throw new AppError(
        403,
        `Only an admin can change ${labels.join(', ')}.`,
        Object.fromEntries(
          request.changedFields
            .filter((f) => request.def.fields[f]?.onlyAdmins)
            .map((f) => [f, 'Only an admin can change this.']),
        ),
      );
    }
};

const REFUSED_KEYS = new Set(['id', 'version', 'timestamp', 'update_type', 'field', 'value', 'message']);

/** A change planned and validated, ready for the steps every change shares. */
interface Planned {
  kind: 'saved' | 'deleted' | 'restored';
  def: EntityDef;
  id: string;
  /** The item as stored now (undefined when the change creates it). */
  before: IndexedItem | undefined;
  /** The validated item to store, or null when the change deletes it. */
  data: Record<string, unknown> | null;
  /** The item's file as given (a restore keeps the old bytes); else it is written from data. */
  text?: Buffer;
  /** Media files written or removed with the item. */
  media: FileChange[];
  message: string;
  author: Actor;
  created?: boolean;
  /** The commit a restore brings the item back from. */
  from?: string;
}

export class ContentWriter {
  /** Per collection, the largest id this server has handed out (a created-then-deleted one included). */
  private readonly allocated = new Map<string, number>();
  /** Versions this server saved over: the bases that older saves are merged against. */
  private readonly recent = new RecentVersions();

  /** The live site as a change target: its branch, its index, and the feed everyone hears. */
  private readonly live: ChangeTarget;
  /** Ids that drafts hold for new items: a live create never takes one (see reserveIds). */
  private reservedIds: (def: EntityDef) => Promise<number> = () => Promise.resolve(0);

  constructor(
    private readonly store: GitStore,
    private readonly index: ContentIndex,
    private readonly access: AccessCheck = byRole,
  ) {
    this.live = {
      view: index,
      commit: (changes, author, message) => store.commitNow(changes, author, message),
      take: (commit, stored) => index.applyCommitted(commit, stored),
      announce: (change) => index.changes.emit(change),
    };
  }

  /** The largest id of an entity that open drafts have made items with. */
  reserveIds(largest: (def: EntityDef) => Promise<number>): void {
    this.reservedIds = largest;
  }

  async save(req: SaveRequest): Promise<SaveResult> {
    const creating = req.def.type === 'collection' && req.id === undefined;
    this.access({
      action: creating ? 'create' : 'update',
      def: req.def,
      id: req.id,
      author: req.author,
      draft: req.into?.id,
    });
    // Ids deleted items had are read from history before the save queue, which it never holds up.
    const floor = creating ? Math.max(await this.idsEverUsed(req.def), await this.reservedIds(req.def)) : 0;
    return this.store.exclusive(async () => {
      const target = req.into ? await req.into.open() : this.live;
      const plan = this.planSave(req, floor, target.view);
      const made = await this.commitChange(plan, target);
      const view = made.commit && target.reopen ? await target.reopen() : target.view;
      return {
        item: view.get(plan.def, plan.id)!,
        created: plan.created!,
        commit: made.commit,
        warnings: made.warnings,
        ...made.carried,
      };
    });
  }

  /**
   * Several items of one collection changed in one commit (a one-off fix over many items, such as
   * `npm run propose-event-dates -- --write`): each planned, validated and checked as a save is,
   * then one commit and one `saved` change naming them all. An entity whose changes carry other
   * items along is saved one item at a time instead.
   */
  async updateMany(
    def: EntityDef,
    updates: readonly { id: string; input: Record<string, unknown> }[],
    author: Actor,
    message: string,
  ): Promise<string | undefined> {
    for (const { id } of updates) this.access({ action: 'update', def, id, author });
    if (def.rules?.carry) throw new AppError(400, `${def.label} are saved one at a time.`);
    return this.store.exclusive(async () => {
      const stored = new Map<string, Record<string, unknown>>();
      const changes: FileChange[] = [];
      for (const { id, input } of updates) {
        const plan = this.planSave({ def, id, input, uploads: [], author }, 0, this.index);
        const ctx = { def, data: plan.data!, before: plan.before?.data, id, items: this.index };
        const problems = def.rules?.check?.(ctx);
        if (problems) throw new AppError(400, `${id}: ${Object.values(problems)[0]!}`, problems);
        const path = itemPath(def, id);
        stored.set(path, plan.data!);
        changes.push({ path, data: serializeItem(def, plan.data!) });
        if (plan.before) this.recent.remember(plan.before);
      }
      const real = changes.filter((c) => !unchanged(c, this.index));
      if (!real.length) return undefined;
      const commit = await this.store.commitNow(real, author, message);
      const entities = this.index.applyCommitted(commit, stored);
      const ids = updates.map((u) => u.id).filter((id) => real.some((c) => c.path === itemPath(def, id)));
      this.index.changes.emit({
        kind: 'saved',
        created: false,
        entity: def.name,
        ids,
        entities,
        commit,
        author,
      });
      return commit.oid;
    });
  }

  /** Resolves with the commit that deleted the item. */
  async remove(
    def: EntityDef,
    id: string,
    author: Actor,
    version?: string,
    into?: DraftTarget,
  ): Promise<string | undefined> {
    this.access({ action: 'delete', def, id, author, draft: into?.id });
    return this.store.exclusive(async () => {
      const target = into ? await into.open() : this.live;
      const before = target.view.get(def, id);
      if (!before) throw new AppError(404, `There is no ${def.label.toLowerCase()} item with id ${id}.`);
      if (version && version !== before.version) throw new StaleVersionError(before);
      const media = mediaPaths(def, before.data).map((p) => ({ path: p, data: null }));
      const message = commitMessage(def, 'delete', id, before.data);
      const made = await this.commitChange(
        { kind: 'deleted', def, id, before, data: null, media, message, author },
        target,
      );
      return made.commit;
    });
  }

  /** Brings back an item as it was at a commit, as a new commit (its media too). */
  async restore(def: EntityDef, id: string, commit: string, author: Actor): Promise<SaveResult> {
    this.access({ action: 'restore', def, id, author });
    return this.store.exclusive(async () => {
      const path = itemPath(def, id);
      const old = await this.store.readAt(commit, path);
      if (!old)
        throw new AppError(400, 'This item did not exist in that version, so it cannot be restored from it.');
      // Validated once, here; the old bytes are stored as they were.
      const parsed = parseItemFile(def, old.toString('utf8'));
      if (!parsed.ok) throw new AppError(400, `That version cannot be restored: ${parsed.error}`);
      const before = this.index.get(def, id);
      const media: FileChange[] = [];
      for (const p of mediaPaths(def, parsed.data)) {
        const bytes = await this.store.readAt(commit, p);
        if (bytes) media.push({ path: p, data: bytes });
      }
      for (const p of before ? mediaPaths(def, before.data) : []) {
        if (!media.some((c) => c.path === p)) media.push({ path: p, data: null });
      }
      const message = commitMessage(def, `restore ${commit.slice(0, 7)} of`, id, parsed.data);
      const plan: Planned = {
        kind: 'restored',
        def,
        id,
        before,
        data: parsed.data,
        text: old,
        media,
        message,
        author,
        from: commit,
      };
      const made = await this.commitChange(plan, this.live);
      return {
        item: this.index.get(def, id)!,
        created: !before,
        commit: made.commit,
        warnings: made.warnings,
        ...made.carried,
      };
    });
  }

  /**
   * Publishes a draft: its files merged with the live site as it is now (picks settle conflicts),
   * validated once, as one merge commit on the live branch whose second parent is the draft's last
   * commit; the index takes the files and one "published" change is announced, as for any save.
   */
  async publish(req: {
    draft: { id: string; title: string; base: string; tip: string };
    picks?: Picks;
    author: Actor;
    message: string;
  }): Promise<{ commit?: string; items: { entity: string; id: string }[]; warnings: ItemWarning[] }> {
    const { draft, author } = req;
    this.access({ action: 'publish', draft: draft.id, author });
    return this.store.exclusive(async () => {
      const files = await draftFiles(this.store, this.index, draft, req.picks);
      const site = new DraftView(this.index, files);
      const plan = await publishPlan(this.store, files, site);
      const warnings = publishChecks(plan.stored, site);
      for (const f of files) {
        const item = f.entity ? this.index.get(entityByName.get(f.entity)!, f.id!) : undefined;
        if (item) this.recent.remember(item);
      }
      // A draft whose changes are all on the live site already still ends in a merge: its history joins.
      const commit = await this.store.commitNow(plan.changes, author, req.message, draft.tip);
      const entities = this.index.applyCommitted(commit, plan.stored);
      for (const f of files) if (f.entity) entities.add(f.entity);
      this.index.changes.emit({
        kind: 'published',
        entities,
        commit,
        author,
        draft: { id: draft.id, title: draft.title },
        items: plan.items,
      });
      return { commit: commit.oid, items: plan.items, warnings };
    });
  }

  /** A create or update: merged with the current item, the entity's onCreate applied, validated once. */
  private planSave(req: SaveRequest, idFloor: number, view: ContentView): Planned {
    const { def } = req;
    const before =
      def.type === 'singleton' ? view.get(def) : req.id !== undefined ? view.get(def, req.id) : undefined;
    if (def.type === 'collection' && req.id !== undefined && !before) {
      throw new AppError(404, `There is no ${def.label.toLowerCase()} item with id ${req.id}.`);
    }
    const created = !before;
    const id = def.type === 'singleton' ? '1' : (req.id ?? this.newId(def, idFloor, view));

    let data: Record<string, unknown> =
      before && req.version && req.version !== before.version
        ? this.mergeOlder(req, before, req.version)
        : { ...(before?.data ?? initialValues(def)), ...inputValues(def, req.input) };
    if (created && def.rules?.onCreate) data = def.rules.onCreate(data);

    const media: FileChange[] = [];
    for (const upload of req.uploads) {
      const key = storedKeyFor(def, upload.field)!;
      const path = mediaPath(def, id, key, upload.type);
      const old = data[key];
      if (typeof old === 'string' && old && old !== path) media.push({ path: old, data: null });
      data[key] = path;
      media.push({ path, file: upload.file, size: upload.size, blob: upload.blob });
    }

    let result = validateItem(def, data);
    if (!result.ok) throw new AppError(400, result.error, result.fields);
    const followed = def.rules?.follow?.({ data: result.data, before: before?.data });
    if (followed && Object.keys(followed).length) {
      result = validateItem(def, { ...result.data, ...followed });
      if (!result.ok) throw new AppError(400, result.error, result.fields);
    }
    const was = before?.data ?? initialValues(def);
    const guarded = Object.keys(def.fields).filter(
      (k) =>
        (def.fields as Fields)[k]!.onlyAdmins && JSON.stringify(result.data[k]) !== JSON.stringify(was[k]),
    );
    if (guarded.length)
      this.access({
        action: created ? 'create' : 'update',
        def,
        id,
        author: req.author,
        draft: req.into?.id,
        changedFields: guarded,
      });
    const message = commitMessage(def, created ? 'create' : 'update', id, result.data);
    return { kind: 'saved', def, id, before, data: result.data, media, message, author: req.author, created };
  }

  /**
   * The steps every change shares, inside the save queue: the entity's cross-item check, the items
   * it carries along, one commit of what differs from the index, the index updated, one event (an
   * `unchanged` one, naming no entity, when nothing differs).
   */
  private async commitChange(
    plan: Planned,
    target: ChangeTarget,
  ): Promise<{ commit?: string; carried: Pick<SaveResult, 'carried'>; warnings: FieldWarning[] }> {
    const { def, id, before, data } = plan;
    const { view } = target;
    const ctx = data && { def, data, before: before?.data, id, items: view };
    const problems = ctx && def.rules?.check?.(ctx);
    if (problems) throw new AppError(400, Object.values(problems)[0]!, problems);
    // The content checks: a save is refused for an image without a description, and told the rest.
    // A restore brings back what was, as it was: it is not checked.
    const findings = data && plan.kind === 'saved' ? checkItem(def, data, factsFor(view, plan.media)) : [];
    const refused = refusals(findings);
    if (refused) throw new AppError(400, Object.values(refused)[0]!, refused);
    const warnings = warningsOf(findings);
    const carry = (ctx && def.rules?.carry?.(ctx)) ?? null;

    const path = itemPath(def, id);
    const stored = new Map<string, Record<string, unknown>>();
    const changes: FileChange[] = [];
    if (data) stored.set(path, data);
    changes.push({ path, data: data ? (plan.text ?? serializeItem(def, data)) : null }, ...plan.media);
    for (const other of carry?.items ?? []) {
      // A carried item is changed data too: validated once, like the item itself.
      const valid = validateItem(carry!.def, other.data);
      if (!valid.ok) throw new AppError(400, valid.error, valid.fields);
      const otherPath = itemPath(carry!.def, other.id);
      stored.set(otherPath, valid.data);
      changes.push({ path: otherPath, data: serializeItem(carry!.def, valid.data) });
    }
    this.rememberBefore(before, carry, view);

    const carried = carry
      ? { carried: { def: carry.def, ids: carry.items.map((c) => c.id), note: carry.note } }
      : {};
    const real = changes.filter((c) => !unchanged(c, view));
    if (!real.length) {
      target.announce(unchangedEvent(plan));
      return { carried, warnings };
    }
    const commit = await target.commit(real, plan.author, plan.message);
    const entities = target.take(commit, stored);
    target.announce(changeEvent(plan, entities, commit, carried.carried));
    return { commit: commit.oid, carried, warnings };
  }

  /**
   * A save sent with an older version than the current one: the fields it changes since that
   * version are laid over the current item, unless someone else changed one of them too (409).
   */
  private mergeOlder(req: SaveRequest, existing: IndexedItem, version: string): Record<string, unknown> {
    const base = this.recent.find(existing.path, version);
    if (!base) throw new StaleVersionError(existing);
    const mine = validateItem(req.def, { ...base, ...inputValues(req.def, req.input) });
    if (!mine.ok) throw new AppError(400, mine.error, mine.fields);
    const uploaded = req.uploads.map((u) => storedKeyFor(req.def, u.field)!);
    const merged = mergeByField(base, mine.data, existing.data, uploaded);
    if (!merged.ok) throw new StaleVersionError(existing);
    return merged.data;
  }

  /** The items a change replaces, kept so that saves started from them can still be merged. */
  private rememberBefore(
    existing: IndexedItem | undefined,
    carried: Carried | null,
    view: ContentView,
  ): void {
    if (existing) this.recent.remember(existing);
    for (const other of carried?.items ?? []) {
      const item = view.get(carried!.def, other.id);
      if (item) this.recent.remember(item);
    }
  }

  /** The largest id the collection has ever had in its history (deleted items included). */
  private async idsEverUsed(def: EntityDef): Promise<number> {
    if (def.type !== 'collection') return 0;
    const pattern = new RegExp(`^content/${def.folder}/(\\d+)\\.md$`);
    let max = 0;
    for (const p of await this.store.pathsEverUnder(`content/${def.folder}`)) {
      const m = pattern.exec(p);
      if (m) max = Math.max(max, Number(m[1]));
    }
    return max;
  }

  /**
   * One past the largest id the collection has ever had, deleted items included: a new item never
   * takes over a deleted one's file path, and so never its history.
   */
  private newId(def: EntityDef, everUsed: number, view: ContentView): string {
    const next =
      Math.max(
        everUsed,
        Number(view.nextId(def)) - 1,
        Number(this.index.nextId(def)) - 1,
        this.allocated.get(def.name) ?? 0,
      ) + 1;
    this.allocated.set(def.name, next);
    return String(next);
  }
}

/** A content check's warning about one item of a draft being published. */
export interface ItemWarning extends FieldWarning {
  entity: string;
  id: string;
}

/**
 * The content checks over the items a draft's publish writes, against the site as it will be: an
 * image without a description refuses it (409, named by the draft's file, as other conflicts with the
 * live site are); the rest are told.
 */
function publishChecks(stored: Map<string, Record<string, unknown>>, site: DraftView): ItemWarning[] {
  const facts = siteFactsOf(site, (rel) => site.blobOf(rel) !== undefined);
  const warnings: ItemWarning[] = [];
  for (const [path, data] of stored) {
    const owner = entityForPath(path);
    if (!owner) continue;
    const findings = checkItem(owner.def, data, facts);
    const refused = refusals(findings);
    if (refused) {
      const problem = Object.values(refused)[0]!;
      throw new AppError(409, `This draft cannot be published as it is: ${problem}`, { [path]: problem });
    }
    for (const w of warningsOf(findings)) warnings.push({ entity: owner.def.name, id: owner.id, ...w });
  }
  return warnings;
}

/** The site's addresses as the view holds them, with the media files this change writes or removes. */
function factsFor(view: ContentView, media: FileChange[]) {
  const changed = new Map(media.map((c) => [c.path, isDiskFile(c) || c.data !== null]));
  return siteFactsOf(view, (rel) => changed.get(rel) ?? view.blobOf(rel) !== undefined);
}

/** Whether a change would leave its file as the view knows it (by blob id; nothing is read). */
function unchanged(change: FileChange, view: ContentView): boolean {
  const now = view.blobOf(change.path);
  if (isDiskFile(change)) return now === change.blob;
  if (change.data === null) return now === undefined;
  return now === blobId(typeof change.data === 'string' ? Buffer.from(change.data) : change.data);
}

/** The one event a committed change ends in. */
function changeEvent(
  plan: Planned,
  entities: Set<string>,
  commit: CommitResult,
  carried: SaveResult['carried'],
): ContentChange {
  const common = {
    entity: plan.def.name,
    ids: [plan.id],
    entities,
    commit,
    author: plan.author,
    ...(carried ? { carried: { entity: carried.def.name, ids: carried.ids } } : {}),
  };
  if (plan.kind === 'saved') return { kind: 'saved', created: plan.created!, ...common };
  if (plan.kind === 'restored') return { kind: 'restored', from: plan.from!, ...common };
  return { kind: 'deleted', ...common };
}

/** What a change that left every file as it was ends in: who asked for what, on which item. */
function unchangedEvent(plan: Planned): ContentChange {
  const common = { entity: plan.def.name, ids: [plan.id], entities: new Set<string>(), author: plan.author };
  if (plan.kind === 'restored') return { kind: 'unchanged', asked: 'restored', from: plan.from!, ...common };
  return { kind: 'unchanged', asked: plan.kind, ...common };
}

/** `media/<folder>/<id>.<ext>`; `<id>-<field>` when the entity has two media fields of one kind. */
function mediaPath(def: EntityDef, id: string, key: string, type: string): string {
  const fields = def.fields as Fields;
  const kind = fields[key]!.kind;
  const sameKind = Object.values(fields).filter((f) => f.kind === kind).length;
  const folder = def.type === 'collection' ? def.folder : def.file.split('/')[0]!;
  const base = def.type === 'collection' ? id : def.file.split('/').pop()!;
  return `media/${folder}/${sameKind > 1 ? `${base}-${key}` : base}.${type}`;
}

/** The incoming fields by stored name; media are set by uploads only, unknown keys are ignored. */
function inputValues(def: EntityDef, input: Record<string, unknown>): Record<string, unknown> {
  const fields = def.fields as Fields;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (REFUSED_KEYS.has(key)) continue;
    const stored = storedKeyFor(def, key);
    if (stored && !isMediaField(fields[stored]!)) out[stored] = value;
  }
  return out;
}

function mediaPaths(def: EntityDef, data: Record<string, unknown>): string[] {
  return Object.entries(def.fields as Fields)
    .filter(([k, f]) => isMediaField(f) && typeof data[k] === 'string' && data[k])
    .map(([k]) => String(data[k]));
}

function commitMessage(def: EntityDef, action: string, id: string, data: Record<string, unknown>): string {
  const name = def.type === 'collection' ? def.folder : def.name;
  const titleKey = def.admin.titleField;
  const title = titleKey
    ? String(data[titleKey] ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 72)
    : '';
  return def.type === 'collection'
    ? `${name}: ${action} ${id}${title ? ` "${title}"` : ''}`
    : `${name}: ${action}`;
}
