// The "plan" step of the one operation: what each kind of change would write — the items (as data,
// not yet validated), their media, the commit's message — read from the view it builds on. Nothing
// here validates, checks a rule or writes: the steps after it (validate.ts, guards.ts, writer.ts) do
// that the same way for every kind.
import type { EntityDef, Fields } from '../../schema/define.ts';
import { initialValues } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';
import { storedKeyFor } from '../../schema/codec.ts';
import { entityByName, itemPath } from '../../schema/registry.ts';
import { wordsDef } from '../../schema/translations.ts';
import type { ChangeAction } from '../../schema/roles.ts';
import { AppError } from '../../schema/errors.ts';
import type { FileChange, GitStore } from '../../store/gitStore.ts';
import type { ContentView, IndexedItem } from '../index/contentIndex.ts';
import { parseItemFile, validateItem } from '../index/fileFormat.ts';
import type { RecentVersions } from '../index/recentVersions.ts';
import { mergeByField } from './fieldMerge.ts';
import type {
  BulkChange,
  DeleteChange,
  MessageChange,
  MessageRoom,
  PublishChange,
  RestoreChange,
  SaveChange,
} from './change.ts';
import { StaleVersionError, type ImportProblem } from './change.ts';
import { DraftConflictError } from './draftPublish.ts';
import type { DraftFile, DraftView } from '../drafts/draftView.ts';
import type { MediaOp } from '../changes.ts';
import { aboutPathOf, isSharedFile, mediaTypeOf } from '../../schema/mediaLibrary.ts';
import { usesBesides } from '../media/mediaUseViews.ts';

/** One item file a change writes or removes. */
export interface PlannedItem {
  def: EntityDef;
  id: string;
  path: string;
  /** The item as the site holds it now (undefined: the change makes it). */
  before: IndexedItem | undefined;
  /** Its data before, for rules and guards (a publish: the live site's now). */
  was: Record<string, unknown> | undefined;
  /** The data to store, not yet validated; null removes the item. */
  data: Record<string, unknown> | null;
  /** The file's bytes as given (a restore keeps the old bytes); else written from the validated data. */
  text?: Buffer;
  /** The item asked for (its entity's cross-item rule runs on it); false for items carried along. */
  primary: boolean;
  /** The entity's `follow` rule writes fields of it from its others (saves, not restores). */
  follows: boolean;
  /** An import's item: its place in the change (problems are reported by it). */
  at?: number;
}

export interface Plan {
  /** What the change is to the role table and to its event. */
  action: ChangeAction;
  event: 'saved' | 'deleted' | 'restored' | 'published' | 'message' | 'media' | 'imported';
  intoDraft: boolean;
  items: PlannedItem[];
  /** Media and other files written or removed with the items. */
  files: FileChange[];
  /** The commit message as given (bulk, publish); else written once the data is valid (commitMessage.ts). */
  message?: string;
  /** What the message says was done to the item ('update', 'restore 1a2b3c4 of'). */
  verb: string;
  /** The site as the change's checks see it: the target's view, or a draft laid over the live site. */
  site: ContentView;
  created: boolean;
  /** A restore's commit. */
  from?: string;
  /** A publish: the draft (its tip is the merge's second parent) and its approval. */
  draft?: PublishChange['draft'];
  approval?: () => void;
  /** A visitor's message: the room its keeper has, as it is in the turn that keeps it. */
  room?: MessageRoom;
  /** Whether a media file has a stored description, as the change leaves the site (set by the writer). */
  describes?: (rel: string) => boolean;
  /** A translation: the language its words are in (the commit's subject names it). */
  language?: string;
  /** An import: what its items came from (the commit's subject names it). */
  source?: string;
  /** An import: what planning its items found wrong, told with what validating them finds. */
  problems?: ImportProblem[];
  /** A change to the media library: what it did, to which files, and the entities whose items use them. */
  media?: { op: MediaOp; paths: string[]; touches: string[] };
}

/** What the save planner needs besides the change. */
export interface SaveContext {
  view: ContentView;
  intoDraft: boolean;
  /** Hands out the id of a new item (one past any id the collection ever had). */
  newId: () => string;
  recent: RecentVersions;
}

const REFUSED_KEYS = new Set(['id', 'version', 'timestamp', 'update_type', 'field', 'value', 'message']);

