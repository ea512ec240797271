// Every save: merge → validate → one commit (item file + its media) → index and subscribers updated.
// The check of the editor's version and the commit run as one turn of the store's save queue, and
// the item validated here is what the index serves: the saved text is parsed once, never read back.
import type { EntityDef, Fields } from '../../schema/define.ts';
import { initialValues } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';
import { storedKeyFor } from '../../schema/codec.ts';
import { itemPath } from '../../schema/registry.ts';
import type { Author, FileChange, GitStore } from '../../store/gitStore.ts';
import { blobId } from '../index/blobId.ts';
import type { ContentIndex, IndexedItem } from '../index/contentIndex.ts';
import { parseItemFile, serializeItem, validateItem } from '../index/fileFormat.ts';
import type { Upload } from './mediaUpload.ts';
import { entityRules } from '../rules/index.ts';
import type { Carried } from '../rules/types.ts';
import { mergeByField } from './fieldMerge.ts';
import { RecentVersions } from '../index/recentVersions.ts';
import { AppError } from '../../schema/errors.ts';

export interface SaveRequest {
  def: EntityDef;
  /** Collection id to update; undefined creates a new item. Singletons ignore it. */
  id?: string;
  /** Incoming fields by wire, alias or stored name; unknown keys are ignored. */
  input: Record<string, unknown>;
  uploads: Upload[];
  /** The version the editor started from; a different current version is a conflict. */
  version?: string;
  author: Author;
}

export interface SaveResult {
  item: IndexedItem;
  created: boolean;
  /** Other items the save changed in its commit (an event page's cards), with what to tell staff. */
  carried?: { def: EntityDef; ids: string[]; note: string };
  /** The commit the save made; undefined when it changed nothing. */
  commit?: string;
}

export class StaleVersionError extends AppError {
  constructor(readonly current: IndexedItem) {
    super(409, 'Someone else saved a newer version of this item while you were editing it.');
  }
}

const REFUSED_KEYS = new Set(['id', 'version', 'timestamp', 'update_type', 'field', 'value', 'message']);

export class ContentWriter {
  /** Per collection, the largest id this server has handed out (a created-then-deleted one included). */
  private readonly allocated = new Map<string, number>();
  /** Versions this server saved over: the bases that older saves are merged against. */
  private readonly recent = new RecentVersions();

  constructor(private readonly store: GitStore, private readonly index: ContentIndex) {}

  async save(req: SaveRequest): Promise<SaveResult> {
    // Ids deleted items had are read from history before the save queue, which it never holds up.
    const floor = req.def.type === 'collection' && req.id === undefined ? await this.idsEverUsed(req.def) : 0;
    return this.store.exclusive(() => this.saveNow(req, floor));
  }

  /** Resolves with the commit that deleted the item. */
  remove(def: EntityDef, id: string, author: Author, version?: string): Promise<string | undefined> {
    return this.store.exclusive(async () => {
      const current = this.index.get(def, id);
      if (!current) throw new AppError(404, `There is no ${def.label.toLowerCase()} item with id ${id}.`);
      if (version && version !== current.version) throw new StaleVersionError(current);
      const changes: FileChange[] = [{ path: current.path, data: null }];
      for (const p of mediaPaths(def, current.data)) changes.push({ path: p, data: null });
      return this.commitAndApply(changes, author, message(def, 'delete', id, current.data), new Map());
    });
  }

  /** Brings back an item as it was at a commit, as a new commit (its media too). */
  restore(def: EntityDef, id: string, commit: string, author: Author): Promise<SaveResult> {
    return this.store.exclusive(async () => {
      const path = itemPath(def, id);
      const old = await this.store.readAt(commit, path);
      if (!old) throw new AppError(400, 'This item did not exist in that version, so it cannot be restored from it.');
      const parsed = parseItemFile(def, old.toString('utf8'));
      if (!parsed.ok) throw new AppError(400, `That version cannot be restored: ${parsed.error}`);
      // A restore is a save: the entity's cross-item rules hold for it too (one page per page URL).
      const before = this.index.get(def, id);
      const problems = entityRules[def.name]?.check?.({ data: parsed.data, before: before?.data, id, others: this.index.list(def), index: this.index });
      if (problems) throw new AppError(400, Object.values(problems)[0]!, problems);
      const changes: FileChange[] = [{ path, data: old }];
      for (const p of mediaPaths(def, parsed.data)) {
        const bytes = await this.store.readAt(commit, p);
        if (bytes) changes.push({ path: p, data: bytes });
      }
      for (const p of before ? mediaPaths(def, before.data) : []) {
        if (!changes.some((c) => c.path === p)) changes.push({ path: p, data: null });
      }
      const files = new Map([[path, parsed.data]]);
      // A restore is a save: an event page restored under another header takes its cards along.
      const carried = this.carryAlong(def, id, parsed.data, before, changes, files);
      const msg = message(def, `restore ${commit.slice(0, 7)} of`, id, parsed.data);
      const made = await this.commitAndApply(changes, author, msg, files);
      return { item: this.index.get(def, id)!, created: !before, commit: made, ...carried };
    });
  }

