// Pages benchmark (npm run bench:pages): what a visitor and an editor wait for with staff's pages
// (issue 34), on the starter site with 10,000 generated news items, the server built and run as
// `npm start` runs it (file watcher on), in its own process:
//  - a page of 20 sections (every kind) drawn anew after an editor changed it: the PUT, then the
//    page's GET timed until its last byte. Warm, as an editor works: one section's text changed, the
//    renderer loaded and the other sections' texts drawn before, asked for SETTLE_MS after the save
//    answered (the goal); the same asked for the moment the save answered (the page is drawn while
//    the save's after-work — search, feeds, caches — still runs); and every text of the page new at
//    once (each markdown text is rendered anew, about 1 ms each);
//  - the same page once drawn (warm), beside node:http sending the same bytes (the anchor);
//  - a menu change reaching open pages: BENCH_STREAMS (default 200) /api/stream connections are open;
//    from sending PUT /api/navigation until the last of them has heard it, then until a page's data
//    (GET /page-data/…) shows the new menu item.
// BENCH_CHANGES (default 10) changes of each kind; figures are p50 and max.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entities, itemPath } from '../../server/schema/registry.ts';
import { serializeItem, validateItem } from '../../server/content/index/fileFormat.ts';
import { machine, percentile, runMain, table } from './fixtures.ts';
import { startChild, stopChild } from './cmsChild.ts';
import { capture, openStream, timedGet } from './httpClient.ts';
import { serveCapturedInChild } from './anchorServer.ts';
import { builtServerOn, generatedNewsSite } from './builtSite.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 10);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const WARM_READS = 200;
const PAGE = '/summer-camp';
const HOST = '127.0.0.1';
const RENDER_GOAL_MS = 20;
/** How long after a save's answer the page is asked for: the save's own after-work (search, feeds) done. */
const SETTLE_MS = 500;
const MENU_GOAL_MS = 1000;

/** A long page as staff build one: 20 sections of every kind, 12 of them with markdown. */
function twentySections(mark: string, first = mark): Record<string, unknown>[] {
  const text = (n: number) => ({
    type: 'text',
    body: `## Part ${n} ${n === 1 ? first : mark}\n\nTeachers across the state learn to teach computer science, with **materials**, coaching and a [community](/about).\n\n- Week one: foundations\n- Week two: practice`,
  });
  return [
    text(1),
    { type: 'image', image: 'media/profiles/1.jpg', alt: 'A teacher at a whiteboard', caption: 'Camp 2025' },
    {
      type: 'buttons',
      items: [
        { label: 'Apply now', link: '/contact' },
        { label: 'Read the news', link: '/news' },
      ],
    },
    text(2),
    {
      type: 'cards',
      heading: 'Programs',
      items: [1, 2, 3].map((n) => ({
        title: `Program ${n}`,
        body: `What program ${n} offers ${mark}.`,
        image: `media/profiles/${n}.jpg`,
        link: '/educators',
      })),
    },
    { type: 'list', heading: 'Latest news', source: 'news', count: 6 },
    text(3),
    { type: 'people', heading: 'Coaches', profiles: ['1', '2', '3', '4'] },
    {
      type: 'faq',
      heading: 'Questions',
      items: [1, 2, 3, 4, 5].map((n) => ({
        question: `Question ${n}?`,
        answer: `Answer ${n}, with *detail* ${mark}.`,
      })),
    },
    {
      type: 'video',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: 'Camp in two minutes',
      transcript: `What the video says ${mark}.`,
    },
    text(4),
    { type: 'list', heading: 'Upcoming events', source: 'events', count: 4 },
    text(5),
    { type: 'list', heading: 'Papers', source: 'papers', count: 3 },
    text(6),
    { type: 'buttons', items: [{ label: 'Donate', link: 'https://example.org/donate' }] },
    text(7),
    { type: 'image', image: 'media/profiles/2.jpg', alt: 'Students coding', caption: '' },
    text(8),
    { type: 'faq', heading: '', items: [{ question: 'Is it free?', answer: `Yes ${mark}.` }] },
  ];
}

