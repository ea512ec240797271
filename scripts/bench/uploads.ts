// Upload benchmark: 40 uploads of a 20 MB PDF sent at once to the real server (10,000 news items),
// first by one signed-in person, then by 20 people (two each), while visitors (a process of their
// own, over node:http) read /api/footer.php one request after another. Each upload's PDF is a different file, so each one saved
// has its text read. It reports what the uploads were answered, the resident memory (read from /proc
// every 50 ms) of the server and, apart, of its PDF process (the child that reads each new PDF's
// text: memory the machine spends too, so the peak of the two together is shown as well), and the
// reads' median and p99, from the first upload until the text of every saved PDF is kept. Uploads
// stream to private/uploads; a person has 2 uploads in flight at most and the server 6 (429 past them,
// answered before the body is read: the client sees the connection close while it is still sending,
// 'closed').
// A third round is issue 38's: 30 people each upload one 20 MB PDF without its first-page picture (so
// the server draws one) at once, while public reads of /api/news.php (the 10,000-item list) and the
// same bytes from a plain node:http anchor (anchorServer.ts) run side by side; with BENCH_ENTRY=built
// the server's event-loop delay over the round is read too (a module loaded with --import).
// Env: BENCH_ITEMS (default 10000); BENCH_ENTRY=built runs the built server (npm start's) instead of
// the TypeScript one through tsx, whose loader adds memory of its own; BENCH_ROUNDS=drawn runs only
// the third round; BENCH_READ=fetch reads with fetch (undici, which unpacks the answer) rather than
// node:http; BENCH_READERS=here reads from this process, beside the uploads, instead of a process of
// the visitors' own.
import { openAsBlob } from 'node:fs';
import http from 'node:http';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { childProcesses, rssMb } from '../../server/testing/childProcesses.ts';
import { textPdf } from '../../server/testing/textPdf.ts';
import { machine, percentile, runMain, table } from './fixtures.ts';
import { BENCH_PASSWORD, newsStarter, runCmsChild, startChild, startCms, stopChild } from './cmsChild.ts';
import { serveCapturedInChild } from './anchorServer.ts';
import { capture } from './httpClient.ts';
import { installLoopProbe, loopDelay } from './loopDelayProbe.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
/** BENCH_ENTRY=built: the server as npm start runs it (dist-server/), not from TypeScript through tsx. */
const BUILT = process.env.BENCH_ENTRY === 'built';
const HOST = '127.0.0.1';
const UPLOADS = 40;
/** Issue 38's round: this many people, one upload each, no first-page picture sent. */
const DRAWN_PEOPLE = 30;
const READ_PATH = '/api/news.php';
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
async function bigPdfs(dir: string, round: number, count = UPLOADS): Promise<Blob[]> {
  await mkdir(dir, { recursive: true });
  const blobs = [];
  for (let n = 0; n < count; n++) {
    const file = path.join(dir, `paper-${round}-${n}.pdf`);
    await writeFile(file, textPdf([`A large research paper, ${round}.${n}`], PDF_MB * 1024 * 1024 - 1024));
    blobs.push(await openAsBlob(file, { type: 'application/pdf' }));
  }
  return blobs;
}

/** What an upload was answered; 'closed' when the server refused it before reading its body and hung up. */
async function upload(
  url: string,
  cookie: string,
  pdf: Blob,
  image: Blob | null,
  n: number,
): Promise<string> {
  const form = new FormData();
  form.append('fileName', `Paper ${n}`);
  form.append('studyTitle', 'A study');
  form.append('abstract', 'Short.');
  form.append('publicationDate', '01/02/2026');
  form.append('pdfFile', pdf, 'paper.pdf');
  if (image) form.append('firstPage', image, 'page.png');
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

/** As a browser asks: the server sends its compressed copy, and the anchor the same bytes. */
const READ_HEADERS = { 'accept-encoding': 'br, gzip' };

/** One GET over `agent` (a visitor's own connection, apart from the uploads'), its body read whole. */
const get = (url: string, agent: http.Agent) =>
  new Promise<void>((resolve, reject) => {
    http
      .get(url, { agent, headers: READ_HEADERS }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`answered ${res.statusCode}`)),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });

