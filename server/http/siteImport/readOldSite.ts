// Reads a running old site through its documented read endpoints (the wire shapes this server answers
// too) into typed items and the media they use, ready for one import change. Nothing here writes the
// site: files are fetched into a private work folder and checked as uploads are. An endpoint that
// fails or answers something unexpected ends the read with a message naming it; a media file that is
// missing, too large or of the wrong kind is left out and reported.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EntityDef, Fields } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';
import { siteEntities } from '../../schema/registry.ts';
import {
  isSharedFile,
  libraryPathFor,
  mediaReferencesOf,
  renameMediaReferences,
} from '../../schema/mediaLibrary.ts';
import { AppError } from '../../schema/errors.ts';
import { checkUploads, type Upload } from '../../content/writer/mediaUpload.ts';
import { PDF_LIMIT } from '../../schema/fileLimits.ts';
import { fromWire, wireName } from '../legacy/wire.ts';
import { MAX_ID_DIGITS } from '../ids.ts';
import { OldSite, OldSiteError, statusOf } from './oldSiteFetch.ts';

/** An item as the old site answered it: typed input, and the files of its own picture or file fields. */
export interface ImportedItem {
  def: EntityDef;
  /** The old site's id (collections), kept. */
  id?: string;
  input: Record<string, unknown>;
  uploads: Upload[];
}

/** A shared file of the media library, under the name it gets here. */
export interface ImportedFile {
  path: string;
  upload: Upload;
}

export interface OldSiteContent {
  source: string;
  items: ImportedItem[];
  files: ImportedFile[];
  /** The entities the old site answered for (the others it has no endpoint for). */
  answered: EntityDef[];
  /** What was left out, and why, one line each. */
  skipped: string[];
}

export interface ReadOptions {
  /** Where fetched files are kept until the import's commit (a private folder). */
  workDir: string;
  /** The largest JSON answer taken. */
  maxAnswerBytes: number;
  idleMs: number;
  totalMs: number;
  /** One line of progress at a time. */
  progress?: (line: string) => void;
}

/** Endpoints this project added (staff's pages, menus, languages): an old site may not have them. */
const isOlderEndpoint = (def: EntityDef) => def.legacy.endpoint.endsWith('.php');

const unexpected = (endpoint: string, what: string) =>
  new OldSiteError(
    `The old site's /api/${endpoint} answered something unexpected: ${what}. Nothing was written.`,
  );

export async function readOldSite(from: string, options: ReadOptions): Promise<OldSiteContent> {
  const site = new OldSite(from, { idleMs: options.idleMs, totalMs: options.totalMs });
  const say = options.progress ?? (() => undefined);
  await mkdir(options.workDir, { recursive: true, mode: 0o700 });
  const files = new MediaFetcher(site, options.workDir);
  const out: OldSiteContent = {
    source: site.origin,
    items: [],
    files: [],
    answered: [],
    skipped: files.skipped,
  };

  const readable = siteEntities.filter((def) => def.storage !== 'private');
  for (const [n, def] of readable.entries()) {
    const endpoint = def.legacy.endpoint;
    say(`Reading ${n + 1} of ${readable.length}: /api/${endpoint}`);
    let answer: unknown;
    try {
      const bytes = await site.bytes(site.address(`/api/${endpoint}?media=url`)!, options.maxAnswerBytes);
      answer = JSON.parse(bytes.toString('utf8'));
    } catch (e) {
      if (!isOlderEndpoint(def) && statusOf(e) === 404) {
        out.skipped.push(`${def.label}: the old site has no /api/${endpoint}, so this site's are kept.`);
        continue;
      }
      if (e instanceof SyntaxError) throw unexpected(endpoint, 'not JSON');
      throw e;
    }
    const wires = wireItems(def, answer);
    for (const [i, wire] of wires.entries()) {
      if (wires.length > 1)
        say(`Reading ${n + 1} of ${readable.length}: /api/${endpoint}, item ${i + 1} of ${wires.length}`);
      out.items.push(await itemOf(def, wire, files));
    }
    out.answered.push(def);
  }
  out.files = files.library();
  return out;
}

/** The items of an answer, each a plain object (with an id of digits, for a collection). */
function wireItems(def: EntityDef, answer: unknown): Record<string, unknown>[] {
  const endpoint = def.legacy.endpoint;
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (def.type === 'singleton') {
    if (!isObject(answer)) throw unexpected(endpoint, 'not one item');
    return [answer];
  }
  if (!Array.isArray(answer)) throw unexpected(endpoint, 'not a list of items');
  const seen = new Set<string>();
  return answer.map((item, i) => {
    if (!isObject(item)) throw unexpected(endpoint, `item ${i + 1} is not an item`);
    const id = typeof item.id === 'number' || typeof item.id === 'string' ? String(item.id) : '';
    if (!/^\d+$/.test(id) || id.length > MAX_ID_DIGITS)
      throw unexpected(endpoint, `item ${i + 1} has no id of at most ${MAX_ID_DIGITS} digits`);
    if (seen.has(id)) throw unexpected(endpoint, `two items have the id ${id}`);
    seen.add(id);
    return item;
  });
}

