// The text inside PDFs, extracted once per PDF (pdf.js, in a process of its own: pdfProcess.ts) and
// kept outside git in private/pdf-text/<blob id>.txt, so a start reads the kept text instead of
// extracting again. Extractions run one at a time in the background; a PDF that cannot be read (broken,
// too big for the process's memory, too slow) counts as having no text, and its item is found by its
// other fields.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PdfReaderUnavailable, PdfProcess } from '../pdf/pdfProcess.ts';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';

/** Reads a repository file's bytes (the store's read), null when it is gone. */
export type ReadFile = (rel: string) => Promise<Buffer | null>;

const BLOB = /^[0-9a-f]{40}$/;

export class PdfTexts {
  private readonly known = new Map<string, string>();
  private readonly waiting = new Map<string, Promise<string>>();
  /** One extraction at a time: pdf.js is CPU-heavy, and the server shares the machine's cores with it. */
  private readonly extractions = new SerialQueue();
  /** Temporary files a killed server left in the folder, removed before the first text is kept. */
  private swept: Promise<void> | null = null;

  constructor(
    private readonly dir: string,
    private readonly read: ReadFile,
    private readonly log: (m: string) => void = () => undefined,
    private readonly reader = new PdfProcess(),
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

  /** Ends the extraction under way, if any; later ones are not started, nothing more is kept. */
  async close(): Promise<void> {
    this.closed = true;
    await this.reader.close();
    await this.extractions.idle();
  }

  private closed = false;

  private async load(rel: string, blob: string): Promise<string> {
    if (!BLOB.test(blob)) return '';
    const file = path.join(this.dir, `${blob}.txt`);
    const kept = await readFile(file, 'utf8').catch(() => null);
    if (kept !== null) return kept;
    return (
      (await this.extractions.run(async () => (this.closed ? null : this.extractAndKeep(rel, file)))) ?? ''
    );
  }

  private async extractAndKeep(rel: string, file: string): Promise<string | null> {
    const text = await this.extract(rel);
    if (text === null || this.closed) return text;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await (this.swept ??= this.sweep());
    // Flushed before it is named: a crash must not leave an empty text kept as this PDF's for good.
    await writeFileDurable(file, text, { mode: 0o600, syncFolder: false });
    return text;
  }

  /** The PDF's text ('' when this PDF cannot be read), or null when it cannot be read now: the file is
   *  gone, the server is stopping, or the PDF process cannot start (a later start tries again). */
  private async extract(rel: string): Promise<string | null> {
    let bytes = await this.read(rel).catch(() => null);
    if (!bytes || this.closed) return null;
    const reading = this.reader.extract(bytes);
    bytes = null; // handed over: not kept while the PDF is read
    try {
      const { text, cut } = await reading;
      if (cut) {
        const max = this.reader.limits.maxChars.toLocaleString('en-US');
        this.log(`The text of ${rel} is longer than ${max} characters: search reads its first ${max}.`);
      }
      return text;
    } catch (e) {
      if (this.closed) return null;
      const why = (e as Error).message;
      this.log(`Could not read the text of ${rel} for search (${why}); it is searched without it.`);
      return e instanceof PdfReaderUnavailable ? null : '';
    }
  }

  private async sweep(): Promise<void> {
    const names = await readdir(this.dir).catch(() => []);
    await Promise.all(
      names.filter((n) => n.endsWith('.tmp')).map((n) => rm(path.join(this.dir, n), { force: true })),
    );
  }
}
