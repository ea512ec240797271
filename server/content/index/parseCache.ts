// Parsed items by blob id, kept in private/ between starts: a start reads each content file (to know
// its blob id) but parses and validates only files it has not seen before. The cache is only good
// for the code that filled it: it is keyed by a fingerprint of the schemas and the file format.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurable } from '../../store/durable.ts';
import { nextTurn, pacer, type Turn } from '../../store/turns.ts';

type Entries = Record<string, Record<string, unknown>>; // `${entity}:${blob}` → stored data

/** What parsing depends on: the entity declarations and the file format (or the whole built server). */
function codeFingerprint(projectRoot: string): string {
  const hash = createHash('sha1');
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

export class ParseCache {
  private old: Entries = {};
  private readonly next: Entries = {};
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
      const saved = JSON.parse(await readFile(this.file, 'utf8')) as {
        fingerprint: string;
        entries: Entries;
      };
      if (saved.fingerprint === this.fingerprint) this.old = saved.entries;
    } catch {
      this.old = {}; // none yet, or unreadable: every file is parsed
    }
  }

  /** Whether an earlier start kept its parses (before load(): they may be of other code). */
  get saved(): boolean {
    return existsSync(this.file);
  }

  /** Whether any parse was kept from an earlier start (of the same code). */
  get holdsAny(): boolean {
    for (const key in this.old) if (Object.hasOwn(this.old, key)) return true;
    return false;
  }

  get(entity: string, blob: string): Record<string, unknown> | undefined {
    const key = `${entity}:${blob}`;
    const hit = this.old[key];
    if (hit) this.next[key] = hit;
    return hit;
  }

  set(entity: string, blob: string, data: Record<string, unknown>): void {
    this.next[`${entity}:${blob}`] = data;
    this.changed = true;
  }

  /**
   * Writes what this start used and parsed (entries of files gone since are dropped). The text is
   * made a slice at a time, so a running server keeps answering meanwhile (at 10,000 items one
   * JSON.stringify of it all held the event loop for 30–60 ms).
   */
  async save(turn: Turn = nextTurn): Promise<void> {
    if (!this.changed && Object.keys(this.next).length === Object.keys(this.old).length) return;
    const entries = Object.entries(this.next);
    this.changed = false; // parses made while this one is written are written next time
    const parts: string[] = [];
    const pace = pacer(turn);
    for (const [key, data] of entries) {
      parts.push(`${JSON.stringify(key)}:${JSON.stringify(data)}`);
      await pace();
    }
    // The same text as JSON.stringify({ fingerprint, entries }) of the whole.
    const text = `{"fingerprint":${JSON.stringify(this.fingerprint)},"entries":{${parts.join(',')}}}`;
    try {
      await writeFileDurable(this.file, text, { mode: 0o600 });
    } catch (e) {
      this.changed = true; // tried again on the next save
      throw e;
    }
    this.old = Object.fromEntries(entries);
  }
}
