// Languages benchmark (npm run bench:languages): whether a visitor of the Spanish site waits longer
// than one of the English site (issue 36), on the starter site with 10,000 generated news items of
// which every other one is translated (content/news/<id>.es.md), the server built and run as
// `npm start` runs it (file watcher on), in its own process. For each page and read, its English and
// Spanish address side by side in the same run:
//  - the first visit after the start (drawn anew);
//  - the first visit after a change of a news item's words (its English, then its translation: each
//    drawn anew in both languages);
//  - warm: BENCH_READS (default 200) visits, the two addresses taken in turn, and node:http sending the
//    Spanish page's bytes (the anchor).
// Figures are p50 and p99; the ratio is Spanish / English at p50.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, percentile, runMain, table } from './fixtures.ts';
import { startChild, stopChild } from './cmsChild.ts';
import { capture, timedGet } from './httpClient.ts';
import { serveCapturedInChild } from './anchorServer.ts';
import { builtServerOn, generatedNewsSite } from './builtSite.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const READS = Number(process.env.BENCH_READS ?? 200);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 10);
const HOST = '127.0.0.1';
/** English and Spanish addresses a visitor (or the public site's script) asks for. */
const PAIRS: [string, string, string][] = [
  ['the news page', '/news', '/es/news'],
  ['page 40 of the news', '/news/page/40', '/es/news/page/40'],
  ['the home page', '/', '/es'],
  [
    'news list read (typed, media as URLs)',
    '/api/news.php?media=url&shape=typed',
    '/api/news.php?media=url&shape=typed&lang=es',
  ],
];
/** The Spanish words of a generated news item. */
const spanish = (id: number) => `---\ntitle: Noticia ${id} en español\n---\nEl texto de la noticia ${id}.\n`;

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  console.log(
    `Languages benchmark: the Spanish site beside the English one, at ${ITEMS.toLocaleString('en-US')} news items (every other one translated)`,
  );
  console.log(machine());
  const { tmp, dataDir, siteDir } = await generatedNewsSite('languages', ITEMS);
  const stops: (() => Promise<void>)[] = [];
  try {
    for (let id = 1; id <= ITEMS; id += 2)
      await writeFile(path.join(siteDir, 'content', 'news', `${id}.es.md`), spanish(id));
    const { server, client } = await builtServerOn(
      dataDir,
      siteDir,
      'The starter site with generated news, every other item in Spanish',
    );
    stops.push(() => server.stop());

    const first = new Map<string, number>();
    for (const [, en, es] of PAIRS)
      for (const p of [en, es]) first.set(p, (await timedGet(server.url + p)).ms);

    // A news item's words change (the English, then the Spanish): each address is drawn anew.
    const afterChange = new Map<string, number[]>();
    const changed = (p: string, x: number) => afterChange.set(p, [...(afterChange.get(p) ?? []), x]);
    const newest = ITEMS - 1; // odd: translated, and on the news page's first page
    for (let i = 0; i < CHANGES; i++) {
      const lang = i % 2 ? '&lang=es' : '';
      const put = await client.call('PUT', `/api/news.php?id=${newest}${lang}`, { title: `Changed ${i}` });
      if (put.status !== 200) throw new Error(`the save answered ${put.status}: ${put.text.slice(0, 200)}`);
      for (const [, en, es] of PAIRS.slice(0, 1)) {
        changed(en, (await timedGet(server.url + en)).ms);
        changed(es, (await timedGet(server.url + es)).ms);
      }
    }
    const spanishNews = (await timedGet(`${server.url}/es/news`)).body.toString();
    if (!spanishNews.includes('en español') || !spanishNews.includes('lang="es"'))
      throw new Error('the Spanish news page does not show the Spanish words');

    const anchorPath = '/es/news';
    const captured = await capture(server.url + anchorPath, '');
    const base = startChild(fileURLToPath(import.meta.url), 'baseline');
    stops.push(() => stopChild(base.child));
    base.child.send({ [anchorPath]: captured });
    const baseUrl = await base.ready;
    const warm = new Map<string, number[]>();
    const add = (p: string, x: number) => warm.set(p, [...(warm.get(p) ?? []), x]);
    // Pair by pair, the two addresses in turn and each first every other time: what one read leaves
    // behind in the client (a large answer's garbage) falls on both alike.
    for (const [, en, es] of PAIRS) {
      for (let i = 0; i < READS; i++) {
        for (const p of i % 2 ? [es, en] : [en, es]) add(p, (await timedGet(server.url + p)).ms);
        if (es === anchorPath) add('anchor', (await timedGet(baseUrl + anchorPath)).ms);
      }
    }

    const rows: string[][] = [['what', 'English p50 / p99', 'Spanish p50 / p99', 'Spanish / English']];
    for (const [what, en, es] of PAIRS) {
      const [e, s] = [stats(warm.get(en)!), stats(warm.get(es)!)];
      rows.push([
        `${what} (warm)`,
        `${ms(e.p50)} / ${ms(e.p99)}`,
        `${ms(s.p50)} / ${ms(s.p99)}`,
        `${(s.p50 / e.p50).toFixed(2)}×`,
      ]);
      rows.push([
        `  first visit after the start`,
        ms(first.get(en)!),
        ms(first.get(es)!),
        `${(first.get(es)! / first.get(en)!).toFixed(2)}×`,
      ]);
      if (afterChange.has(en)) {
        const [ce, cs] = [stats(afterChange.get(en)!), stats(afterChange.get(es)!)];
        rows.push([
          `  first visit after a change of words`,
          `${ms(ce.p50)} / ${ms(ce.p99)}`,
          `${ms(cs.p50)} / ${ms(cs.p99)}`,
          `${(cs.p50 / ce.p50).toFixed(2)}×`,
        ]);
      }
    }
    const a = stats(warm.get('anchor')!);
    rows.push([`node:http sending ${anchorPath}'s bytes`, '', `${ms(a.p50)} / ${ms(a.p99)}`, '']);
    console.log(table(rows));
    const s = stats(warm.get(anchorPath)!);
    console.log(`warm ${anchorPath} / node:http (p50): ${(s.p50 / a.p50).toFixed(2)}×`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(tmp, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (role === 'baseline') serveCapturedInChild(HOST);
else runMain(main);
