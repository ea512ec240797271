// Upload benchmark: 40 uploads of a 20 MB PDF sent at once to the real server (10,000 news items),
// first by one signed-in person, then by 20 people (two each), while this process reads
// /api/footer.php one request after another. Each upload's PDF is a different file, so each one saved
// has its text read. It reports what the uploads were answered, the resident memory (read from /proc
// every 50 ms) of the server and, apart, of its PDF process (the child that reads each new PDF's
// text: memory the machine spends too, so the peak of the two together is shown as well), and the
// reads' median and p99, from the first upload until the text of every saved PDF is kept. Uploads
// stream to private/uploads; a person has 2 uploads in flight at most and the server 6 (429 past them,
// answered before the body is read: the client sees the connection close while it is still sending,
// 'closed').
// Env: BENCH_ITEMS (default 10000); BENCH_ENTRY=built runs the built server (npm start's) instead of
// the TypeScript one through tsx, whose loader adds memory of its own.
import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { childProcesses, rssMb } from '../../server/testing/childProcesses.ts';
import { textPdf } from '../../server/testing/textPdf.ts';
import { machine, percentile, runMain, table } from './fixtures.ts';
import { BENCH_PASSWORD, newsStarter, runCmsChild, startCms } from './cmsChild.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
/** BENCH_ENTRY=built: the server as npm start runs it (dist-server/), not from TypeScript through tsx. */
const BUILT = process.env.BENCH_ENTRY === 'built';
const HOST = '127.0.0.1';
const UPLOADS = 40;
const PDF_MB = 20;
/** Past the last answer, how long the PDF process is waited for at most. */
const PDF_WAIT_MS = 60_000;

async function signIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** `UPLOADS` real PDFs of about 20 MB each, different from every other (their text names them): one
 *  page of text and a large stream, as an image-heavy paper has. Kept on disk, sent from there. */
async function bigPdfs(dir: string, round: number): Promise<Blob[]> {
  await mkdir(dir, { recursive: true });
  const blobs = [];
  for (let n = 0; n < UPLOADS; n++) {
    const file = path.join(dir, `paper-${round}-${n}.pdf`);
    await writeFile(file, textPdf([`A large research paper, ${round}.${n}`], PDF_MB * 1024 * 1024 - 1024));
    blobs.push(await openAsBlob(file, { type: 'application/pdf' }));
  }
  return blobs;
}

/** What an upload was answered; 'closed' when the server refused it before reading its body and hung up. */
async function upload(url: string, cookie: string, pdf: Blob, image: Blob, n: number): Promise<string> {
  const form = new FormData();
  form.append('fileName', `Paper ${n}`);
  form.append('studyTitle', 'A study');
  form.append('abstract', 'Short.');
  form.append('publicationDate', '01/02/2026');
  form.append('pdfFile', pdf, 'paper.pdf');
  form.append('firstPage', image, 'page.png');
  // As the admin sends it: media as addresses in the answer, not 27 MB of base64.
  const res = await fetch(`${url}/api/pdf_upload.php?media=url&shape=typed`, {
    method: 'POST',
    headers: { origin: url, cookie },
    body: form,
  }).catch(() => null);
  await res?.arrayBuffer().catch(() => undefined);
  return res ? String(res.status) : 'closed';
}

/** The server's PDF process (server/pdf/pdfProcess.ts), while there is one. */
const pdfProcess = (server: number) => childProcesses(server, 'pdfChild')[0];

/** Peaks of the server's memory, its PDF process's, and the two together, sampled every 50 ms. */
function memorySampler(server: number) {
  const peaks = { server: rssMb(server), pdf: 0, both: 0 };
  let child: number | undefined;
  const sample = () => {
    const own = rssMb(server);
    let pdf = child === undefined ? NaN : rssMb(child);
    if (Number.isNaN(pdf)) {
      child = pdfProcess(server);
      pdf = child === undefined ? 0 : rssMb(child) || 0;
    }
    peaks.server = Math.max(peaks.server, own);
    peaks.pdf = Math.max(peaks.pdf, pdf);
    peaks.both = Math.max(peaks.both, own + pdf);
  };
  sample();
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}

