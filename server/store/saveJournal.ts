// A save's intent, recorded (flushed) before the save touches the work tree and removed once the
// branch and the index show it. If the server dies in between, the next start finds the record and
// makes the work tree and index equal HEAD on exactly those paths: the save is kept if its commit
// reached the branch, and undone if it did not.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurable } from './durable.ts';

export interface SaveIntent {
  branch: string;
  /** The commit the save started from (null only for the very first commit). */
  parent: string | null;
  paths: string[];
}

export class SaveJournal {
  private readonly file: string;

  constructor(gitdir: string) {
    this.file = path.join(gitdir, 'cms-save-intent.json');
  }

  async write(intent: SaveIntent): Promise<void> {
    await writeFileDurable(this.file, JSON.stringify(intent));
  }

  async read(): Promise<SaveIntent | null> {
    const text = await readFile(this.file, 'utf8').catch(() => null);
    if (text === null) return null;
    const intent = JSON.parse(text) as SaveIntent;
    if (!Array.isArray(intent.paths)) throw new Error(`${this.file} is not a save record`);
    return intent;
  }

  /** Not flushed: a record that comes back after a power cut only repeats a harmless recovery. */
  async clear(): Promise<void> {
    await rm(this.file, { force: true });
  }
}
