// The parse cache: a second start parses only files it has not seen, and serves what parsing gives;
// a cache written by other code is not used.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { entities } from '../../schema/registry.ts';
import { ContentIndex } from './contentIndex.ts';
import { asciiJson, ParseCache } from './parseCache.ts';
import { PROJECT_ROOT } from '../../config.ts';
import * as fileFormat from './fileFormat.ts';

let site: TestSite;
let dir: string;
beforeAll(async () => {
  site = await startTestSite({ watch: false });
  dir = await mkdtemp(path.join(tmpdir(), 'cms-cache-'));
});
afterAll(async () => {
  await site?.stop();
  await rm(dir, { recursive: true, force: true });
});

type Saved = { fingerprint: string; entities: Record<string, unknown[]> };
const MARK = 'Not what the file says';
/** Changes the first news item's title in a saved cache. */
const mark = (saved: Saved) => {
  const news = saved.entities.news!;
  news[1] = { ...(news[1] as object), title: MARK };
};

const loadWith = async (file: string) => {
  const index = new ContentIndex(site.deps.store, () => undefined);
  const cache = new ParseCache(file, PROJECT_ROOT);
  await index.load(cache);
  await cache.save();
  return index;
};

it('a second load parses nothing it has seen, and serves the same items', async () => {
  const file = path.join(dir, 'cache.json');
  const spy = vi.spyOn(fileFormat, 'parseItemFile');
  const first = await loadWith(file);
  const parsedFirst = spy.mock.calls.length;
  expect(parsedFirst).toBeGreaterThan(40);
  spy.mockClear();
  const second = await loadWith(file);
  expect(spy.mock.calls.length).toBe(0);
  for (const def of [entities.news, entities.eventCard, entities.footer])
    expect(second.list(def)).toEqual(first.list(def));
  spy.mockRestore();
});

it('a cache made by other code (another fingerprint) is not used', async () => {
  const file = path.join(dir, 'other.json');
  await loadWith(file);
  const saved = JSON.parse(await readFile(file, 'utf8')) as Saved;
  mark(saved);
  await writeFile(file, JSON.stringify({ ...saved, fingerprint: 'another version of the code' }));
  const index = await loadWith(file);
  expect(index.list(entities.news).map((n) => n.data.title)).not.toContain(MARK);
});

it('is written as one ASCII JSON text, as JSON.stringify writes it with \\u escapes', async () => {
  const file = path.join(dir, 'text.json');
  await loadWith(file);
  const text = await readFile(file, 'utf8');
  const saved = JSON.parse(text) as Saved;
  expect(saved.entities.news!.length / 2).toBe(5);
  expect(Object.values(saved.entities).reduce((n, list) => n + list.length / 2, 0)).toBeGreaterThan(40);
  expect(text).toMatch(/^[\x20-\x7e]*$/);
  expect(text).toBe(asciiJson(JSON.stringify(saved)));
});

it('a torn cache, or one of the earlier form, is not used: every file is parsed again', async () => {
  const file = path.join(dir, 'torn.json');
  const first = await loadWith(file);
  const whole = await readFile(file, 'utf8');
  const saved = JSON.parse(whole) as Saved;
  // The form before: one object keyed `entity:blob`, with this code's fingerprint.
  const entries = Object.fromEntries(
    Object.entries(saved.entities).flatMap(([entity, list]) =>
      list.flatMap((x, i) => (i % 2 ? [] : [[`${entity}:${String(x)}`, list[i + 1]]])),
    ),
  );
  const wrongShape = { ...saved, entities: { ...saved.entities, news: [{ title: MARK }] } };
  for (const text of [
    whole.slice(0, Math.floor(whole.length / 2)),
    JSON.stringify({ fingerprint: saved.fingerprint, entries }),
    JSON.stringify(wrongShape),
  ]) {
    await writeFile(file, text);
    const spy = vi.spyOn(fileFormat, 'parseItemFile');
    const index = await loadWith(file);
    expect(spy.mock.calls.length).toBeGreaterThan(40);
    spy.mockRestore();
    expect(index.list(entities.news)).toEqual(first.list(entities.news));
  }
});

it('keeps any text as it was: characters past ASCII, lines separators, astral letters', async () => {
  const file = path.join(dir, 'unit.json');
  const data = { title: 'Café “Año” – 日本 😀 \ud800 \u2028 \\u00e9 "q" \u0000', n: 1, list: [{ a: 'ü' }] };
  const cache = new ParseCache(file, PROJECT_ROOT);
  cache.set('news', 'b1', data);
  cache.set('news.words', 'b2', { title: 'Ω' });
  await cache.save();
  const again = new ParseCache(file, PROJECT_ROOT);
  await again.load();
  expect(again.get('news', 'b1')).toEqual(data);
  expect(again.get('news.words', 'b2')).toEqual({ title: 'Ω' });
  expect(again.get('news', 'b2')).toBeUndefined();
});

it('is written once the server listens, and a stop right after the start still leaves it for the next one', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-cache-stop-'));
  try {
    const first = await startTestSite({ dataDir, watch: false });
    await first.stop(); // at once: the cache is still being written
    const privateFiles = await readdir(path.join(dataDir, 'private'));
    expect(privateFiles).toContain('parse-cache.json');
    expect(privateFiles.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const spy = vi.spyOn(fileFormat, 'parseItemFile');
    const second = await startTestSite({ dataDir, watch: false });
    expect(spy.mock.calls.length).toBe(0);
    spy.mockRestore();
    await second.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('a start from the cache answers listings and pages byte for byte as a start that parsed every file', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-cache-same-'));
  const reads = [
    '/api/news.php',
    '/api/events.php',
    '/api/resources.php',
    '/api/state_policies.php',
    '/api/spotlight.php',
    '/api/footer.php',
    '/api/globals.php',
    '/api/get_headder.php',
    '/api/about_us.php',
    '/api/majorevents.php',
  ];
  const answers = (s: TestSite) =>
    Promise.all(
      reads.map(async (p) => {
        const res = await fetch(s.url + p);
        return `${p} ${res.status} ${await res.text()}`;
      }),
    );
  try {
    const spy = vi.spyOn(fileFormat, 'parseItemFile');
    const uncached = await startTestSite({ dataDir, watch: false });
    expect(spy.mock.calls.length).toBeGreaterThan(40);
    const parsedAnswers = await answers(uncached);
    await uncached.stop();
    spy.mockClear();
    const cached = await startTestSite({ dataDir, watch: false });
    expect(spy.mock.calls.length).toBe(0);
    spy.mockRestore();
    expect(await answers(cached)).toEqual(parsedAnswers);
    await cached.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
