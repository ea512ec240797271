// The audit log: who signed in (or failed to, from where), who saved, deleted or restored what in
// which commit, user changes made with `npm run user`, webhook pulls. One JSON object per line in
// private/audit.log, appended and flushed, never in git. Past a size it is rotated: audit.log becomes
// audit.log.1, .1 becomes .2 and so on, the oldest beyond `keep` dropped, so it never grows unbounded.
// The server and `npm run user` both append; a socket lock beside the log (store/socketLock.ts)
// keeps them one at a time.
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { syncData, syncDir } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import { withSocketLock } from '../store/socketLock.ts';
import { type AuditEntry, type AuditEvent, isAuditAction } from '../schema/auditEvent.ts';

export const AUDIT_FILE = 'audit.log';
/** The log is rotated before it would pass this size… */
export const AUDIT_MAX_BYTES = 2 * 1024 * 1024;
/** …and this many older files are kept (audit.log.1 … .4): at most about 10 MB in all. */
export const AUDIT_KEEP = 4;
/** The longest value kept in one field: a stranger's "username" must not fill the log. */
const MAX_FIELD = 200;
const LOCK_WAIT_MS = 5000;

export interface AuditLogOptions {
  maxBytes?: number;
  keep?: number;
  now?: () => Date;
  /** Where a failure to write is reported (the action itself goes ahead). */
  log?: (message: string) => void;
}

export interface AuditRead {
  /** Oldest first, as written. */
  entries: AuditEntry[];
  /** Damaged lines passed over. */
  skipped: number;
}

const FIELDS = ['who', 'address', 'entity', 'id', 'commit', 'detail'] as const;

export class AuditLog {
  readonly file: string;
  private readonly queue = new SerialQueue();
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly now: () => Date;
  private readonly log: (message: string) => void;

  constructor(privateDir: string, options: AuditLogOptions = {}) {
    this.file = path.join(privateDir, AUDIT_FILE);
    this.maxBytes = options.maxBytes ?? AUDIT_MAX_BYTES;
    this.keep = options.keep ?? AUDIT_KEEP;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((m) => console.error(m));
  }

  /**
   * Appends one event, flushed to disk before it resolves. Never rejects: an audit log that cannot be
   * written is reported, and whatever was being done still happens.
   */
  record(event: AuditEvent): Promise<void> {
    const entry: Record<string, string> = { time: this.now().toISOString(), action: event.action };
    for (const key of FIELDS) {
      const v = event[key];
      if (typeof v === 'string' && v) entry[key] = v.slice(0, MAX_FIELD);
    }
    const line = `${JSON.stringify(entry)}\n`;
    return this.queue
      .run(async () => {
        await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
        await withSocketLock(`${this.file}.lock`, LOCK_WAIT_MS, () => this.append(line));
      })
      .catch((e: Error) => {
        this.log(`Could not write to the audit log ${this.file}: ${e.message}`);
      });
  }

  /** Resolves once every record handed in so far is on disk (or reported as not written). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Every entry of the log and its rotated files, oldest first; damaged lines are skipped and counted. */
  async read(): Promise<AuditRead> {
    await this.queue.idle(); // records handed in before this read are in it
    const entries: AuditEntry[] = [];
    let skipped = 0;
    for (const file of this.files().reverse()) {
      const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return '';
        throw e;
      });
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        const entry = parseLine(line);
        if (entry) entries.push(entry);
        else skipped += 1;
      }
    }
    return { entries, skipped };
  }

  /** The log and its rotated files, newest first. */
  files(): string[] {
    return [this.file, ...Array.from({ length: this.keep }, (_, i) => `${this.file}.${i + 1}`)];
  }

  /** Runs holding the lock: rotate if this line would pass the size, then append and flush. */
  private async append(line: string): Promise<void> {
    let size = (await stat(this.file).catch(() => null))?.size ?? 0;
    if (size > 0 && size + Buffer.byteLength(line) > this.maxBytes) {
      await this.rotate();
      size = 0;
    }
    const handle = await open(this.file, 'a+', 0o600);
    try {
      // A crash mid-write can leave a line without its end: start on a line of our own.
      let text = line;
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) text = `\n${line}`;
      }
      await handle.appendFile(text);
      await syncData(handle);
    } finally {
      await handle.close();
    }
    if (size === 0) await syncDir(path.dirname(this.file));
  }

  private async rotate(): Promise<void> {
    const files = this.files();
    await rm(files.at(-1)!, { force: true });
    for (let i = files.length - 2; i >= 0; i--) {
      await rename(files[i]!, files[i + 1]!).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      });
    }
    await syncDir(path.dirname(this.file));
  }
}

/** One line as an entry, or null when it is damaged (not JSON, or not the shape of an entry). */
function parseLine(line: string): AuditEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.time !== 'string' || Number.isNaN(Date.parse(v.time)) || !isAuditAction(v.action)) return null;
  const entry: AuditEntry = { time: v.time, action: v.action };
  for (const key of FIELDS) if (typeof v[key] === 'string') entry[key] = v[key];
  return entry;
}
