// The text of the starter site's PDFs, kept in a new test site's private/pdf-text/ as a server keeps
// it once it has read them. Every server reads the PDFs of its site in the background after it
// starts, one at a time, in a pdf.js thread, and its stop waits for the one under way: a second and
// more of CPU for each of the hundred-odd test servers of a run, all for the same two PDFs. Read once
// by the server's own PdfTexts into a folder of the machine's temporary files that every worker and
// later run finds again, the text is copied in instead, and the servers start as they do after their
// first run. Suites about finding words in the starter's PDFs read them as a
// first start does (startTestSite({ readStarterPdfs: true })).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
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
  const read = (rel: string) => readFile(path.join(PROJECT_ROOT, rel)).catch(() => null);
  const pdfs: [string, string][] = [];
  for (const rel of await listFiles(PROJECT_ROOT, 'media')) {
    const bytes = rel.endsWith('.pdf') ? await read(rel) : null;
    if (bytes) pdfs.push([rel, blobId(bytes)]);
  }
  // One folder per set of starter PDFs and pdf.js version, shared by every worker and every run:
  // made under another name and renamed into place whole, so a worker finds it complete or not at all.
  const pdfjs = createRequire(import.meta.url)('pdfjs-dist/package.json') as { version: string };
  const key = createHash('sha256')
    .update(JSON.stringify([pdfjs.version, pdfs]))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(tmpdir(), `cms-starter-pdf-text-${key}`);
  if (existsSync(dir)) return dir;
  const making = await mkdtemp(`${dir}-making-`);
  const texts = new PdfTexts(making, read);
  try {
    for (const [rel, blob] of pdfs) await texts.text(rel, blob);
  } finally {
    await texts.close();
  }
  // A PDF whose text could not be read (the PDF process stopped): this worker uses what it has, and
  // the next one tries again.
  if (!pdfs.every(([, blob]) => existsSync(path.join(making, `${blob}.txt`)))) return making;
  try {
    await rename(making, dir);
  } catch {
    await rm(making, { recursive: true, force: true }); // another worker's is in place
  }
  return dir;
}
