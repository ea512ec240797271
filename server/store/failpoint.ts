// Crash tests stop a save at a named step by killing the process right there, as a power cut or
// `kill -9` would (CMS_CRASH_AT=<step>, set only by server/store/crashRecovery.slow.test.ts).
export const SAVE_STEPS = [
  'locked', // .git/index.lock taken
  'journal', // the save's intent recorded
  'files', // work-tree files and blobs written
  'index-written', // the new index written into index.lock
  'objects', // trees and the commit object on disk
  'index', // index.lock renamed over the index
  'ref-locked', // the branch's .lock taken
  'ref', // the branch moved
] as const;
export type SaveStep = (typeof SAVE_STEPS)[number];
/** Only a save of a file on disk passes this: its blob's first deflated bytes are in the temp object. */
export const MID_STREAM = 'streaming';

const crashAt = process.env.CMS_CRASH_AT;

export function failpoint(step: SaveStep | typeof MID_STREAM): void {
  if (crashAt === step) process.kill(process.pid, 'SIGKILL');
}
