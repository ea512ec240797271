// Parsed items by blob id, kept in private/ between starts: a start reads each content file (to know
// its blob id) but parses and validates only files it has not seen before. The cache is only good
// for the code that filled it: it is keyed by a fingerprint of the schemas, the file format and the
// cache's own form.
//
// Its form is chosen for the start, which reads it before the first answer: one JSON text of
// `{fingerprint, entities: {name: [blob, data, blob, data, …]}}`, all ASCII (other characters as
// \u escapes). Read as latin1 it needs no UTF-8 decoding (a third of the old read at 100,000
// items), blob ids are plain array strings rather than 100,000 object keys V8 would intern, and each
// entity's parses land in one Map.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurable } from '../../store/durable.ts';
import { nextTurn, pacer, type Turn } from '../../store/turns.ts';

type Data = Record<string, unknown>;
type Shelves = Map<string, Map<string, Data>>; // entity (its cache key) → blob id → stored data

/** Changes whenever the file's form does, so a cache of another form is never read as this one. */
const FORM = 'entities: [blob, data, …]; ASCII';

/** What parsing depends on: the entity declarations and the file format (or the whole built server). */
function codeFingerprint(projectRoot: string): string {
  const hash = createHash('sha1').update(FORM);
  const sources = [
    path.join(projectRoot, 'server/schema'),
    path.join(projectRoot, 'server/content/index/fileFormat.ts'),
  ];
  const add = (file: string) => hash.update(file).update(readFileSync(file));
  const walk = (p: string) => {
    if (!existsSync(p)) return false;
    if (!p.endsWith('.ts')) for (const e of readdirSync(p).sort()) walk(path.join(p, e));
    else if (!p.endsWith('.test.ts')) add(p);
    return true;
  };
  if (!sources.map(walk).every(Boolean) && process.argv[1]) add(process.argv[1]);
  return hash.digest('hex');
}

const NOT_ASCII = /[\u0080-\uffff]/g;
/** JSON text with every character past ASCII written as a \u escape (the same value, read back). */
export function asciiJson(text: string): string {
  NOT_ASCII.lastIndex = 0;
  if (!NOT_ASCII.test(text)) return text;
  return text.replace(NOT_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const isData = (x: unknown): x is Data => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The shelves a saved text holds, or null when it is not a whole cache of this code's form. */
function shelvesOf(saved: unknown, fingerprint: string): Shelves | null {
  if (!isData(saved) || saved.fingerprint !== fingerprint || !isData(saved.entities)) return null;
  const shelves: Shelves = new Map();
  for (const [entity, list] of Object.entries(saved.entities)) {
    if (!Array.isArray(list) || list.length % 2) return null;
    const shelf = new Map<string, Data>();
    for (let i = 0; i < list.length; i += 2) {
      const blob: unknown = list[i];
      const data: unknown = list[i + 1];
      if (typeof blob !== 'string' || !isData(data)) return null;
      shelf.set(blob, data);
    }
    shelves.set(entity, shelf);
  }
  return shelves;
}

const sizeOf = (shelves: Shelves) => [...shelves.values()].reduce((n, s) => n + s.size, 0);

export class ParseCache {
  private old: Shelves = new Map<string, Map<string, Data>>();
  private readonly next: Shelves = new Map<string, Map<string, Data>>();
  private changed = false;
  private readonly fingerprint: string;

  /** `projectRoot` holds server/schema (or, in the built server, the bundle whose own file is hashed). */
  constructor(
    private readonly file: string,
    projectRoot: string,
  ) {
    this.fingerprint = codeFingerprint(projectRoot);
  }

  async load(): Promise<void> {
    try {
      // latin1: the file is ASCII when it is ours; one that is not fails the fingerprint or the parse.
      const saved: unknown = JSON.parse((await readFile(this.file)).toString('latin1'));
      this.old = shelvesOf(saved, this.fingerprint) ?? new Map<string, Map<string, Data>>();
    } catch {
      this.old = new Map<string, Map<string, Data>>(); // none yet, torn, or unreadable: every file is parsed
    }
  }

  /** Whether an earlier start kept its parses (before load(): they may be of other code). */
  get saved(): boolean {
    return existsSync(this.file);
  }

  get(entity: string, blob: string): Data | undefined {
    const hit = this.old.get(entity)?.get(blob);
    if (hit) shelf(this.next, entity).set(blob, hit);
    return hit;
  }

  set(entity: string, blob: string, data: Data): void {
    shelf(this.next, entity).set(blob, data);
    this.changed = true;
  }

  /**
   * Writes what this start used and parsed (entries of files gone since are dropped). The text is
   * made a slice at a time, so a running server keeps answering meanwhile (at 10,000 items one
   * JSON.stringify of it all held the event loop for 30–60 ms).
   */
  async save(turn: Turn = nextTurn): Promise<void> {
    if (!this.changed && sizeOf(this.next) === sizeOf(this.old)) return;
    // What is written is what the cache holds now: parses made meanwhile are written next time.
    const written: Shelves = new Map([...this.next].map(([entity, s]) => [entity, new Map(s)]));
    this.changed = false;
    const parts: string[] = [];
    const pace = pacer(turn);
    for (const [entity, entries] of written) {
      const items: string[] = [];
      for (const [blob, data] of entries) {
        items.push(`${JSON.stringify(blob)},${asciiJson(JSON.stringify(data))}`);
        await pace();
      }
      parts.push(`${asciiJson(JSON.stringify(entity))}:[${items.join(',')}]`);
    }
    const text = `{"fingerprint":${JSON.stringify(this.fingerprint)},"entities":{${parts.join(',')}}}`;
    try {
      await writeFileDurable(this.file, text, { mode: 0o600 });
    } catch (e) {
      this.changed = true; // tried again on the next save
      throw e;
    }
    this.old = written;
  }
}

function shelf(shelves: Shelves, entity: string): Map<string, Data> {
  let found = shelves.get(entity);
  if (!found) shelves.set(entity, (found = new Map<string, Data>()));
  return found;
}
