// npm run propose-event-dates on a real site repository made from the starter content: it proposes
// dates for the cards whose words name days they lack, changes nothing without --write, and with it
// saves them in one commit through the change pipeline (a second run has nothing left to propose).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitStore } from '../../server/store/gitStore.ts';
import { lockDataDir } from '../../server/dataDirLock.ts';
import { proposeEventDates } from './proposeEventDates.ts';

let dataDir: string;
const commits = () =>
  Number(
    execFileSync('git', ['-C', path.join(dataDir, 'site'), 'rev-list', '--count', 'HEAD'], {
      encoding: 'utf8',
    }),
  );
const card = (id: string) =>
  readFile(path.join(dataDir, 'site', 'content', 'event-cards', `${id}.md`), 'utf8');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'propose-dates-'));
  const root = path.resolve(import.meta.dirname, '../..');
  await GitStore.open(path.join(dataDir, 'site'), {
    starter: { content: path.join(root, 'content'), media: path.join(root, 'media') },
  });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('propose-event-dates', () => {
  it('proposes the last days the starter cards’ words name, and writes nothing without --write', async () => {
    const before = commits();
    const { proposals, commit } = await proposeEventDates(dataDir, { write: false, who: 'test' });
    expect(commit).toBeUndefined();
    expect(proposals.map((p) => [p.when, p.dates])).toEqual([
      ['Saturday, January 9 – Saturday, February 20, 2027', { end_date: '2027-02-20' }],
      ['Monday, June 14 – Friday, June 18, 2027', { end_date: '2027-06-18' }],
      ['Tuesday, June 22 – Thursday, June 24, 2027', { end_date: '2027-06-24' }],
    ]);
    expect(commits()).toBe(before);
  });

  it('with --write saves them in one commit, keeping each card’s words', async () => {
    const before = commits();
    const first = await proposals();
    const { commit } = await proposeEventDates(dataDir, { write: true, who: 'test' });
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(commits()).toBe(before + 1);
    const ids = first.map((p) => p.id);
    for (const id of ids) {
      const text = await card(id);
      expect(text).toMatch(/^end_date: '2027-\d\d-\d\d'$/m);
      expect(text).toMatch(/^when_date: \w+day, /m);
    }
    expect(await card(ids[0]!)).toContain('when_date: Saturday, January 9 – Saturday, February 20, 2027');
    expect((await proposeEventDates(dataDir, { write: false, who: 'test' })).proposals).toEqual([]);
  });

  it('refuses while a server holds the data folder', async () => {
    const lock = await lockDataDir(dataDir, path.join(dataDir, 'private'));
    try {
      await expect(proposeEventDates(dataDir, { write: true, who: 'test' })).rejects.toThrow(
        /Another server/,
      );
    } finally {
      await lock.release();
    }
  });
});

async function proposals() {
  return (await proposeEventDates(dataDir, { write: false, who: 'test' })).proposals;
}
