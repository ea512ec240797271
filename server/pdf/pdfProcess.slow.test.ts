// The PDF process with real PDFs, real pdf.js and real child processes: text comes back; a file
// pdf.js cannot open, a child killed in the middle of a PDF, a PDF that takes too long or needs too
// much memory (heap, or bytes outside it) each fail that PDF alone, in plain words, and the next PDF
// is read; long text is cut at the limit; an idle or closed child is gone. Then PdfTexts, which the
// server uses: a PDF that cannot be read counts as having no text, is logged, and leaves no temporary
// file.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isAlive as alive, rssMb } from '../testing/childProcesses.ts';
import { eventually } from '../testing/eventually.ts';
import { packedPdf, textPdf } from '../testing/textPdf.ts';
import { PDF_LIMITS, PdfProcess, type PdfLimits } from './pdfProcess.ts';
import { PdfTexts } from '../search/pdfTexts.ts';

const gone = (pid: number) => eventually(() => !alive(pid), 5_000, `process ${pid} to end`);

/** A PDF that takes pdf.js a while and a good deal of memory: 20 MB, as a large scanned paper is. */
const bigPdf = () => textPdf(['A large research paper'], 20 * 1024 * 1024);

const opened: PdfProcess[] = [];
const reader = (limits: Partial<PdfLimits> = {}) => {
  const made = new PdfProcess({ ...PDF_LIMITS, ...limits });
  opened.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((r) => r.close()));
});