/** Reads `path` one after another until `going()` is false; each read's time in ms, sorted. */
async function readLoop(url: string, path: string, going: () => boolean): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  while (going()) {
    const t = performance.now();
    try {
      if (process.env.BENCH_READ === 'fetch') await (await fetch(url + path)).arrayBuffer();
      else await get(url + path, agent);
    } catch (e) {
      console.error(
        `read of ${url + path} failed after ${(performance.now() - t).toFixed(0)} ms: ${String(e)}`,
      );
      continue;
    }
    times.push(performance.now() - t);
  }
  agent.destroy();
  return times.sort((a, b) => a - b);
}

/**
 * The visitors: a process of their own (as visitors are not the people uploading), reading `path`
 * from each of `urls` side by side until stopped; each url's read times, sorted.
 */
async function visitors(urls: string[], path: string) {
  if (process.env.BENCH_READERS === 'here') {
    // As first measured: in this process, beside the uploads it sends.
    let going = true;
    const loops = Promise.all(urls.map((u) => readLoop(u, path, () => going)));
    return { stop: () => ((going = false), loops) };
  }
  const child = startChild(fileURLToPath(import.meta.url), 'reader');
  await child.ready;
  const times = new Promise<number[][]>((resolve) =>
    child.child.on('message', (m: { times?: number[][] }) => m.times && resolve(m.times)),
  );
  child.child.send({ urls, path });
  return {
    async stop() {
      child.child.send({ stop: true });
      const got = await times;
      await stopChild(child.child);
      return got;
    },
  };
}

function runReader(): void {
  let going = true;
  process.on('message', (m: { urls?: string[]; path?: string; stop?: boolean }) => {
    if (m.stop) going = false;
    if (!m.urls) return;
    const loops = m.urls.map((u) => readLoop(u, m.path!, () => going));
    void Promise.all(loops).then((times) => {
      process.send!({ times });
      process.once('message', () => process.exit(0));
    });
  });
  process.send!({ ready: 'reader' });
}

interface Files {
  pdfs: Blob[];
  /** The first-page picture sent with each PDF; null: none, the server draws one. */
  image: Blob | null;
  pdfTextDir: string;
  readPath: string;
  /** The node:http anchor answering `readPath` with the same bytes, read alongside when given. */
  anchorUrl?: string;
}

async function scenario(url: string, pid: number, cookies: string[], files: Files) {
  const { pdfs, image, pdfTextDir, readPath, anchorUrl } = files;
  const savedBefore = await keptTexts(pdfTextDir);
  const before = rssMb(pid);
  const sampler = memorySampler(pid);
  const loop = loopDelay(pid);
  await loop.reset();
  const reader = await visitors(anchorUrl ? [url, anchorUrl] : [url], readPath);
  const load = [loadavg()[0]!];
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
  const [reads = [], anchorReads = []] = await reader.stop();
  const delay = await loop.read();
  load.push(loadavg()[0]!);
  const peaks = sampler.stop();
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return { before, peaks, after: rssMb(pid), reads, anchorReads, delay, load, counts, seconds, saved, read };
}

