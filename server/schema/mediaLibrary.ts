// The media library's words for files under media/: what kind a file is, the small front-matter file
// beside a picture that keeps its description and focal point ("about" file, `<file>.md`), the names
// shared uploads get in media/library/, and the references an item's fields make to media files
// (picture and file fields, and /media/ addresses in its texts). Pure TypeScript + zod.
import { z } from 'zod';
import type { EntityDef, Fields } from './define.ts';
import { fieldLeaves, hasLists, mapListParts } from './listFields.ts';
import { isMediaField } from './fields.ts';

/** The admin's Media library page (issue 33): every picture and PDF, uploads, descriptions, uses. */
export const MEDIA_LIBRARY_ROUTE = '/MediaLibraryAdminPage';

/** Where files uploaded to the library (not to one item's field) live. */
export const LIBRARY_FOLDER = 'media/library';

export type MediaType = 'image' | 'pdf' | 'other';
export const MEDIA_TYPES: readonly MediaType[] = ['image', 'pdf', 'other'];

/** Extensions a file may be stored with (uploads are sniffed from their bytes; SVG is refused). */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'webp'] as const;
const ABOUT = '.md';

export const extensionOf = (rel: string): string =>
  (rel.split('/').pop()!.split('.').pop() ?? '').toLowerCase();

export function mediaTypeOf(rel: string): MediaType {
  const ext = extensionOf(rel);
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext) || ext === 'jpeg') return 'image';
  return ext === 'pdf' ? 'pdf' : 'other';
}

/** The about file of a media file: `media/library/photo-3f9a2c.jpg.md`. */
export const aboutPathOf = (rel: string): string => rel + ABOUT;
/** The file an about file is about. */
export const fileOfAbout = (about: string): string => about.slice(0, -ABOUT.length);
/** Whether a path under media/ is an about file rather than a file of the library. */
export const isAboutPath = (rel: string): boolean => rel.endsWith(ABOUT);
/** Whether a path is a file of the library (under media/, not an about file). */
export const isLibraryFile = (rel: string): boolean => rel.startsWith('media/') && !isAboutPath(rel);
/** Whether a file was uploaded to the library (shared), rather than to one item's field. */
export const isSharedFile = (rel: string): boolean => rel.startsWith(`${LIBRARY_FOLDER}/`);

/** A point of a picture, from its left (x) and top (y) edge, 0 to 1. */
export interface FocalPoint {
  x: number;
  y: number;
}

/** What the about file holds. */
export interface MediaAbout {
  /** The picture's description: its alt text wherever it is used without one of its own. */
  alt: string;
  focus: FocalPoint | null;
}

export const NO_ABOUT: MediaAbout = Object.freeze({ alt: '', focus: null });

export const ALT_MAX = 300;

const coordinate = (axis: string) =>
  z
    .number({ message: `The focal point's ${axis} must be a number from 0 to 1.` })
    .min(0, `The focal point's ${axis} must be from 0 to 1.`)
    .max(1, `The focal point's ${axis} must be from 0 to 1.`);

/** What a PATCH of a file may set; each is optional, and absent keeps what is stored. */
export const aboutInput = z
  .object({
    alt: z
      .string({ message: 'The description must be text.' })
      .max(ALT_MAX, `The description can be at most ${ALT_MAX} characters.`)
      .transform((s) => s.replace(/\s+/g, ' ').trim())
      .optional(),
    focus: z
      .object({ x: coordinate('x'), y: coordinate('y') }, { message: 'The focal point must be {x, y}.' })
      .nullable()
      .optional(),
  })
  .strict();
export type AboutInput = z.infer<typeof aboutInput>;

/** Reads an about file's front matter; what cannot be read is no description and no focal point. */
export function parseAbout(text: string): MediaAbout {
  const alt = /^alt:[ \t]*(.*)$/m.exec(text)?.[1]?.trim() ?? '';
  const x = Number(/^[ \t]+x:[ \t]*([0-9.]+)[ \t]*$/m.exec(text)?.[1]);
  const y = Number(/^[ \t]+y:[ \t]*([0-9.]+)[ \t]*$/m.exec(text)?.[1]);
  const focus = Number.isFinite(x) && Number.isFinite(y) && x <= 1 && y <= 1 ? { x, y } : null;
  return { alt: alt ? unquote(alt) : '', focus };
}