/** A create or update: the input laid over the current item (or merged from an older version). */
export function planSave(change: SaveChange, ctx: SaveContext): Plan {
  const { def } = change;
  const { view } = ctx;
  const before =
    def.type === 'singleton' ? view.get(def) : change.id !== undefined ? view.get(def, change.id) : undefined;
  if (def.type === 'collection' && change.id !== undefined && !before)
    throw new AppError(404, `There is no ${def.label.toLowerCase()} item with id ${change.id}.`);
  const created = !before;
  const id = def.type === 'singleton' ? '1' : (change.id ?? ctx.newId());

  let data: Record<string, unknown> =
    before && change.version && change.version !== before.version
      ? mergeOlder(change, before, change.version, ctx.recent)
      : { ...(before?.data ?? initialValues(def)), ...inputValues(def, change.input) };
  if (created && def.rules?.onCreate) data = def.rules.onCreate(data);

  const files: FileChange[] = [];
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    const chosen = data[key];
    if (!isMediaField(field) || typeof chosen !== 'string' || chosen === before?.data[key]) continue;
    if (!isSharedFile(chosen)) continue;
    if (mediaTypeOf(chosen) !== field.kind)
      throw new AppError(400, `${field.label}: choose ${field.kind === 'pdf' ? 'a PDF' : 'a picture'}.`, {
        [key]: field.kind === 'pdf' ? 'Not a PDF' : 'Not a picture',
      });
    if (view.blobOf(chosen) === undefined)
      throw new AppError(400, `${field.label}: there is no such file in the media library.`, {
        [key]: 'There is no such file in the media library.',
      });
    const old = before?.data[key];
    if (typeof old === 'string' && old) files.push(...removal(view, old, def, id));
  }
  for (const upload of change.uploads) {
    const key = storedKeyFor(def, upload.field)!;
    const path = mediaPath(def, id, key, upload.type);
    const old = data[key];
    if (typeof old === 'string' && old && old !== path) files.push(...removal(view, old, def, id));
    data[key] = path;
    files.push({ path, file: upload.file, size: upload.size, blob: upload.blob });
  }
  return {
    action: created ? 'create' : 'update',
    event: 'saved',
    intoDraft: ctx.intoDraft,
    items: [
      { def, id, path: itemPath(def, id), before, was: before?.data, data, primary: true, follows: true },
    ],
    files,
    verb: created ? 'create' : 'update',
    site: view,
    created,
  };
}

export function planDelete(change: DeleteChange, view: ContentView, intoDraft: boolean): Plan {
  const { def, id } = change;
  const before = view.get(def, id);
  if (!before) throw new AppError(404, `There is no ${def.label.toLowerCase()} item with id ${id}.`);
  if (change.version && change.version !== before.version) throw new StaleVersionError(before);
  return {
    action: 'delete',
    event: 'deleted',
    intoDraft,
    items: [
      {
        def,
        id,
        path: itemPath(def, id),
        before,
        was: before.data,
        data: null,
        primary: true,
        follows: false,
      },
    ],
    files: [
      ...mediaPaths(def, before.data).flatMap((p) => removal(view, p, def, id)),
      // Its translations go with it (issue 36): none is left translating nothing.
      ...view.translationsOf(def, id).map((t) => ({ path: t.path, data: null })),
    ],
    verb: 'delete',
    site: view,
    created: false,
  };
}

/** The item's file at the commit, kept byte for byte, and its media as they were then. */
export async function planRestore(change: RestoreChange, store: GitStore, view: ContentView): Promise<Plan> {
  const { def, id, commit } = change;
  const path = itemPath(def, id);
  const old = await store.readAt(commit, path);
  if (!old)
    throw new AppError(400, 'This item did not exist in that version, so it cannot be restored from it.');
  const parsed = parseItemFile(def, old.toString('utf8'));
  if (!parsed.ok) throw new AppError(400, `That version cannot be restored: ${parsed.error}`);
  const before = view.get(def, id);
  const files: FileChange[] = [];
  for (const p of mediaPaths(def, parsed.data)) {
    // A file of the library the item refers to stays as the library holds it now.
    if (view.blobOf(p) !== undefined && !ownedBy(def, id, p)) continue;
    const bytes = await store.readAt(commit, p);
    if (bytes) files.push({ path: p, data: bytes });
    const about = await store.readAt(commit, aboutPathOf(p));
    if (about) files.push({ path: aboutPathOf(p), data: about });
  }
  for (const p of before ? mediaPaths(def, before.data) : [])
    if (!files.some((c) => c.path === p)) files.push(...removal(view, p, def, id));
  return {
    action: 'restore',
    event: 'restored',
    intoDraft: false,
    items: [
      {
        def,
        id,
        path,
        before,
        was: before?.data,
        data: parsed.data,
        text: old,
        primary: true,
        follows: false,
      },
    ],
    files,
    verb: `restore ${commit.slice(0, 7)} of`,
    site: view,
    created: !before,
    from: commit,
  };
}

/** Every item of a bulk update planned as its own save would be; one commit with the given message. */
export function planBulk(change: BulkChange, ctx: SaveContext): Plan {
  const { def } = change;
  if (def.rules?.carry) throw new AppError(400, `${def.label} are saved one at a time.`);
  const items = change.updates.flatMap(
    ({ id, input }) => planSave({ kind: 'save', def, id, input, uploads: [] }, ctx).items,
  );
  return {
    action: 'bulk',
    event: 'saved',
    intoDraft: false,
    items,
    files: [],
    message: change.message,
    verb: 'update',
    site: ctx.view,
    created: false,
  };
}