const keptTexts = (dir: string) =>
  readdir(dir).then(
    (names) => names.filter((n) => n.endsWith('.txt')).length,
    () => 0,
  );

async function scenario(
  url: string,
  pid: number,
  cookies: string[],
  files: { pdfs: Blob[]; image: Blob; pdfTextDir: string },
) {
  const { pdfs, image, pdfTextDir } = files;
  const savedBefore = await keptTexts(pdfTextDir);
  const before = rssMb(pid);
  const sampler = memorySampler(pid);
  let uploading = true;
  const reads: number[] = [];
  const reader = (async () => {
    while (uploading) {
      const t = performance.now();
      await (await fetch(`${url}/api/footer.php`)).arrayBuffer();
      reads.push(performance.now() - t);
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(
    pdfs.map((pdf, n) => upload(url, cookies[n % cookies.length]!, pdf, image, n)),
  );
  const seconds = (performance.now() - started) / 1000;
  // The last PDFs' text is read after their uploads were answered: reads and samples go on until the
  // text of every PDF saved so far is kept.
  const saved = statuses.filter((s) => s === '201').length;
  const deadline = performance.now() + PDF_WAIT_MS;
  while ((await keptTexts(pdfTextDir)) < savedBefore + saved && performance.now() < deadline)
    await new Promise((done) => setTimeout(done, 100));
  const read = (await keptTexts(pdfTextDir)) - savedBefore;
  uploading = false;
  await reader;
  const peaks = sampler.stop();
  reads.sort((a, b) => a - b);
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return { before, peaks, after: rssMb(pid), reads, counts, seconds, saved, read };
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'cms-bench-uploads-'));
  try {
    const starter = path.join(work, 'starter');
    await newsStarter(starter, ITEMS);
    const dataDir = path.join(work, 'data');
    const cms = await startCms(fileURLToPath(import.meta.url), {
      dataDir,
      starter,
      built: BUILT,
      env: { BENCH_USERS: '20' },
    });
    const { url, pid } = cms;
    const png = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = new Blob([new Uint8Array(png)], { type: 'image/png' });
    const one = [await signIn(url, 'admin')];
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(url, `user${i + 1}`)));
    const rows = [
      [
        'who sends the 40 uploads',
        'answers',
        'server RSS before → peak → after',
        'PDF process peak',
        'both at once, peak',
        'reads p50 / p99',
        'time',
      ],
    ];
    const pdfTextDir = path.join(work, 'data', 'private', 'pdf-text');
    const rounds: [string, string[]][] = [
      ['one person', one],
      ['20 people, two each', many],
    ];
    for (const [round, [who, cookies]] of rounds.entries()) {
      const pdfs = await bigPdfs(path.join(work, 'pdfs'), round);
      const r = await scenario(url, pid, cookies, { pdfs, image, pdfTextDir });
      await rm(path.join(work, 'pdfs'), { recursive: true, force: true });
      rows.push([
        who,
        [...r.counts].map(([s, n]) => `${n}× ${s}`).join(', '),
        `${r.before.toFixed(0)} → ${r.peaks.server.toFixed(0)} → ${r.after.toFixed(0)} MB`,
        `${r.peaks.pdf.toFixed(0)} MB`,
        `${r.peaks.both.toFixed(0)} MB`,
        `${percentile(r.reads, 50).toFixed(1)} / ${percentile(r.reads, 99).toFixed(1)} ms (${r.reads.length} reads)`,
        `${r.seconds.toFixed(1)} s (texts read: ${r.read}/${r.saved})`,
      ]);
    }
    await cms.stop();
    console.log(machine());
    console.log(`the server ${BUILT ? 'as built (npm start)' : 'from TypeScript through tsx (npm run dev)'}`);
    console.log(`${ITEMS} news items; ${UPLOADS} uploads of a ${PDF_MB} MB PDF sent at once`);
    console.log(table(rows));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice(8);
if (role === 'cms') void runCmsChild(HOST);
else runMain(main);
