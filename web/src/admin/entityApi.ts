// Reads and writes of one entity, derived from its declaration: which endpoint, which method, which
// names. Form values are stored names and values (booleans, readable names, ISO dates) as the app
// reads items; the write endpoints decode whatever they are sent with the entity's wire codec.
import type { EntityDef, Fields } from '../../../server/schema/define.ts';
import { drawnFromPdf, isMediaField, type AnyField } from '../../../server/schema/fields.ts';
import { mapListParts } from '../../../server/schema/listFields.ts';
import { toWallInput } from '../../../server/schema/siteTime.ts';
import { validateItem } from '../../../server/schema/validate.ts';
import type { FieldWarning } from '../../../server/schema/contentChecks.ts';
import { getJson, send, type AdminItem, type FieldValue, type SendOptions } from './api.ts';
import { applyDeleted, applySaved } from './liveData.ts';
import { ownSave } from '../lib/liveStream.ts';
import { inDraft, workingDraftId } from './drafts/workingDraft.ts';
import type { MediaFile } from './media/mediaTypes.ts';

export type FormValues = Record<string, FieldValue>;
/**
 * A picture or file field's new file: one to upload, or one of the media library, which the item
 * then points at (sent as its `path` with the other values).
 */
export type ChosenFile = File | MediaFile;
export type FormFiles = Record<string, ChosenFile | null>;

/** Whether a chosen file is one to upload (not one of the library). */
export const isUpload = (f: ChosenFile | null | undefined): f is File => f instanceof File;

export const fieldsOf = (def: EntityDef): [string, AnyField][] => Object.entries(def.fields as Fields);

/** What the form shows for an item (a new item's declared starting values when there is none). */
export function formValues(def: EntityDef, item: Partial<AdminItem> | undefined): FormValues {
  const out: FormValues = {};
  for (const [key, field] of fieldsOf(def)) {
    let v: FieldValue = item ? (item[key] ?? '') : isMediaField(field) ? '' : (field.initial as FieldValue);
    // Times are stored in the site's zone (…-08:00); the datetime-local input takes their wall-clock part.
    if (field.kind === 'datetime' && typeof v === 'string' && v) v = toWallInput(v) || v;
    // A list's pictures are read as their addresses; the form keeps (and checks, and sends) their paths.
    if (field.kind === 'list')
      v = (
        Array.isArray(v)
          ? mapListParts(field, v, (part, x) =>
              isMediaField(part) && typeof x === 'string' ? mediaPathOf(x) : x,
            )
          : []
      ) as FieldValue;
    out[key] = v;
  }
  return out;
}

/** A value as one string, whatever it is (a choice's key, a list's JSON): to compare and to key by. */
export function plainOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** A form value as text (inputs, counters, previews); a yes/no is never shown this way. */
export const textOf = (v: FieldValue | undefined): string => (typeof v === 'string' ? v : '');

/** The fields whose value differs from the baseline. */
export function changedValues(def: EntityDef, values: FormValues, baseline: FormValues): FormValues {
  const out: FormValues = {};
  for (const [key, field] of fieldsOf(def)) {
    if (isMediaField(field)) continue;
    if (!sameValue(values[key] ?? '', baseline[key] ?? '')) out[key] = values[key] ?? '';
  }
  return out;
}