describe('the PDF process', () => {
  it("reads a PDF's text in a child process, whitespace collapsed", async () => {
    const pdfs = reader();
    const pdf = textPdf(['Findings on the   quillwort cohort', 'of rural districts, 2026.']);
    expect(await pdfs.extract(pdf)).toEqual({
      text: 'Findings on the quillwort cohort of rural districts, 2026.',
      cut: false,
    });
    expect(pdfs.pid).not.toBe(process.pid);
    expect(alive(pdfs.pid!)).toBe(true);
  });

  it('refuses a file that is not a PDF, and the same child reads the next PDF', async () => {
    const pdfs = reader();
    await expect(pdfs.extract(Buffer.from('not a PDF at all'))).rejects.toThrow(/PDF/);
    const pid = pdfs.pid;
    expect((await pdfs.extract(textPdf(['Still reading']))).text).toBe('Still reading');
    expect(pdfs.pid).toBe(pid);
  });

  it('reads queued PDFs one after another, each answered with its own text', async () => {
    const pdfs = reader();
    const texts = await Promise.all(['One', 'Two', 'Three'].map((w) => pdfs.extract(textPdf([w]))));
    expect(texts.map((t) => t.text)).toEqual(['One', 'Two', 'Three']);
  });

  it('cuts text past the limit, between words', async () => {
    const pdfs = reader({ maxChars: 30 });
    const { text, cut } = await pdfs.extract(
      textPdf(['Findings on the quillwort cohort', 'of rural districts']),
    );
    expect(cut).toBe(true);
    expect(text).toBe('Findings on the quillwort');
  });

  it('fails the PDF whose child is killed while reading it, and starts a new child for the next', async () => {
    const pdfs = reader();
    await pdfs.extract(textPdf(['Warm'])); // the child is ready: the next PDF goes to it at once
    const first = pdfs.pid!;
    const reading = pdfs.extract(bigPdf());
    process.kill(first, 'SIGKILL');
    await expect(reading).rejects.toThrow('the PDF process ended while reading it (stopped by SIGKILL)');
    expect(alive(first)).toBe(false);
    expect((await pdfs.extract(textPdf(['After the kill']))).text).toBe('After the kill');
    expect(pdfs.pid).not.toBe(first);
  });

  it('gives up on a PDF past the time limit, kills its child, and reads the next PDF', async () => {
    const pdfs = reader({ timeLimitMs: 3_000 });
    await pdfs.extract(textPdf(['Warm']));
    const stuck = pdfs.pid!;
    const reading = pdfs.extract(textPdf(['Never answered']));
    process.kill(stuck, 'SIGSTOP'); // as a pdf.js stuck in a hostile PDF: no answer ever comes
    await expect(reading).rejects.toThrow('reading it took longer than 3 s');
    await gone(stuck);
    expect((await pdfs.extract(textPdf(['After the timeout']))).text).toBe('After the timeout');
  });

  it('gives up on a first page that takes longer to draw than the limit, and draws the next', async () => {
    const pdfs = reader({ timeLimitMs: 1_000 });
    // 400,000 fills of the whole page: about 23 s of drawing here (200,000 took 11.8 s), so still
    // many times the limit on a much faster machine (20,000 drew in under 2 s on the CI machine).
    const slow = packedPdf(Buffer.from('0.5 g 0 0 612 792 re f\n'.repeat(400_000)));
    const size = { width: 800, maxHeight: 2000, quality: 85 };
    const started = performance.now();
    await expect(pdfs.firstPage(slow, size)).rejects.toThrow('reading it took longer than 1 s');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await pdfs.firstPage(textPdf(['After the timeout']), size)).width).toBe(800);
  });

  // Two small hostile PDFs: 60 KB that unpack into an array of 30 million numbers (JavaScript objects,
  // the heap), and 5 MB that unpack into 1 GB of spaces (bytes pdf.js holds outside the heap).
  const heapBomb = () => packedPdf(Buffer.from(`BT /F1 12 Tf [${'0 '.repeat(30_000_000)}] TJ ET`));
  const bytesBomb = () =>
    packedPdf(Buffer.concat([Buffer.from('BT /F1 12 Tf (Bomb) Tj ET\n'), Buffer.alloc(1024 ** 3, ' ')]));

  it('ends the child, not this process, when a PDF needs more heap than its limit', async () => {
    const pdfs = reader({ heapMb: 64, memoryMb: 8_000 });
    await expect(pdfs.extract(heapBomb())).rejects.toThrow(
      'it needed more memory than the PDF process may use (a 64 MB heap)',
    );
    expect((await pdfs.extract(textPdf(['Small enough']))).text).toBe('Small enough');
  });

  it.runIf(process.platform === 'linux')(
    'kills the child when a PDF takes more memory than its limit outside the heap',
    async () => {
      const pdfs = reader({ memoryMb: 300 });
      await pdfs.extract(textPdf(['Warm']));
      const pid = pdfs.pid!;
      let peak = 0;
      const watch = setInterval(() => (peak = Math.max(peak, rssMb(pid) || 0)), 20);
      try {
        await expect(pdfs.extract(bytesBomb())).rejects.toThrow(
          'it needed more memory than the PDF process may use (300 MB)',
        );
      } finally {
        clearInterval(watch);
      }
      // The test samples the child's memory every 20 ms and the child is killed within 100 ms of
      // passing 300 MB, so the last sample may fall short of the limit: it shows the child grew far
      // past its idle size (about 100 MB), the error above says why it was stopped.
      expect(peak).toBeGreaterThan(200);
      expect(peak).toBeLessThan(1_000); // looked at every 100 ms: far from the 2 GB it takes unwatched
      expect(alive(pid)).toBe(false);
      expect((await pdfs.extract(textPdf(['Small enough']))).text).toBe('Small enough');
    },
  );

  it('ends with the server that started it, even while pdf.js is in one long step', async () => {
    // A server of its own (this process is not to be killed): a process that gives the PDF process
    // a PDF that holds pdf.js in one step for seconds (an array of 15 million numbers), then is killed.
    const script = `
      import { PdfProcess, PDF_LIMITS } from ${JSON.stringify(import.meta.resolve('./pdfProcess.ts'))};
      import { packedPdf, textPdf } from ${JSON.stringify(import.meta.resolve('../testing/textPdf.ts'))};
      const pdfs = new PdfProcess({ ...PDF_LIMITS, heapMb: 4096, memoryMb: 8000 });
      await pdfs.extract(textPdf(['Warm']));
      void pdfs.extract(packedPdf(Buffer.from(\`BT /F1 12 Tf [\${'0 '.repeat(15_000_000)}] TJ ET\`)));
      process.send(pdfs.pid);
      setInterval(() => undefined, 1000);`;
    const server = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), '--input-type=module', '--eval', script],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    const [reader] = (await once(server, 'message')) as [number];
    await new Promise((r) => setTimeout(r, 1_000)); // well into the array
    server.kill('SIGKILL');
    const killed = performance.now();
    await eventually(() => !alive(reader), 10_000, 'the PDF process to end');
    // Its IPC channel's end is not heard until the array is read (10 s more); its watch is quicker.
    expect(performance.now() - killed).toBeLessThan(4_000);
  });

  it('ends an idle child, and a closed one; a later PDF starts a new child', async () => {
    const pdfs = reader({ idleMs: 200 });
    await pdfs.extract(textPdf(['Then idle']));
    const idle = pdfs.pid!;
    await gone(idle);
    expect(pdfs.pid).toBeUndefined();
    await pdfs.extract(textPdf(['Again']));
    const closed = pdfs.pid!;
    await pdfs.close();
    expect(alive(closed)).toBe(false);
    expect((await pdfs.extract(textPdf(['Read again']))).text).toBe('Read again');
  });

  it('reads a PDF that comes just as an idle child is being ended, in a new child', async () => {
    const pdfs = reader({ idleMs: 300 });
    await pdfs.extract(textPdf(['Before the idle end']));
    const idle = pdfs.pid!;
    // A timer of the same length set later fires right after the idle end, in the same turn: the
    // child has been told to end and has not yet closed.
    let next: Promise<{ text: string }> | undefined;
    await new Promise<void>((sent) =>
      setTimeout(() => {
        next = pdfs.extract(textPdf(['Just in time']));
        sent();
      }, 300),
    );
    expect((await next!).text).toBe('Just in time');
    expect(pdfs.pid).not.toBe(idle);
    expect(alive(idle)).toBe(false);
  });
});

