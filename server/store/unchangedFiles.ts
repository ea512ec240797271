// Which of many files git's index shows unchanged, by their blob ids (no read, no hash): the check
// `git status` makes, a stat per file. At 100,000 files the stats alone take about half a second, so
// from a few thousand files on they run on a worker thread (unchangedFilesThread.ts), as git's own
// preloadIndex spreads them over threads, while the start reads its parse cache on the other core.
import { Worker } from 'node:worker_threads';

/** From this many files on, the stats run on a worker thread (its start costs about 30 ms). */
export const ON_A_THREAD_FROM = 5_000;

/** Where the repository is: its work tree (as given and resolved) and its .git folder. */
export interface RepoDirs {
  dir: string;
  realDir: string;
  gitdir: string;
}

/** What the thread is given, and answers: the paths found unchanged and their blob ids, in order. */
export interface ThreadJob {
  repo: RepoDirs;
  rels: string[];
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

export function unchangedOnAThread(repo: RepoDirs, rels: string[]): Promise<Map<string, string>> {
  const built = !import.meta.url.endsWith('.ts');
  // vite-ignore: Vite (vitest's jsdom suites import the server too) must not bundle a thread's module.
  const file = new URL(
    /* @vite-ignore */ built ? './unchangedFilesThread.js' : './unchangedFilesThread.ts',
    import.meta.url,
  );
  const job: ThreadJob = { repo: { dir: repo.dir, realDir: repo.realDir, gitdir: repo.gitdir }, rels };
  // From TypeScript (tests, npm run dev) the thread loads its module through tsx's loader.
  const fromSource = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`;
  const worker = built
    ? new Worker(file, { workerData: job })
    : new Worker(fromSource, { eval: true, workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: ThreadAnswer) => {
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(new Map(answer.found));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The file check thread ended early (${code}).`)));
  });
}