function pageFile(mark: string): string {
  const checked = validateItem(entities.page, {
    title: 'Summer of CS camp',
    path: PAGE,
    summary: 'A week of computer science for teachers.',
    sections: twentySections(mark),
  });
  if (!checked.ok) throw new Error(`the benchmark's page is not valid: ${checked.error}`);
  return serializeItem(entities.page, checked.data);
}

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), max: sorted[sorted.length - 1]! };
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  console.log(
    `Pages benchmark: a page of 20 sections and a menu change, at ${ITEMS.toLocaleString('en-US')} news items`,
  );
  console.log(machine());
  const { tmp, dataDir, siteDir } = await generatedNewsSite('pages', ITEMS);
  const stops: (() => Promise<void>)[] = [];
  try {
    await mkdir(path.join(siteDir, 'content', 'pages'), { recursive: true });
    await writeFile(path.join(siteDir, itemPath(entities.page, '1')), pageFile('start'));
    const { server, client } = await builtServerOn(
      dataDir,
      siteDir,
      'The starter site with generated news and a page of 20 sections',
    );
    stops.push(() => server.stop());
    const first = await timedGet(server.url + PAGE);
    console.log(
      `first visit of ${PAGE} after the start: ${ms(first.ms)} (${(first.body.length / 1024).toFixed(0)} KiB)`,
    );

    // An editor changes the page; the next visitor waits for it to be drawn.
    const saves: number[] = [];
    const change = async (sections: Record<string, unknown>[], shows: string, pause = SETTLE_MS) => {
      const t = performance.now();
      const saved = await client.call('PUT', '/api/pages?id=1', { sections });
      saves.push(performance.now() - t);
      if (saved.status !== 200)
        throw new Error(`the page's save answered ${saved.status}: ${saved.text.slice(0, 300)}`);
      if (pause) await new Promise((r) => setTimeout(r, pause));
      const got = await timedGet(server.url + PAGE);
      if (!got.body.toString().includes(shows))
        throw new Error('the page drawn after the save does not show it');
      return got.ms;
    };
    const redraw: number[] = [];
    const allNew: number[] = [];
    for (let i = 0; i < CHANGES; i++)
      redraw.push(await change(twentySections('start', `one ${i}`), `one ${i}`));
    const atOnce: number[] = [];
    for (let i = 0; i < CHANGES; i++)
      atOnce.push(await change(twentySections('start', `now ${i}`), `now ${i}`, 0));
    for (let i = 0; i < CHANGES; i++) allNew.push(await change(twentySections(`all ${i}`), `all ${i}`));

    // Warm: the page drawn once, sent again; beside node:http sending the same bytes.
    const captured = await capture(server.url + PAGE, '');
    const base = startChild(fileURLToPath(import.meta.url), 'baseline');
    stops.push(() => stopChild(base.child));
    base.child.send({ [PAGE]: captured });
    const baseUrl = await base.ready;
    const warm = { cms: [] as number[], anchor: [] as number[] };
    for (let i = 0; i < WARM_READS; i++) {
      warm.cms.push((await timedGet(server.url + PAGE)).ms);
      warm.anchor.push((await timedGet(baseUrl + PAGE)).ms);
    }

    // A menu change reaching open pages.
    const streams = Array.from({ length: STREAMS }, () => openStream(server.url));
    stops.push(() => Promise.resolve(streams.forEach((s) => s.close())));
    await new Promise((r) => setTimeout(r, 1000));
    const nav = (await client.call('GET', '/api/navigation')).body as {
      header: Record<string, unknown>[];
      footer: unknown[];
    };
    const heard: number[] = [];
    const shown: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const label = `CAMP ${i}`;
      const all = Promise.all(streams.map((s) => s.next()));
      const t = performance.now();
      const put = await client.call('PUT', '/api/navigation', {
        header: [...nav.header, { label, link: PAGE }],
        footer: nav.footer,
      });
      if (put.status !== 200)
        throw new Error(`the menu's save answered ${put.status}: ${put.text.slice(0, 300)}`);
      await all;
      heard.push(performance.now() - t);
      const data = await fetch(`${server.url}/page-data/about`).then((r) => r.text());
      if (!data.includes(label)) throw new Error('the page data does not show the new menu item');
      shown.push(performance.now() - t);
    }

    const r = stats(redraw);
    const n = stats(allNew);
    const o = stats(atOnce);
    const s = stats(saves);
    const w = stats(warm.cms);
    const a = stats(warm.anchor);
    const h = stats(heard);
    const v = stats(shown);
    console.log(
      table([
        ['what', 'p50', 'max', 'goal'],
        [
          'page of 20 sections drawn after one section changed (GET)',
          ms(r.p50),
          ms(r.max),
          `≤ ${RENDER_GOAL_MS} ms`,
        ],
        ['  asked for the moment the save answered (GET)', ms(o.p50), ms(o.max), ''],
        ['  after every text of it changed at once (GET)', ms(n.p50), ms(n.max), ''],
        ['  the save before it (PUT /api/pages)', ms(s.p50), ms(s.max), ''],
        ['page warm (GET, drawn before)', ms(w.p50), ms(w.max), ''],
        ['  node:http, same bytes', ms(a.p50), ms(a.max), ''],
        [
          `menu change heard by all ${STREAMS} open pages (from the PUT)`,
          ms(h.p50),
          ms(h.max),
          `≤ ${MENU_GOAL_MS} ms`,
        ],
        ['  and a page’s data shows it', ms(v.p50), ms(v.max), `≤ ${MENU_GOAL_MS} ms`],
      ]),
    );
    console.log(`warm page / node:http (p50): ${(w.p50 / a.p50).toFixed(2)}×`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(tmp, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (role === 'baseline') serveCapturedInChild(HOST);
else runMain(main);