async function itemOf(
  def: EntityDef,
  wire: Record<string, unknown>,
  files: MediaFetcher,
): Promise<ImportedItem> {
  const id = def.type === 'collection' ? String(wire.id) : undefined;
  const name = `${def.label}${id ? ` ${id}` : ''}`;
  const fields = def.fields as Fields;
  const typed = fromWire(def, wire);
  // Files named in texts and lists are shared files of the library here, under names of their own.
  const named = new Map<string, string | undefined>();
  for (const { path: rel } of mediaReferencesOf(def, typed))
    named.set(rel, await files.shared(rel, `${name}: ${rel}`));
  const input = renameMediaReferences(def, typed, (rel) => named.get(rel));
  const uploads: Upload[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (!isMediaField(field)) continue;
    const value = wire[wireName(def, key)];
    if (typeof value !== 'string' || value === '') continue;
    const where = `${name}, ${field.label}`;
    // A shared file stays shared; an item's own picture or file is uploaded to the item, as a save does.
    const address = value.startsWith('/') || /^https?:/i.test(value) ? files.site.address(value) : null;
    const rel = address && decodeURIComponent(address.pathname).slice(1);
    if (rel && isSharedFile(rel)) {
      const shared = await files.shared(rel, where);
      if (shared) input[key] = shared;
      continue;
    }
    const upload = address
      ? await files.own(address, key, field.kind, where)
      : await files.inline(value, key, field.kind, where);
    if (upload) uploads.push(upload);
  }
  return { def, id, input, uploads };
}

/** Fetches each file once, checks it as an upload, and names shared ones by their content. */
class MediaFetcher {
  readonly skipped: string[] = [];
  private readonly sharedFiles = new Map<string, ImportedFile | null>();
  private count = 0;

  constructor(
    readonly site: OldSite,
    private readonly workDir: string,
  ) {}

  /** A shared file's name here, or undefined when it could not be taken (reported). */
  async shared(rel: string, where: string): Promise<string | undefined> {
    if (!this.sharedFiles.has(rel)) {
      const address = this.site.address('/' + rel.split('/').map(encodeURIComponent).join('/'));
      const upload = address ? await this.fetch(address, 'file', 'file', where) : null;
      const ext = upload?.type;
      this.sharedFiles.set(
        rel,
        upload && ext
          ? { path: libraryPathFor(path.posix.basename(rel), ext, upload.blob.slice(0, 6)), upload }
          : null,
      );
    }
    return this.sharedFiles.get(rel)?.path;
  }

  /** An item's own picture or file, from its address on the old site. */
  own(address: URL, field: string, kind: 'image' | 'pdf', where: string): Promise<Upload | null> {
    return this.fetch(address, field, kind, where);
  }

  /** An item's own picture or file sent inline (base64, as the documented answers do by default). */
  async inline(value: string, field: string, kind: 'image' | 'pdf', where: string): Promise<Upload | null> {
    const file = this.nextFile();
    const bytes = Buffer.from(value.replace(/^data:[^,]*,/, ''), 'base64');
    await writeFile(file, bytes, { mode: 0o600 });
    return this.check(file, bytes.length, field, kind, where);
  }

  library(): ImportedFile[] {
    return [...this.sharedFiles.values()].filter((f): f is ImportedFile => f !== null);
  }

  private nextFile() {
    return path.join(this.workDir, `file-${++this.count}`);
  }

  private async fetch(address: URL, field: string, kind: 'image' | 'pdf' | 'file', where: string) {
    const file = this.nextFile();
    let size: number;
    try {
      size = await this.site.toFile(address, PDF_LIMIT, file);
    } catch (e) {
      if (!(e instanceof OldSiteError)) throw e;
      this.skipped.push(`${where}: left out. ${e.message}`);
      return null;
    }
    return this.check(file, size, field, kind, where);
  }

  private async check(
    file: string,
    size: number,
    field: string,
    kind: 'image' | 'pdf' | 'file',
    where: string,
  ) {
    try {
      const [upload] = await checkUploads([{ fieldname: field, path: file, size }], () => kind);
      return upload ?? null;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      this.skipped.push(`${where}: left out. ${e.message}`);
      return null;
    }
  }
}
