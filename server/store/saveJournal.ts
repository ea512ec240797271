// A save's intent, recorded (flushed) before the save touches the work tree and emptied once the
// branch and the index show it. If the server dies in between, the next start finds the record and
// makes the work tree and index equal HEAD on exactly those paths: the save is kept if its commit
// reached the branch, and undone if it did not.
//
// The record is rewritten in place with one data flush per save. A record torn by a power cut was
// never fully flushed, so its save never touched the work tree: unreadable means "no save running".
import { open, readFile, truncate } from 'node:fs/promises';
import path from 'node:path';
import { syncDir, syncData } from './durable.ts';

export interface SaveIntent {
  branch: string;
  /** The commit the save started from (null only for the very first commit). */
  parent: string | null;
  paths: string[];
}

const END = '\n--end of save record--\n';

export class SaveJournal {
  private readonly file: string;
  private created = false;

  constructor(gitdir: string) {
    this.file = path.join(gitdir, 'cms-save-intent');
  }

  async write(intent: SaveIntent): Promise<void> {
    const handle = await open(this.file, 'w', 0o644);
    try {
      await handle.writeFile(JSON.stringify(intent) + END);
      await syncData(handle);
    } finally {
      await handle.close();
    }
    if (!this.created) await syncDir(path.dirname(this.file)); // the file's own name, once
    this.created = true;
  }

  async read(): Promise<SaveIntent | null> {
    const text = await readFile(this.file, 'utf8').catch(() => '');
    if (!text.endsWith(END)) return null;
    try {
      const intent = JSON.parse(text.slice(0, -END.length)) as SaveIntent;
      return Array.isArray(intent.paths) ? intent : null;
    } catch {
      return null;
    }
  }

  /** Not flushed: a record that comes back after a power cut only repeats a harmless recovery. */
  async clear(): Promise<void> {
    await truncate(this.file, 0).catch(() => undefined);
  }
}
