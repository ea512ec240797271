// defineCollection / defineSingleton: one declaration per entity drives storage (folder, body field,
// key order), the wire codec (documented endpoint and field names), validation and admin forms.
import { z } from 'zod';
import type { AnyField } from './fields.ts';
import { fieldText } from './fieldText.ts';

export type Fields = Record<string, AnyField>;
export type Stored<F extends Fields> = { [K in keyof F]: F[K] extends { initial: infer T } ? T : never };

export interface Legacy {
  /** The documented endpoint under /api/, e.g. 'news.php'. */
  endpoint: string;
  /** Wire names that differ from the stored names (stored → wire). */
  rename?: Record<string, string>;
  /** Documented SSE stream that sends the full wire state on connect and on every change. */
  stream?: string;
  /** Write calls documented under other names than `endpoint` (papers). */
  writes?: {
    create: string;
    update: string;
    remove: string;
    /** Body field carrying the id of the item to update. */
    idField: string;
    /** Incoming form field names → stored names. */
    aliases: Record<string, string>;
  };
}

export interface AdminHints {
  /** The admin route of the spec. */
  route: string;
  /** One line for the admin home list. */
  description: string;
  /** Field shown as the item's title in lists, history and commit messages. */
  titleField?: string;
}

/** Visitors find items of this entity with the site search (server/search/); staff find every item. */
export interface SearchHint {
  /** The page of the site where a visitor reads the item. */
  page: (data: Record<string, unknown>) => string;
}

interface Common<F extends Fields> {
  name: string;
  label: string;
  fields: F;
  /** The markdown field kept as the file's body (never inside YAML). */
  body?: keyof F & string;
  legacy: Legacy;
  admin: AdminHints;
  /** In the public site search, and where a result leads (text, markdown and PDF fields are searched). */
  search?: SearchHint;
  /** Where it lives: the site repository (default) or CMS_DATA_DIR/private. */
  storage?: 'site' | 'private';
  /** Behaviour particular to this entity, run by the change pipeline and the public reads. */
  rules?: EntityRules;
}

export interface CollectionDef<F extends Fields = Fields> extends Common<F> {
  type: 'collection';
  /** Folder under content/ (and media/). */
  folder: string;
  /** Order of the documented list endpoint. */
  order?: (a: Stored<F> & { id: string }, b: Stored<F> & { id: string }) => number;
  /** Text for confirm dialogs, e.g. 'this Profile'. */
  itemNoun: string;
}

export interface SingletonDef<F extends Fields = Fields> extends Common<F> {
  type: 'singleton';
  /** File under content/, without '.md', e.g. 'site/home'. */
  file: string;
}

// `any`: a definition of any entity's fields; each declaration keeps its own precise field types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- unknown would not accept them (variance)
export type EntityDef = CollectionDef<any> | SingletonDef<any>;

export const defineCollection = <F extends Fields>(
  def: Omit<CollectionDef<F>, 'type'>,
): CollectionDef<F> => ({ type: 'collection', ...def });
export const defineSingleton = <F extends Fields>(def: Omit<SingletonDef<F>, 'type'>): SingletonDef<F> => ({
  type: 'singleton',
  ...def,
});

/** The zod object that validates a whole stored item (file contents or merged write). */
/** Built once per entity: zod compiles an object schema on its first parse, so a new one per item cost ~10× the check. */
const objectSchemas = new WeakMap<EntityDef, z.ZodType<Record<string, unknown>>>();

export function objectSchema(def: EntityDef): z.ZodType<Record<string, unknown>> {
  let schema = objectSchemas.get(def);
  if (!schema) objectSchemas.set(def, (schema = buildObjectSchema(def)));
  return schema;
}

function buildObjectSchema(def: EntityDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(def.fields as Fields)) shape[key] = field.schema;
  if (!Object.values(def.fields as Fields).some((f) => f.after !== undefined)) return z.object(shape);
  return z.object(shape).superRefine((data, ctx) => {
    for (const [key, message] of orderProblems(def, data))
      ctx.addIssue({ code: 'custom', path: [key], message });
  });
}

/**
 * A time declared `after` another must be later than it when both are set (show until > show from):
 * the fields that break it, with their messages, in a validated item's stored values.
 */
export function orderProblems(def: EntityDef, data: Record<string, unknown>): [string, string][] {
  const problems: [string, string][] = [];
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    if (field.after === undefined) continue;
    const [end, start] = [data[key], data[field.after]];
    if (!end || !start || Date.parse(fieldText(end)) > Date.parse(fieldText(start))) continue;
    const startLabel = (def.fields as Fields)[field.after]?.label ?? field.after;
    problems.push([key, `${field.label} must be later than ${startLabel}.`]);
  }
  return problems;
}