const ms = (n: number) => n.toFixed(1);

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'cms-bench-uploads-'));
  const onlyDrawn = process.env.BENCH_ROUNDS === 'drawn';
  try {
    const starter = path.join(work, 'starter');
    await newsStarter(starter, ITEMS);
    const dataDir = path.join(work, 'data');
    // Only the built server is started with BENCH_NODE_ARGS (scripts/drill/serverProcess.ts).
    if (BUILT) await installLoopProbe(work);
    const cms = await startCms(fileURLToPath(import.meta.url), {
      dataDir,
      starter,
      built: BUILT,
      env: { BENCH_USERS: String(DRAWN_PEOPLE) },
    });
    const { url, pid } = cms;
    const png = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = new Blob([new Uint8Array(png)], { type: 'image/png' });
    const one = [await signIn(url, 'admin')];
    const people = await Promise.all(
      Array.from({ length: DRAWN_PEOPLE }, (_, i) => signIn(url, `user${i + 1}`)),
    );
    const many = people.slice(0, 20);
    const anchor = startChild(fileURLToPath(import.meta.url), 'anchor');
    anchor.child.send({ [READ_PATH]: await capture(url + READ_PATH, '', READ_HEADERS) });
    const anchorUrl = await anchor.ready;
    // The read alone first (its compressed copy is made on the first read), 3 s each, for scale.
    const quietFor = (u: string) => {
      const until = performance.now() + 3000;
      return readLoop(u, READ_PATH, () => performance.now() < until);
    };
    const quiet = { cms: await quietFor(url), anchor: await quietFor(anchorUrl) };
    const size = Buffer.from((await capture(url + READ_PATH, '', READ_HEADERS)).body, 'base64').byteLength;
    const rows = [
      [
        'who sends the uploads',
        'answers',
        'server RSS before → peak → after',
        'PDF process peak',
        'both at once, peak',
        'reads p50 / p99',
        'node:http p50 / p99',
        'server loop delay p99 / max',
        'load',
        'time',
      ],
    ];
    const pdfTextDir = path.join(work, 'data', 'private', 'pdf-text');
    const rounds: { who: string; cookies: string[]; count: number; image: Blob | null; readPath: string }[] =
      [
        {
          who: `one person, ${UPLOADS} with pictures`,
          cookies: one,
          count: UPLOADS,
          image,
          readPath: '/api/footer.php',
        },
        {
          who: `20 people, two each, with pictures`,
          cookies: many,
          count: UPLOADS,
          image,
          readPath: '/api/footer.php',
        },
        {
          who: `${DRAWN_PEOPLE} people, one each, no picture`,
          cookies: people,
          count: DRAWN_PEOPLE,
          image: null,
          readPath: READ_PATH,
        },
      ];
    for (const [n, round] of rounds.entries()) {
      if (onlyDrawn && round.image) continue;
      const pdfs = await bigPdfs(path.join(work, 'pdfs'), n, round.count);
      const r = await scenario(url, pid, round.cookies, {
        pdfs,
        image: round.image,
        pdfTextDir,
        readPath: round.readPath,
        anchorUrl: round.readPath === READ_PATH ? anchorUrl : undefined,
      });
      await rm(path.join(work, 'pdfs'), { recursive: true, force: true });
      const p = (xs: number[]) =>
        xs.length ? `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 99))} ms (${xs.length})` : '—';
      rows.push([
        round.who,
        [...r.counts].map(([s, c]) => `${c}× ${s}`).join(', '),
        `${r.before.toFixed(0)} → ${r.peaks.server.toFixed(0)} → ${r.after.toFixed(0)} MB`,
        `${r.peaks.pdf.toFixed(0)} MB`,
        `${r.peaks.both.toFixed(0)} MB`,
        `${round.readPath.slice(5)}: ${p(r.reads)}`,
        p(r.anchorReads),
        r.delay ? `${ms(r.delay.p99)} / ${ms(r.delay.max)} ms` : '—',
        r.load.map((l) => l.toFixed(1)).join(' → '),
        `${r.seconds.toFixed(1)} s (texts read: ${r.read}/${r.saved})`,
      ]);
    }
    await Promise.all([cms.stop(), stopChild(anchor.child)]);
    console.log(machine());
    console.log(`the server ${BUILT ? 'as built (npm start)' : 'from TypeScript through tsx (npm run dev)'}`);
    console.log(`${ITEMS} news items; uploads of a ${PDF_MB} MB PDF each, sent at once`);
    const p = (xs: number[]) => `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 99))} ms (${xs.length})`;
    console.log(
      `${READ_PATH} (${(size / 2 ** 20).toFixed(1)} MB as a browser gets it) read alone, one after another: the server ${p(quiet.cms)}, node:http ${p(quiet.anchor)}`,
    );
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(table(rows));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice(8);
if (role === 'cms') void runCmsChild(HOST);
else if (role === 'anchor') serveCapturedInChild(HOST);
else if (role === 'reader') runReader();
else runMain(main);
