// Reads and writes of one entity, derived from its declaration: which endpoint, which method, which
// names. Form values are keyed by the stored field names (the server accepts those on every write).
import type { EntityDef, Fields } from '../../../server/schema/define.ts';
import { wireName } from '../../../server/schema/define.ts';
import { isMediaField, parseDate, type AnyField } from '../../../server/schema/fields.ts';
import { toWallInput } from '../../../server/schema/siteTime.ts';
import { getJson, send, type SendOptions, type WireItem } from './api.ts';
import { applyDeleted, applySaved, refresh } from './liveData.ts';
import { ownSave } from '../lib/liveStream.ts';

export type FormValues = Record<string, string>;
export type FormFiles = Record<string, File | null>;

export const fieldsOf = (def: EntityDef): [string, AnyField][] => Object.entries(def.fields as Fields);

/** What the form shows for an item as the read endpoint sent it. */
export function valuesFromWire(def: EntityDef, item: Partial<WireItem> | undefined): FormValues {
  const out: FormValues = {};
  for (const [key, field] of fieldsOf(def)) {
    const raw = item?.[wireName(def, key)];
    let v = raw ?? (item ? '' : initialWire(field));
    // Date inputs take ISO; papers read DD/MM/YYYY.
    if (field.kind === 'date' && v) v = parseDate(v) ?? v;
    // Times arrive in the site's zone (…-08:00); the datetime-local input takes their wall-clock part.
    if (field.kind === 'datetime' && v) v = toWallInput(v) || v;
    out[key] = v;
  }
  return out;
}

/** A new item's starting value, in wire form (flags '0'/'1', codes their code). */
export function initialWire(field: AnyField): string {
  if (isMediaField(field)) return '';
  return String(field.toWire(field.initial));
}

/** The fields whose value differs from the baseline. */
export function changedValues(def: EntityDef, values: FormValues, baseline: FormValues): FormValues {
  const out: FormValues = {};
  for (const [key, field] of fieldsOf(def)) {
    if (isMediaField(field)) continue;
    if ((values[key] ?? '') !== (baseline[key] ?? '')) out[key] = values[key] ?? '';
  }
  return out;
}

export interface SaveInput {
  /** Collection item to update; undefined creates one. Ignored by singletons. */
  id?: string;
  /** The version the editor loaded; the server answers 409 if someone saved since. */
  version?: string;
  values: FormValues;
  files?: FormFiles;
}

export type SaveAnswer = WireItem & { message?: string };

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

/** Creates or updates an item: JSON without files, multipart (with upload progress) with them. */
export async function saveItem(
  def: EntityDef,
  input: SaveInput,
  opts: SendOptions = {},
): Promise<SaveAnswer> {
  const { method, endpoint, idField } = target(def, def.type === 'collection' ? input.id : undefined);
  const fields: Record<string, string> = { ...input.values };
  if (idField && input.id !== undefined) fields[idField] = input.id;
  if (input.version) fields.version = input.version;
  const files = Object.entries(input.files ?? {}).filter((e): e is [string, File] => e[1] instanceof File);
  const updating = def.type === 'singleton' || input.id !== undefined;
  const answer = await ownSave(async () => {
    let sent: SaveAnswer;
    if (files.length > 0) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (const [k, f] of files) form.append(k, f, f.name);
      sent = await send<SaveAnswer>(method, endpoint, form, opts);
    } else {
      sent = await send<SaveAnswer>(method, endpoint, fields);
    }
    // What this tab shows is drawn from the answer; nothing is fetched again.
    applySaved(def, sent, !updating);
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
  await ownSave(async () => {
    await send('DELETE', `${endpoint}?${q}`);
    applyDeleted(def, id);
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

export async function getVersion(def: EntityDef, id: string, commit: string): Promise<WireItem> {
  const answer = await getJson<{ item: WireItem }>(
    `history/version?${historyQuery(def, id)}&commit=${commit}`,
  );
  return answer.item;
}

export async function restoreVersion(def: EntityDef, id: string, commit: string): Promise<SaveAnswer> {
  const answer = await send<SaveAnswer>('POST', 'history/restore', { entity: def.name, id, commit });
  refresh(def);
  return answer;
}
