// What the store's save, pull and repair steps share: the repository's folders, isomorphic-git's
// object cache, and the parts GitStore builds once (so those steps can live in files of their own).
import type { BranchTip } from './branchTip.ts';
import type { PathHistory } from './pathHistory.ts';
import type { SaveJournal } from './saveJournal.ts';
import type { TreeWriter } from './treeObjects.ts';

export interface StoreParts {
  /** The work tree, as given and with its links resolved. */
  readonly dir: string;
  readonly realDir: string;
  readonly gitdir: string;
  /** isomorphic-git's parse cache, shared by every read of the one repository. */
  readonly cache: object;
  readonly trees: TreeWriter;
  readonly journal: SaveJournal;
  readonly history: PathHistory;
  /** How long a save waits for a lock git holds before answering "busy" (undefined: LOCK_WAIT_MS). */
  readonly lockWaitMs?: number;
  /** The commit to build on; a damaged branch ref is repaired, or saving turns off with the reason. */
  tip(allowUnborn: boolean, branch?: string): Promise<BranchTip>;
  say(message: string): void;
}
