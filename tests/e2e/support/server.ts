// The real server on a fresh temporary data directory (seeded from content/ and media/), plus a
// test-only helper to edit the seeded content files by hand: the server's watcher picks them up.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../../server/main.ts';
import { keepStarterPdfTexts } from '../../../server/testing/starterPdfTexts.ts';

export interface TestSite {
  url: string;
  dataDir: string;
  /** Path of a content file of the site repository, e.g. contentFile('site/home.md'). */
  contentFile(rel: string): string;
  /** Rewrites a content file in place (a hand edit, as a maintainer would make). */
  editContent(rel: string, edit: (text: string) => string): Promise<void>;
  /** Stops the server, keeping the data directory (for a restart test). */
  stop(): Promise<void>;
  /** Starts it again on the same data directory and port. */
  restart(): Promise<void>;
  cleanup(): Promise<void>;
}

const ADMIN = { adminUsername: 'admin', adminPassword: 'correct horse battery' };

/** `readStarterPdfs`: the server reads the starter's PDFs itself, as on a first start, instead of
 *  finding their text kept (server/testing/starterPdfTexts.ts). */
export async function startTestSite({ readStarterPdfs = false } = {}): Promise<TestSite> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-e2e-'));
  if (!readStarterPdfs) await keepStarterPdfTexts(dataDir);
  let running: Awaited<ReturnType<typeof startServer>> | null = await startServer({
    dataDir,
    port: 0,
    quiet: true,
    ...ADMIN,
  });
  const url = running.url;
  const port = Number(new URL(url).port);
  const contentFile = (rel: string) => path.join(dataDir, 'site', 'content', rel);
  return {
    url,
    dataDir,
    contentFile,
    async editContent(rel, edit) {
      const file = contentFile(rel);
      await writeFile(file, edit(await readFile(file, 'utf8')));
    },
    async stop() {
      await running?.close();
      running = null;
    },
    async restart() {
      if (running) await running.close();
      running = await startServer({ dataDir, port, quiet: true, ...ADMIN });
    },
    async cleanup() {
      await running?.close();
      running = null;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
