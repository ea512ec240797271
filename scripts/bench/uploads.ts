// Upload benchmark: 40 uploads of a 20 MB PDF sent at once to the real server (10,000 news items),
// first by one signed-in person, then by 20 people (two each), while this process reads
// /api/footer.php one request after another. It reports what the uploads were answered, the server's
// peak resident memory (read from /proc every 50 ms) and the reads' median and p99. Uploads stream to
// private/uploads; a person has 2 uploads in flight at most and the server 6 (429 past them, answered
// before the body is read: the client sees the connection close while it is still sending, 'closed').
// Env: BENCH_ITEMS (default 10000).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { textPdf } from '../../server/testing/textPdf.ts';
import { machine, percentile, runMain, table } from './fixtures.ts';
import { BENCH_PASSWORD, newsStarter, rssMb, runCmsChild, startChild, stopChild } from './cmsChild.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const HOST = '127.0.0.1';
const UPLOADS = 40;
const PDF_MB = 20;

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

/** A real PDF of about `mb` MB: one page of text and a large stream, as an image-heavy paper has. */
const bigPdf = (mb: number) => textPdf(['A large research paper'], mb * 1024 * 1024 - 1024);

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

async function scenario(url: string, pid: number, cookies: string[], pdf: Blob, image: Blob) {
  let peak = rssMb(pid);
  const before = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
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
    Array.from({ length: UPLOADS }, (_, n) => upload(url, cookies[n % cookies.length]!, pdf, image, n)),
  );
  const seconds = (performance.now() - started) / 1000;
  uploading = false;
  await reader;
  clearInterval(sampler);
  reads.sort((a, b) => a - b);
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return { before, peak, after: rssMb(pid), reads, counts, seconds };
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'cms-bench-uploads-'));
  try {
    const starter = path.join(work, 'starter');
    await newsStarter(starter, ITEMS);
    const cms = startChild(fileURLToPath(import.meta.url), 'cms', {
      BENCH_DATA_DIR: path.join(work, 'data'),
      BENCH_STARTER_DIR: starter,
      BENCH_USERS: '20',
    });
    const url = await cms.ready;
    const pid = cms.child.pid!;
    const pdf = new Blob([new Uint8Array(bigPdf(PDF_MB))], { type: 'application/pdf' });
    const png = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = new Blob([new Uint8Array(png)], { type: 'image/png' });
    const one = [await signIn(url, 'admin')];
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(url, `user${i + 1}`)));
    const rows = [
      ['who sends the 40 uploads', 'answers', 'RSS before → peak → after', 'reads p50 / p99', 'time'],
    ];
    for (const [who, cookies] of [
      ['one person', one],
      ['20 people, two each', many],
    ] as const) {
      const r = await scenario(url, pid, [...cookies], pdf, image);
      rows.push([
        who,
        [...r.counts].map(([s, n]) => `${n}× ${s}`).join(', '),
        `${r.before.toFixed(0)} → ${r.peak.toFixed(0)} → ${r.after.toFixed(0)} MB`,
        `${percentile(r.reads, 50).toFixed(1)} / ${percentile(r.reads, 99).toFixed(1)} ms (${r.reads.length} reads)`,
        `${r.seconds.toFixed(1)} s`,
      ]);
    }
    await stopChild(cms.child);
    console.log(machine());
    console.log(`${ITEMS} news items; ${UPLOADS} uploads of a ${PDF_MB} MB PDF sent at once`);
    console.log(table(rows));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice(8);
if (role === 'cms') void runCmsChild(HOST);
else runMain(main);
