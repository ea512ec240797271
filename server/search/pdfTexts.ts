// The text inside PDFs, extracted once per PDF (pdf.js, in a thread of its own: pdfTextThread.ts) and
// kept outside git in private/pdf-text/<blob id>.txt, so a start reads the kept text instead of
// extracting again. Extractions run one at a time in the background; a PDF that cannot be read counts
// as having no text.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PdfTextThread } from './pdfTextThread.ts';

/** Reads a repository file's bytes (the store's read), null when it is gone. */
export type ReadFile = (rel: string) => Promise<Buffer | null>;

const BLOB = /^[0-9a-f]{40}$/;

export class PdfTexts {
  private readonly known = new Map<string, string>();
  private readonly waiting = new Map<string, Promise<string>>();
  private chain: Promise<unknown> = Promise.resolve();
  private readonly thread = new PdfTextThread();

  constructor(
    private readonly dir: string,
    private readonly read: ReadFile,
    private readonly log: (m: string) => void = () => undefined,
  ) {}

  /** The text of a PDF of this blob id when it is known already (memory), else undefined. */
  peek(blob: string): string | undefined {
    return this.known.get(blob);
  }

  /** The text of the PDF at `rel` whose blob id is `blob`: from memory, the kept file, or extracted. */
  text(rel: string, blob: string): Promise<string> {
    const had = this.known.get(blob);
    if (had !== undefined) return Promise.resolve(had);
    let wait = this.waiting.get(blob);
    if (!wait) {
      wait = this.load(rel, blob).then((t) => {
        this.known.set(blob, t);
        this.waiting.delete(blob);
        return t;
      });
      this.waiting.set(blob, wait);
    }
    return wait;
  }

  /** Waits for the extraction under way, if any; later ones are not started, nothing more is kept. */
  async close(): Promise<void> {
    this.closed = true;
    await this.chain;
    await this.thread.close();
  }

  private closed = false;

  private async load(rel: string, blob: string): Promise<string> {
    if (!BLOB.test(blob)) return '';
    const file = path.join(this.dir, `${blob}.txt`);
    const kept = await readFile(file, 'utf8').catch(() => null);
    if (kept !== null) return kept;
    // One extraction at a time: pdf.js is CPU-heavy, and the server shares the machine's cores with it.
    const run = this.chain.then(() => (this.closed ? null : this.extractAndKeep(rel, file)));
    this.chain = run.catch(() => undefined);
    return (await run) ?? '';
  }

  private async extractAndKeep(rel: string, file: string): Promise<string | null> {
    const text = await this.extract(rel);
    if (text === null || this.closed) return text;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, text, { mode: 0o600 });
    await rename(temp, file);
    return text;
  }

  /** The PDF's text, or null when it cannot be read now (gone, or not a PDF pdf.js can open). */
  private async extract(rel: string): Promise<string | null> {
    const bytes = await this.read(rel).catch(() => null);
    if (!bytes) return null;
    try {
      return await this.thread.extract(bytes);
    } catch (e) {
      const why = (e as Error).message;
      this.log(`Could not read the text of ${rel} for search (${why}); it is searched without it.`);
      return '';
    }
  }
}