/** A new item's starting values. */
export function initialValues(def: EntityDef): Record<string, unknown> {
  return Object.fromEntries(Object.entries(def.fields as Fields).map(([k, f]) => [k, f.initial]));
}

// Sort helpers used by the declarations.
const lastWord = (name: string) => (name.trim().split(/\s+/).pop() ?? '').toLowerCase();
export const byLastWordOfName = (a: { name: string }, b: { name: string }) =>
  lastWord(a.name).localeCompare(lastWord(b.name)) || a.name.localeCompare(b.name);
export const byNumericId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);
/**
 * ISO dates and times sort as their characters do: no collation needed (localeCompare made sorting
 * 72,000 news items take 0.6 s, several times the plain comparison).
 */
const compareIso = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Newest first by an ISO date field; undated last; ties by id, newest first. */
export const newestFirst =
  <K extends string>(key: K) =>
  (a: Record<K, string> & { id: string }, b: Record<K, string> & { id: string }) => {
    if (!a[key] !== !b[key]) return a[key] ? -1 : 1;
    return compareIso(b[key], a[key]) || Number(b.id) - Number(a.id);
  };
/** Soonest first by an ISO date field; undated last; ties by id. */
export const soonestFirst =
  <K extends string>(key: K) =>
  (a: Record<K, string> & { id: string }, b: Record<K, string> & { id: string }) => {
    if (!a[key] !== !b[key]) return a[key] ? -1 : 1;
    return compareIso(a[key], b[key]) || Number(a.id) - Number(b.id);
  };

// What an entity's declaration may add to the one change pipeline (server/content/writer/writer.ts):
// who may read its items, how a new one starts, what must hold across items, and which other items a
// change takes along. Pure: a hook that needs the site's items is handed a lookup, never the store.

/** The items the pipeline holds now (the content index), as far as a hook may look. */
export interface ItemLookup {
  list(def: EntityDef): { id: string; data: Record<string, unknown> }[];
  get(def: EntityDef, id?: string): { id: string; data: Record<string, unknown> } | undefined;
}

/** Other items a change makes in its own commit (an event page's cards follow its new header). */
export interface Carried {
  def: EntityDef;
  items: { id: string; data: Record<string, unknown> }[];
  /** What staff are told, in plain words ('2 event cards moved with the renamed page.'). */
  note: string;
}

export interface RuleContext {
  /** The entity whose item changes. */
  def: EntityDef;
  /** The item as it will be stored (validated). */
  data: Record<string, unknown>;
  /** The item as stored before this change (undefined when it is being created). */
  before?: Record<string, unknown>;
  id: string;
  items: ItemLookup;
  /**
   * Another entity of the site by its registry name: declarations that need each other (pages and
   * redirects) ask for it here rather than import each other.
   */
  entity: (name: string) => EntityDef | undefined;
}

export interface EntityRules {
  /**
   * Checks of one field's value beyond its kind (a visitor's email is an address), run with the
   * schema in the validate step so a refusal names every field at once; a message, or undefined.
   */
  fieldChecks?: Record<string, (value: unknown) => string | undefined>;
  /** Whether signed-out visitors may read this item (default: yes). Staff always see everything. */
  publicVisible?: (data: Record<string, unknown>) => boolean;
  /** Adjusts a new item before validation. */
  onCreate?: (data: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Fields a save writes from the item's others (an event card's words from its dates), after
   * validation and before the checks; what it returns is validated again.
   */
  follow?: (ctx: {
    data: Record<string, unknown>;
    before?: Record<string, unknown>;
  }) => Record<string, unknown>;
  /** Cross-item checks after validation (saves and restores); field messages, or null when fine. */
  check?: (ctx: RuleContext) => Record<string, string> | null;
  /** Items of other entities this change must change with it, in the same commit (validated data). */
  carry?: (ctx: RuleContext) => Carried | Carried[] | null;
  /**
   * Items of another entity that name this one by the value of one of its fields (event cards name
   * their page by its header), the link `carry` follows. Publishing a draft lets them follow a rename
   * made on the other side (server/content/drafts/draftRenames.ts).
   */
  namedBy?: NameLink;
}

/** Items of `def` name an item of the entity declaring this by its `field`, in their field `as`. */
export interface NameLink {
  field: string;
  def: EntityDef;
  as: string;
}
