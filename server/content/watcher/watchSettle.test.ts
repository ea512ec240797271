// The watcher's marker files: heard once their event comes back, and, should a crash leave one in
// .git, removed at the next start with the store's own temp files.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { removeTempFiles } from '../../store/durable.ts';
import { eventually } from '../../testing/eventually.ts';
import { EventMarkers } from './watchSettle.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

it('waits for its marker to be heard, and names it so a start removes one left behind', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-markers-'));
  dirs.push(dir);
  const markers = new EventMarkers(dir);
  let back = false;
  const trip = markers.roundTrip(10_000).then(() => (back = true));
  const name = (await eventually(async () => (await readdir(dir))[0], 2_000, 'the marker file'))!;
  expect(markers.heard('HEAD')).toBe(false);
  expect(back).toBe(false);
  // What a start does with a leftover: it is one of the temp files it removes.
  expect(await removeTempFiles(dir)).toEqual([name]);
  expect(markers.heard(name)).toBe(true);
  await trip;
  expect(back).toBe(true);
  expect(await readdir(dir)).toEqual([]);
});