/** The about file's text: YAML front matter, one line per value, so `git diff` reads plainly. */
export function serializeAbout(about: MediaAbout): string {
  const lines = ['---', `alt: ${JSON.stringify(about.alt)}`];
  if (about.focus) lines.push('focus:', `  x: ${round(about.focus.x)}`, `  y: ${round(about.focus.y)}`);
  lines.push('---', '');
  return lines.join('\n');
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function unquote(v: string): string {
  if (v.startsWith('"')) {
    try {
      return String(JSON.parse(v));
    } catch {
      return v.slice(1, -1);
    }
  }
  if (v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  return v;
}

/**
 * The name a shared upload gets: its own name made safe for an address (lower case, dashes), kept
 * short, with a random tag so that two uploads of "photo.jpg" never meet.
 */
export function libraryPathFor(originalName: string, ext: string, tag: string): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return `${LIBRARY_FOLDER}/${base || 'file'}-${tag}.${ext}`;
}

/** One place an item refers to a media file. */
export interface MediaReference {
  path: string;
  /** The stored name of the field it is in. */
  field: string;
}

// A /media/ address in a text: up to whitespace, a quote, a bracket, a query or a fragment.
const MEDIA_ADDRESS = /\/media\/([^\s"'<>()[\]?#]+)/g;
const ADDRESS_WITH_QUERY = /\/media\/([^\s"'<>()[\]?#]+)(\?[^\s"'<>()[\]#]*)?/g;

/** The media files an item refers to: its picture and file fields, and /media/ addresses in its texts. */
export function mediaReferencesOf(def: EntityDef, data: Record<string, unknown>): MediaReference[] {
  const out: MediaReference[] = [];
  const seen = new Set<string>();
  const add = (path: string, field: string) => {
    const key = `${field}\n${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ path, field });
  };
  // Asked of every item as the index is built: only lists (a page's sections) are walked into.
  const fields = def.fields as Fields;
  const parts = hasLists(fields)
    ? fieldLeaves(fields, data)
    : Object.entries(fields).map(([key, field]) => ({ key, field, value: data[key] }));
  for (const { key, field, value } of parts) {
    if (typeof value !== 'string' || value === '') continue;
    if (isMediaField(field)) {
      add(value, key);
      continue;
    }
    // Texts and links are where a person puts a file's address; a title naming one is no use of it.
    if ((field.kind !== 'markdown' && field.kind !== 'link') || !value.includes('/media/')) continue;
    for (const m of value.matchAll(MEDIA_ADDRESS)) add(addressedFile(m[1]!), key);
  }
  return out;
}

/** The file a /media/ address in a text names (what follows /media/, decoded, without end punctuation). */
function addressedFile(after: string): string {
  let rel: string;
  try {
    rel = `media/${decodeURI(after)}`;
  } catch {
    rel = `media/${after}`;
  }
  return rel.replace(/[.,;:!]+$/, '');
}

/**
 * A copy of an item's data with each media file it refers to (the files mediaReferencesOf finds)
 * named anew by `rename`: picture and file fields, pictures in lists, /media/ addresses in texts and
 * links (the query after one, a version, is dropped). A file `rename` does not answer for is left.
 */
export function renameMediaReferences(
  def: EntityDef,
  data: Record<string, unknown>,
  rename: (rel: string) => string | undefined,
): Record<string, unknown> {
  const inText = (text: string) =>
    text.includes('/media/')
      ? text.replace(ADDRESS_WITH_QUERY, (whole, after: string, query: string | undefined) => {
          const renamed = rename(addressedFile(after));
          if (renamed === undefined) return whole;
          // The end of a sentence after the address stays; a version after it is dropped.
          const end = /[.,;:!]+$/.exec(query ?? after)?.[0] ?? '';
          return `/${encodeURI(renamed)}${end}`;
        })
      : text;
  const one = (field: { kind: string }, value: unknown): unknown => {
    if (typeof value !== 'string' || value === '') return value;
    if (isMediaField(field as Parameters<typeof isMediaField>[0])) return rename(value) ?? value;
    return field.kind === 'markdown' || field.kind === 'link' ? inText(value) : value;
  };
  const out: Record<string, unknown> = { ...data };
  for (const [key, field] of Object.entries(def.fields as Fields))
    out[key] = field.kind === 'list' ? mapListParts(field, data[key], one) : one(field, data[key]);
  return out;
}

/** Where a file is used, as answers and refusals name it. */
export interface MediaUseView {
  entity: string;
  id: string;
  field: string;
  /** The item's title (its id when it has none). */
  title: string;
  /** The entity's label ('News'). */
  label: string;
  /** When the use is in a draft, not on the live site. */
  draft?: { id: string; title: string };
}

/** One file as the library's answers give it (GET/POST/PATCH/PUT /api/media). */
export interface MediaFileView {
  path: string;
  /** Its address, the same for every version: what texts link to. */
  url: string;
  /** Its address for this version (cached for good by browsers): what the library shows. */
  src: string;
  name: string;
  folder: string;
  /** Uploaded to the library, not to one item's field. */
  shared: boolean;
  type: MediaType;
  bytes: number;
  width: number | null;
  height: number | null;
  alt: string;
  focus: FocalPoint | null;
  /** When its current version was written (ISO 8601). */
  modified: string;
  usedBy: MediaUseView[];
}

export const MEDIA_SORTS = ['newest', 'name', 'size'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];

/** One page of the library (GET /api/media). */
export interface MediaPage {
  items: MediaFileView[];
  total: number;
  page: number;
  per: number;
}

/** A library file the branch once had and has no more (GET /api/media/deleted). */
export interface DeletedFile {
  path: string;
  name: string;
  type: MediaType;
  /** The commit that removed it. */
  deleted: { oid: string; author: { name: string; email: string }; date: string; message: string };
  /** The last commit that had it: restore it from there. */
  restoreFrom: string;
}
