// Drafts benchmark (npm run bench:drafts): what staff wait for once drafts exist, on the bench's
// site of 10,000 news items and 1,000 commits, the built server (as npm start runs it) in its own
// process. In one run:
// - public reads (GET /news and /api/news.php, signed out) before any draft, and again with 50 open
//   drafts, interleaved the same way: open drafts must not slow visitors;
// - saves into a draft beside saves to the live site (HTTP PUT of a news item, alternating, each a
//   different item): a draft save must be no slower than a live save (its anchor);
// - the preview of /news and of the draft's read of /api/news.php with 50 drafts open, warm (the
//   draft unchanged since the last look), beside the live /news page in the same loop.
// Env: BENCH_DRAFTS (default 50), BENCH_ROUNDS (default 40).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, startServer } from '../drill/serverProcess.ts';
import { machine, percentile, runMain, table } from './fixtures.ts';
import { ITEMS, buildRepository } from './siteRepo.ts';

const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

interface Timed {
  label: string;
  ms: number[];
}
const stats = (t: Timed) => {
  const s = [...t.ms].sort((a, b) => a - b);
  return [t.label, percentile(s, 50).toFixed(1), percentile(s, 95).toFixed(1), percentile(s, 99).toFixed(1)];
};

async function main() {
  console.log(`Drafts benchmark: ${ITEMS.toLocaleString('en-US')} news items, ${DRAFTS} open drafts`);
  console.log(machine());
  console.log(`load average before: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-drafts-'));
  try {
    const dataDir = path.join(tmp, 'data');
    await mkdir(dataDir);
    buildRepository(path.join(dataDir, 'site'));
    const s = await startServer(dataDir, { entry: 'built' });
    try {
      const url = s.url;
      const login = await fetch(`${url}/api/login.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify(ADMIN),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const staff = { cookie, origin: url, 'content-type': 'application/json' };
      const time = async (path: string, init: RequestInit = {}) => {
        const started = performance.now();
        const res = await fetch(url + path, init);
        await res.arrayBuffer();
        if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
        return performance.now() - started;
      };
      const publicReads = async (label: string) => {
        const page: Timed = { label: `GET /news (public) ${label}`, ms: [] };
        const api: Timed = { label: `GET /api/news.php?page=1&size=25 (public) ${label}`, ms: [] };
        for (let i = 0; i < ROUNDS * 3; i++) {
          page.ms.push(await time('/news'));
          api.ms.push(await time('/api/news.php?page=1&size=25'));
        }
        return [page, api];
      };
      for (let i = 0; i < 10; i++) await time('/news'); // first renders, caches
      const before = await publicReads('with no drafts');

      // 50 drafts, each with three changed news items.
      const drafts: string[] = [];
      for (let d = 0; d < DRAFTS; d++) {
        const made = await fetch(`${url}/api/drafts`, {
          method: 'POST',
          headers: staff,
          body: JSON.stringify({ title: `Bench draft ${d}` }),
        });
        const id = ((await made.json()) as { id: string }).id;
        drafts.push(id);
        for (let k = 0; k < 3; k++)
          await time(`/api/news.php?id=${1 + d * 3 + k}&draft=${id}`, {
            method: 'PUT',
            headers: staff,
            body: JSON.stringify({ title: `Draft ${d} edit ${k}` }),
          });
      }
      const after = await publicReads(`with ${DRAFTS} open drafts`);

      // Saves: live and into a draft, alternating, each on an item of its own.
      const live: Timed = { label: 'save to the live site (anchor)', ms: [] };
      const intoDraft: Timed = { label: 'save into a draft', ms: [] };
      for (let i = 0; i < ROUNDS; i++) {
        const item = 5000 + i * 2;
        live.ms.push(
          await time(`/api/news.php?id=${item}`, {
            method: 'PUT',
            headers: staff,
            body: JSON.stringify({ title: `Live save ${i}` }),
          }),
        );
        intoDraft.ms.push(
          await time(`/api/news.php?id=${item + 1}&draft=${drafts[i % DRAFTS]}`, {
            method: 'PUT',
            headers: staff,
            body: JSON.stringify({ title: `Draft save ${i}` }),
          }),
        );
      }

      // Previews, warm: each draft looked at once, then timed while nothing changes.
      const target = drafts[0]!;
      await time(`/preview/${target}/news`, { headers: { cookie } });
      await time(`/api/news.php?draft=${target}&page=1&size=25`, { headers: { cookie } });
      const preview: Timed = { label: `GET /preview/<draft>/news (warm, ${DRAFTS} drafts open)`, ms: [] };
      const draftRead: Timed = { label: 'GET /api/news.php?draft=<draft>&page=1&size=25 (warm)', ms: [] };
      const livePage: Timed = { label: 'GET /news (public, same loop)', ms: [] };
      const firstLook: Timed = { label: 'GET /preview/<draft>/news, first look at a draft', ms: [] };
      for (let i = 0; i < ROUNDS; i++) {
        preview.ms.push(await time(`/preview/${target}/news`, { headers: { cookie } }));
        draftRead.ms.push(
          await time(`/api/news.php?draft=${target}&page=1&size=25`, { headers: { cookie } }),
        );
        livePage.ms.push(await time('/news'));
      }
      for (const id of drafts.slice(1, 21))
        firstLook.ms.push(await time(`/preview/${id}/news`, { headers: { cookie } }));

      console.log('');
      console.log(
        table([
          ['', 'p50 ms', 'p95 ms', 'p99 ms'],
          ...[...before, ...after, live, intoDraft, livePage, preview, draftRead, firstLook].map(stats),
        ]),
      );
      const p50 = (t: Timed) =>
        percentile(
          [...t.ms].sort((a, b) => a - b),
          50,
        );
      console.log('');
      console.log(
        `goal: preview warm ≤ 100 ms → ${p50(preview) <= 100 ? 'MET' : 'MISSED'} (p50 ${p50(preview).toFixed(1)} ms)`,
      );
      console.log(
        `goal: a draft save no slower than a live save → ${p50(intoDraft) <= p50(live) * 1.1 ? 'MET' : 'MISSED'} ` +
          `(${p50(intoDraft).toFixed(1)} vs ${p50(live).toFixed(1)} ms)`,
      );
      console.log(
        `public /news p50 with no drafts ${p50(before[0]!).toFixed(1)} ms, with ${DRAFTS} drafts ${p50(after[0]!).toFixed(1)} ms`,
      );
      console.log(`load average after: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
    } finally {
      await s.stop();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

runMain(main);
