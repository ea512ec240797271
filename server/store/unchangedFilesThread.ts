// The worker thread of unchangedFiles.ts: the same check as bulkRead's, for every file it is given.
import { parentPort, workerData } from 'node:worker_threads';
import { unchangedBlobsNow } from './bulkRead.ts';
import { unchangedIn, type ThreadAnswer, type ThreadJob } from './unchangedFiles.ts';

const { repo, rels } = workerData as ThreadJob;
let answer: ThreadAnswer;
try {
  answer = { found: [...unchangedIn(rels, unchangedBlobsNow({ ...repo, parsedIfSame: undefined }))] };
} catch (e) {
  answer = { error: e instanceof Error ? e.message : String(e) };
}
parentPort!.postMessage(answer);