  private async saveNow(req: SaveRequest, idFloor: number): Promise<SaveResult> {
    const { def } = req;
    const existing = def.type === 'singleton' ? this.index.get(def) : req.id !== undefined ? this.index.get(def, req.id) : undefined;
    if (def.type === 'collection' && req.id !== undefined && !existing) {
      throw new AppError(404, `There is no ${def.label.toLowerCase()} item with id ${req.id}.`);
    }
    const created = !existing;
    const id = def.type === 'singleton' ? '1' : (req.id ?? this.newId(def, idFloor));

    let data: Record<string, unknown> = existing && req.version && req.version !== existing.version
      ? this.mergeOlder(req, existing, req.version)
      : { ...(existing?.data ?? initialValues(def)), ...inputValues(def, req.input) };
    const rule = entityRules[def.name];
    if (created && rule?.onCreate) data = rule.onCreate(data);

    const changes: FileChange[] = [];
    for (const upload of req.uploads) {
      const key = storedKeyFor(def, upload.field)!;
      const path = mediaPath(def, id, key, upload.type);
      const before = data[key];
      if (typeof before === 'string' && before && before !== path) changes.push({ path: before, data: null });
      data[key] = path;
      changes.push({ path, data: upload.bytes });
    }

    const result = validateItem(def, data);
    if (!result.ok) throw new AppError(400, result.error, result.fields);
    const problems = rule?.check?.({ data: result.data, before: existing?.data, id, others: this.index.list(def), index: this.index });
    if (problems) throw new AppError(400, Object.values(problems)[0]!, problems);

    const path = itemPath(def, id);
    const parsed = new Map<string, Record<string, unknown>>();
    changes.unshift({ path, data: fileText(def, path, result.data, parsed) });
    const carried = this.carryAlong(def, id, result.data, existing, changes, parsed);
    const msg = message(def, created ? 'create' : 'update', id, result.data);
    const commit = await this.commitAndApply(changes, req.author, msg, parsed);
    return { item: this.index.get(def, id)!, created, commit, ...carried };
  }

  /**
   * Adds to the commit the other items the entity's rule says this save changes (an event page's
   * cards), and remembers what the save replaces, so saves started from it can still be merged.
   */
  private carryAlong(
    def: EntityDef, id: string, data: Record<string, unknown>, existing: IndexedItem | undefined,
    changes: FileChange[], parsed: Map<string, Record<string, unknown>>,
  ): Pick<SaveResult, 'carried'> {
    const rule = entityRules[def.name];
    const carried = rule?.carry?.({ data, before: existing?.data, id, index: this.index }) ?? null;
    for (const other of carried?.items ?? []) {
      const otherPath = itemPath(carried!.def, other.id);
      changes.push({ path: otherPath, data: fileText(carried!.def, otherPath, other.data, parsed) });
    }
    this.rememberBefore(existing, carried);
    if (!carried) return {};
    return { carried: { def: carried.def, ids: carried.items.map((c) => c.id), note: carried.note } };
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

  /** The items a save replaces, kept so that saves started from them can still be merged. */
  private rememberBefore(existing: IndexedItem | undefined, carried: Carried | null): void {
    if (existing) this.recent.remember(existing);
    for (const other of carried?.items ?? []) {
      const item = this.index.get(carried!.def, other.id);
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
  private newId(def: EntityDef, everUsed: number): string {
    const next = Math.max(everUsed, Number(this.index.nextId(def)) - 1, this.allocated.get(def.name) ?? 0) + 1;
    this.allocated.set(def.name, next);
    return String(next);
  }

  /**
   * Commits the changes that differ from what the index holds (a save that changes nothing makes no
   * commit), then hands the committed files to the index. Runs inside the store's save queue.
   */
  private async commitAndApply(changes: FileChange[], author: Author, msg: string, parsed: Map<string, Record<string, unknown>>) {
    const real = changes.filter((c) => !this.unchanged(c));
    if (!real.length) return undefined;
    const commit = await this.store.commitNow(real, author, msg);
    this.index.applyCommitted(commit, parsed);
    return commit.oid;
  }

  /** Whether a change would leave its file as the index knows it (by blob id; nothing is read). */
  private unchanged(change: FileChange): boolean {
    const now = this.index.blobOf(change.path);
    if (change.data === null) return now === undefined;
    return now === blobId(typeof change.data === 'string' ? Buffer.from(change.data) : change.data);
  }
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

/** An item's file text; never one the index would refuse when reading it back (it would stay unserved). */
function fileText(
  def: EntityDef, path: string, data: Record<string, unknown>, parsed: Map<string, Record<string, unknown>>,
) {
  const text = serializeItem(def, data);
  const back = parseItemFile(def, text);
  if (!back.ok) throw new Error(`Refusing to save ${path}: it would not read back (${back.error}).`);
  parsed.set(path, back.data);
  return text;
}

function mediaPaths(def: EntityDef, data: Record<string, unknown>): string[] {
  return Object.entries(def.fields as Fields)
    .filter(([k, f]) => isMediaField(f) && typeof data[k] === 'string' && data[k])
    .map(([k]) => String(data[k]));
}

function message(def: EntityDef, action: string, id: string, data: Record<string, unknown>): string {
  const name = def.type === 'collection' ? def.folder : def.name;
  const titleKey = def.admin.titleField;
  const title = titleKey ? String(data[titleKey] ?? '').replace(/\s+/g, ' ').trim().slice(0, 72) : '';
  return def.type === 'collection' ? `${name}: ${action} ${id}${title ? ` "${title}"` : ''}` : `${name}: ${action}`;
}