/**
 * A draft's files merged with the live site as it is now (picks settle conflicts); conflicts the
 * editor has not settled refuse it. `site`: the live site with the draft laid over.
 */
export async function planPublish(
  change: PublishChange,
  files: DraftFile[],
  site: DraftView,
  live: ContentView,
  store: GitStore,
): Promise<Plan> {
  const conflicts = files.filter((f) => f.conflicts.length);
  if (conflicts.length) throw new DraftConflictError(conflicts);
  const items: PlannedItem[] = [];
  const other: FileChange[] = [];
  for (const f of files) {
    if (!f.entity) {
      const blob = f.mergedBlob ?? null;
      other.push({ path: f.path, data: blob === null ? null : await store.drafts.bytes(blob) });
      continue;
    }
    const def = entityByName.get(f.entity)!;
    items.push({
      // A translation is written with its words' declaration (schema/translations.ts).
      def: f.lang ? wordsDef(def)! : def,
      id: f.id!,
      path: f.path,
      before: f.lang ? live.translation(def, f.lang, f.id) : live.get(def, f.id),
      was: f.theirs ?? undefined,
      data: f.merged ?? null,
      primary: true,
      follows: false,
    });
  }
  return {
    action: 'publish',
    event: 'published',
    intoDraft: false,
    items,
    files: other,
    message: change.message,
    verb: 'publish',
    site,
    created: false,
    draft: change.draft,
    approval: change.approval,
  };
}

/** A visitor's message: what they filled in, and the time the server received it. */
export function planMessage(change: MessageChange, view: ContentView): Plan {
  const { def } = change;
  const data: Record<string, unknown> = {};
  // What a visitor fills in: every declared field except the time, which the server sets.
  for (const key of Object.keys(def.fields as Fields))
    if (key !== 'received') data[key] = typeof change.input[key] === 'string' ? change.input[key] : undefined;
  data.received = new Date().toISOString();
  return {
    action: 'message',
    event: 'message',
    intoDraft: false,
    items: [
      { def, id: '', path: '', before: undefined, was: undefined, data, primary: true, follows: false },
    ],
    files: [],
    verb: 'send',
    site: view,
    created: true,
  };
}

/**
 * A save sent with an older version than the current one: the fields it changes since that
 * version are laid over the current item, unless someone else changed one of them too (409).
 */
function mergeOlder(
  change: SaveChange,
  existing: IndexedItem,
  version: string,
  recent: RecentVersions,
): Record<string, unknown> {
  const base = recent.find(existing.path, version);
  if (!base) throw new StaleVersionError(existing);
  const mine = validateItem(change.def, { ...base, ...inputValues(change.def, change.input) });
  if (!mine.ok) throw new AppError(400, mine.error, mine.fields);
  const uploaded = change.uploads.map((u) => storedKeyFor(change.def, u.field)!);
  const merged = mergeByField(base, mine.data, existing.data, uploaded);
  if (!merged.ok) throw new StaleVersionError(existing);
  return merged.data;
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
    if (!stored) continue;
    // A picture or file field takes a file of the library by its path (else only uploads set it).
    if (!isMediaField(fields[stored]!) || (typeof value === 'string' && isSharedFile(value)))
      out[stored] = value;
  }
  return out;
}

/** Whether a media file is the item's own (made for its field), not a file of the library it points at. */
function ownedBy(def: EntityDef, id: string, path: string): boolean {
  const folder = def.type === 'collection' ? def.folder : def.file.split('/')[0]!;
  const base = def.type === 'collection' ? id : def.file.split('/').pop()!;
  return path.startsWith(`media/${folder}/${base}.`) || path.startsWith(`media/${folder}/${base}-`);
}

/**
 * Removing an item's file as the item lets go of it: only its own file, and only while no other item
 * uses it (a news text showing a spotlight's picture keeps it: nothing shows a broken image). Its
 * about file goes with it.
 */
function removal(view: ContentView, path: string, def: EntityDef, id: string): FileChange[] {
  if (!ownedBy(def, id, path)) return [];
  if (usesBesides(view, path, new Set([`${def.name}\n${id}`])).length) return [];
  const about = aboutPathOf(path);
  return [{ path, data: null }, ...(view.blobOf(about) !== undefined ? [{ path: about, data: null }] : [])];
}

export function mediaPaths(def: EntityDef, data: Record<string, unknown>): string[] {
  return Object.entries(def.fields as Fields)
    .filter(([k, f]) => isMediaField(f) && typeof data[k] === 'string' && data[k])
    .map(([k]) => String(data[k]));
}