/** Whether two form values are the same (a list's, item by item). */
export const sameValue = (a: FieldValue, b: FieldValue): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** A library address (`/media/library/x.jpg?v=…`, what reads answer) as the path it names. */
export function mediaPathOf(value: string): string {
  const at = /^\/(?:preview\/[A-Za-z0-9_-]+\/)?(media\/[^?#]+)/.exec(value);
  if (!at) return value;
  try {
    return decodeURI(at[1]!);
  } catch {
    return at[1]!;
  }
}

/** Stands for a picture or file the item has or the form is about to upload: the schema checks presence. */
const PRESENT: Record<'image' | 'pdf', string> = { image: 'media/form/file.jpg', pdf: 'media/form/file.pdf' };

/**
 * The server's own check of the whole item, run in the browser before sending: the same schema and
 * the same messages (server/schema/validate.ts). Rules across items stay the server's (one page per
 * page URL); the server checks everything again.
 */
export function checkValues(
  def: EntityDef,
  values: FormValues,
  files: FormFiles = {},
): { error: string; fields: Record<string, string> } | null {
  const data: Record<string, unknown> = {};
  for (const [key, field] of fieldsOf(def)) {
    const v = values[key];
    // An image the server draws from an uploaded PDF (drawnFromPdf) counts as there.
    const drawn = drawnFromPdf(field, key, (k) => isUpload(files[k]), v);
    if (isMediaField(field)) data[key] = files[key] || v || drawn ? PRESENT[field.kind] : '';
    else if (v !== undefined) data[key] = v;
  }
  const result = validateItem(def, data);
  return result.ok ? null : { error: result.error, fields: result.fields ?? {} };
}

export interface SaveInput {
  /** Collection item to update; undefined creates one. Ignored by singletons. */
  id?: string;
  /** The version the editor loaded; the server answers 409 if someone saved since. */
  version?: string;
  values: FormValues;
  files?: FormFiles;
}

export type SaveAnswer = AdminItem & { message?: string };

/**
 * What staff are told after a save: `said`, and when the content checks found something,
 * how many things to check (shown beside their fields while the form stays open; listed otherwise).
 */
export function savedNotice(said: string, answer: SaveAnswer, formStaysOpen: boolean): string {
  const warnings = saveWarnings(answer);
  if (!warnings.length) return said;
  const n = warnings.length === 1 ? 'One thing' : `${warnings.length} things`;
  return formStaysOpen
    ? `${said} ${n} to check, shown beside ${warnings.length === 1 ? 'its field' : 'the fields'}.`
    : `${said} ${n} to check: ${warnings.map((w) => w.message).join(' ')}`;
}

/** What the content checks found in a save that went ahead (its answer's `warnings`), by field. */
export function saveWarnings(answer: SaveAnswer): FieldWarning[] {
  const warnings = (answer as { warnings?: unknown }).warnings;
  return Array.isArray(warnings) ? (warnings as FieldWarning[]) : [];
}

/** Said instead of 'Updated successfully!' when a save would change nothing (no commit is made). */
export const NOTHING_SAVED = 'Nothing has changed, so nothing was saved.';

function target(
  def: EntityDef,
  id: string | undefined,
): { method: 'POST' | 'PUT'; endpoint: string; idField?: string } {
  if (def.type === 'singleton') return { method: 'PUT', endpoint: def.legacy.endpoint };
  const w = def.legacy.writes;
  if (id === undefined) return { method: 'POST', endpoint: w?.create ?? def.legacy.endpoint };
  if (w) return { method: 'POST', endpoint: w.update, idField: w.idField };
  return { method: 'PUT', endpoint: `${def.legacy.endpoint}?id=${encodeURIComponent(id)}` };
}

/**
 * Creates or updates an item: JSON without files to upload, multipart (with upload progress) with
 * them; a file chosen from the library goes as its path with the other values. While the admin
 * works in a draft, into that draft (`?draft=ID`), never the live site.
 */
export async function saveItem(
  def: EntityDef,
  input: SaveInput,
  opts: SendOptions = {},
): Promise<SaveAnswer> {
  const draft = workingDraftId();
  const to = target(def, def.type === 'collection' ? input.id : undefined);
  const { method, idField } = to;
  const endpoint = inDraft(to.endpoint, draft);
  const fields: Record<string, FieldValue> = { ...input.values };
  if (idField && input.id !== undefined) fields[idField] = input.id;
  if (input.version) fields.version = input.version;
  const chosen = Object.entries(input.files ?? {});
  for (const [k, f] of chosen) if (f && !isUpload(f)) fields[k] = f.path;
  const files = chosen.filter((e): e is [string, File] => isUpload(e[1]));
  const updating = def.type === 'singleton' || input.id !== undefined;
  const answer = await ownSave(async () => {
    let sent: SaveAnswer;
    if (files.length > 0) {
      const form = new FormData();
      // A yes/no goes as 'true'/'false', which the write endpoints decode like '1'/'0'.
      for (const [k, v] of Object.entries(fields))
        form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
      for (const [k, f] of files) form.append(k, f, f.name);
      sent = await send<SaveAnswer>(method, endpoint, form, opts);
    } else {
      sent = await send<SaveAnswer>(method, endpoint, fields);
    }
    // What this tab shows is drawn from the answer; nothing is fetched again.
    applySaved(def, sent, !updating, draft);
    return sent;
  });
  // An update the server found identical (same content, so the same version) made no commit.
  const same = updating && !!input.version && answer.version === input.version;
  if (same) return { ...answer, message: NOTHING_SAVED };
  return answer;
}

export async function deleteItem(def: EntityDef, id: string, version?: string): Promise<void> {
  const endpoint =
    def.type === 'collection' ? (def.legacy.writes?.remove ?? def.legacy.endpoint) : def.legacy.endpoint;
  const q = `id=${encodeURIComponent(id)}${version ? `&version=${encodeURIComponent(version)}` : ''}`;
  const draft = workingDraftId();
  await ownSave(async () => {
    await send('DELETE', inDraft(`${endpoint}?${q}`, draft));
    applyDeleted(def, id, draft);
  });
}

// History (signed in): every commit that touched the item, a version's content, a restore.
export interface Commit {
  oid: string;
  author: { name: string; email: string };
  date: string | number;
  message: string;
}

const historyQuery = (def: EntityDef, id: string) =>
  `entity=${encodeURIComponent(def.name)}&id=${encodeURIComponent(id)}`;

export async function getHistory(def: EntityDef, id: string): Promise<Commit[]> {
  const answer = await getJson<{ commits: Commit[] }>(`history?${historyQuery(def, id)}`);
  return answer.commits;
}

export async function getVersion(def: EntityDef, id: string, commit: string): Promise<AdminItem> {
  const answer = await getJson<{ item: AdminItem }>(
    `history/version?${historyQuery(def, id)}&commit=${commit}`,
  );
  return answer.item;
}

/** Brings back a version; what this tab shows is drawn from the answer, like a save's. */
export async function restoreVersion(def: EntityDef, id: string, commit: string): Promise<SaveAnswer> {
  return ownSave(async () => {
    const answer = await send<SaveAnswer>('POST', 'history/restore', { entity: def.name, id, commit });
    applySaved(def, answer);
    return answer;
  });
}

/** A collection's item that is gone from the site: who deleted it and when, and where to restore it from. */
export interface DeletedItem {
  id: string;
  /** Its title before the delete ('' when it had none). */
  title: string;
  /** The commit that deleted it. */
  deleted: Commit;
  /** The last commit that had it: restoring from it brings its pictures and files back too. */
  restoreFrom: string;
}

/** The collection's deleted items, newest delete first (read from git history on the server). */
export async function getDeleted(def: EntityDef): Promise<DeletedItem[]> {
  const answer = await getJson<{ items: DeletedItem[] }>(`deleted?entity=${encodeURIComponent(def.name)}`);
  return answer.items;
}
