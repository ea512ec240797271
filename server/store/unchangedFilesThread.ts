// The worker thread of unchangedFiles.ts: the same check as bulkRead's, for the chunks it claims.
import { parentPort, workerData } from 'node:worker_threads';
import { unchangedBlobsNow } from './bulkRead.ts';
import { unchangedInClaimed, type ThreadAnswer, type ThreadJob } from './unchangedFiles.ts';

const { repo, rels, next } = workerData as ThreadJob;
let answer: ThreadAnswer;
try {
  answer = {
    found: [...unchangedInClaimed(rels, next, unchangedBlobsNow({ ...repo, parsedIfSame: undefined }))],
  };
} catch (e) {
  answer = { error: e instanceof Error ? e.message : String(e) };
}
parentPort!.postMessage(answer);
