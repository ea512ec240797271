// The text of the starter site's PDFs, kept in a new test site's private/pdf-text/ as a server keeps
// it once it has read them. Every server reads the PDFs of its site in the background after it
// starts, one at a time, in a pdf.js thread, and its stop waits for the one under way: a second and
// more of CPU for each of the hundred-odd test servers of a run, all for the same two PDFs. Read once
// per test worker by the server's own PdfTexts, the text is copied in instead, and the servers start
// as they do after their first run. Suites about finding words in the starter's PDFs read them as a
// first start does (startTestSite({ readStarterPdfs: true })).
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import { PdfTexts } from '../search/pdfTexts.ts';
import { blobId } from '../store/blobId.ts';
import { listFiles } from '../store/listFiles.ts';

let kept: Promise<string> | undefined;

/** Puts the starter PDFs' text into `dataDir`/private/pdf-text/, where the server looks for it,
 *  unless that folder is there already (a restart keeps what its site has). */
export async function keepStarterPdfTexts(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'private', 'pdf-text');
  if (existsSync(target)) return;
  kept ??= readStarterPdfs();
  await cp(await kept, target, { recursive: true });
}

async function readStarterPdfs(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-pdf-text-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const read = (rel: string) => readFile(path.join(PROJECT_ROOT, rel)).catch(() => null);
  const texts = new PdfTexts(dir, read);
  try {
    for (const rel of await listFiles(PROJECT_ROOT, 'media')) {
      if (!rel.endsWith('.pdf')) continue;
      await texts.text(rel, blobId((await read(rel))!));
    }
  } finally {
    await texts.close();
  }
  return dir;
}