describe('PdfTexts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cms-pdf-text-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const BLOB = (n: number) => String(n).padStart(40, '0');

  it('keeps the text of a PDF, and no text for a broken one, saying why in the log', async () => {
    const files: Record<string, Buffer> = {
      'research/good.pdf': textPdf(['Quillwort findings']),
      'research/broken.pdf': Buffer.from('%PDF-1.4\nthis is not the rest of a PDF'),
    };
    const logged: string[] = [];
    const texts = new PdfTexts(
      dir,
      (rel) => Promise.resolve(files[rel] ?? null),
      (m) => logged.push(m),
      reader(),
    );
    // A temporary file a killed server left while keeping a text is removed.
    await writeFile(path.join(dir, `${BLOB(9)}.txt.4242.tmp`), 'half');
    expect(await texts.text('research/good.pdf', BLOB(1))).toBe('Quillwort findings');
    expect(await texts.text('research/broken.pdf', BLOB(2))).toBe('');
    expect(logged).toEqual([
      expect.stringMatching(
        /^Could not read the text of research\/broken\.pdf for search \(.+\); it is searched without it\.$/,
      ),
    ]);
    expect((await readdir(dir)).sort()).toEqual([`${BLOB(1)}.txt`, `${BLOB(2)}.txt`]);
    expect(await readFile(path.join(dir, `${BLOB(1)}.txt`), 'utf8')).toBe('Quillwort findings');
  });

  it('counts a PDF whose child was killed as having no text, and reads the next PDF', async () => {
    const logged: string[] = [];
    const pdfs = reader();
    const big = bigPdf();
    const read = (rel: string) => {
      if (rel !== 'big.pdf') return Promise.resolve(textPdf(['Next one']));
      // Once its bytes have gone to the child (what follows this read runs before any immediate).
      setImmediate(() => process.kill(pdfs.pid!, 'SIGKILL'));
      return Promise.resolve(big);
    };
    const texts = new PdfTexts(dir, read, (m) => logged.push(m), pdfs);
    await texts.text('warm.pdf', BLOB(3));
    const reading = texts.text('big.pdf', BLOB(4));
    expect(await reading).toBe('');
    expect(logged.join('\n')).toContain('stopped by SIGKILL');
    expect(await texts.text('next.pdf', BLOB(5))).toBe('Next one');
  });

  it('keeps nothing for a PDF whose reading the server stopped', async () => {
    const logged: string[] = [];
    const texts = new PdfTexts(
      dir,
      () => Promise.resolve(bigPdf()),
      (m) => logged.push(m),
      reader(),
    );
    const reading = texts.text('stopped.pdf', BLOB(6));
    await new Promise((r) => setTimeout(r, 50));
    await texts.close();
    expect(await reading).toBe('');
    expect(logged).toEqual([]);
    expect(await readdir(dir)).not.toContain(`${BLOB(6)}.txt`);
  });
});
