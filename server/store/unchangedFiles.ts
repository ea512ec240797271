// Which of many files git's index shows unchanged, by their blob ids (no read, no hash): the check
// `git status` makes, a stat per file. At 100,000 files the stats alone take about half a second, so
// from a few thousand files on they run on a worker thread (unchangedFilesThread.ts), as git's own
// preloadIndex spreads them over threads, while the start reads its parse cache on the other core.
// Once the start has nothing else to do it takes its share of the stats too: both threads claim
// chunks of the list from one shared counter, so neither waits for the other.
import { Worker } from 'node:worker_threads';

/** From this many files on, the stats run on a worker thread (its start costs about 30 ms). */
export const ON_A_THREAD_FROM = 5_000;
/** Files claimed at once from the shared counter. */
const CHUNK = 256;

/** Where the repository is: its work tree (as given and resolved) and its .git folder. */
export interface RepoDirs {
  dir: string;
  realDir: string;
  gitdir: string;
}

/** What the thread is given, and answers: the paths found unchanged and their blob ids. */
export interface ThreadJob {
  repo: RepoDirs;
  rels: string[];
  /** The next chunk to claim (one Int32 on a SharedArrayBuffer), shared with the start's thread. */
  next: Int32Array;
}
export type ThreadAnswer = { found: [string, string][] } | { error: string };

export function unchangedIn(rels: string[], unchanged: (rel: string) => string | null): Map<string, string> {
  const found = new Map<string, string>();
  for (const rel of rels) {
    const blob = unchanged(rel);
    if (blob) found.set(rel, blob);
  }
  return found;
}

/** Checks chunks of `rels` claimed from `next` until none is left; what it found is added to `found`. */
export function unchangedInClaimed(
  rels: string[],
  next: Int32Array,
  unchanged: (rel: string) => string | null,
  found: Map<string, string> = new Map(),
): Map<string, string> {
  for (;;) {
    const from = Atomics.add(next, 0, 1) * CHUNK;
    if (from >= rels.length) return found;
    for (let i = from; i < Math.min(from + CHUNK, rels.length); i++) {
      const blob = unchanged(rels[i]!);
      if (blob) found.set(rels[i]!, blob);
    }
  }
}

/**
 * The stats on a worker thread; once `helpAfter` settles, the calling thread takes chunks too (with
 * `unchanged`, its own check). A thread that fails leaves the whole list to `unchanged`.
 */
export async function unchangedOnAThread(
  repo: RepoDirs,
  rels: string[],
  unchanged: () => (rel: string) => string | null,
  helpAfter: Promise<unknown> = Promise.resolve(),
): Promise<Map<string, string>> {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const theirs = startThread({
    repo: { dir: repo.dir, realDir: repo.realDir, gitdir: repo.gitdir },
    rels,
    next,
  });
  theirs.catch(() => undefined); // its failure is met below, once this thread has helped
  await helpAfter.catch(() => undefined);
  // Made only when there is a chunk left: reading git's index costs this thread ~0.1 s at 100,000.
  let check: ((rel: string) => string | null) | undefined;
  const mine = unchangedInClaimed(rels, next, (rel) => (check ??= unchanged())(rel));
  try {
    for (const [rel, blob] of await theirs) mine.set(rel, blob);
    return mine;
  } catch {
    return unchangedIn(rels, (check ??= unchanged())); // chunks the thread claimed are not known to be done
  }
}

function startThread(job: ThreadJob): Promise<[string, string][]> {
  const built = !import.meta.url.endsWith('.ts');
  // vite-ignore: Vite (vitest's jsdom suites import the server too) must not bundle a thread's module.
  const file = new URL(
    /* @vite-ignore */ built ? './unchangedFilesThread.js' : './unchangedFilesThread.ts',
    import.meta.url,
  );
  // From TypeScript (tests, npm run dev) the thread loads its module through tsx's loader.
  const fromSource = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`;
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = built
        ? new Worker(file, { workerData: job })
        : new Worker(fromSource, { eval: true, workerData: job });
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    worker.once('message', (answer: ThreadAnswer) => {
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.found);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The file check thread ended early (${code}).`)));
  });
}
