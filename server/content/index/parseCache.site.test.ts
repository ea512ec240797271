// The parse cache: a second start parses only files it has not seen, and serves what parsing gives;
// a cache written by other code is not used.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { entities } from '../../schema/registry.ts';
import { ContentIndex } from './contentIndex.ts';
import { ParseCache } from './parseCache.ts';
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
  const saved = JSON.parse(await readFile(file, 'utf8'));
  const key = Object.keys(saved.entries).find((k) => k.startsWith('news:'))!;
  saved.entries[key] = { ...saved.entries[key], title: 'Not what the file says' };
  await writeFile(file, JSON.stringify({ ...saved, fingerprint: 'another version of the code' }));
  const index = await loadWith(file);
  expect(index.list(entities.news).map((n) => n.data.title)).not.toContain('Not what the file says');
});

it('is written as one JSON text, as JSON.stringify writes it', async () => {
  const file = path.join(dir, 'text.json');
  await loadWith(file);
  const text = await readFile(file, 'utf8');
  const saved = JSON.parse(text) as { fingerprint: string; entries: Record<string, unknown> };
  expect(Object.keys(saved.entries).length).toBeGreaterThan(40);
  expect(text).toBe(JSON.stringify(saved));
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
