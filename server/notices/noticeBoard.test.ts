// The notice board's file in a real private/ folder: notices kept across a restart, read ones gone
// after 30 days while unread ones stay, at most MAX_NOTICES each (the oldest go), unread message
// notices folded into one, and a damaged file starting over instead of stopping the server.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoticeBoard, NOTICES_FILE } from './noticeBoard.ts';
import { MAX_NOTICES } from '../schema/notifications.ts';

let dir: string;
let clock: Date;
const board = () =>
  new NoticeBoard(
    dir,
    () => clock,
    () => undefined,
  );
const notice = (text: string) => ({ kind: 'comment' as const, text, link: '/admin/drafts/abc' });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cms-notice-board-'));
  clock = new Date('2026-11-01T12:00:00Z');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the notice board', () => {
  it('keeps each person’s notices across a restart, newest first, names matched in any case', async () => {
    const first = board();
    expect(await first.add(['Cora', 'vic', 'cora'], notice('One'))).toEqual(['cora', 'vic']);
    clock = new Date('2026-11-01T12:05:00Z');
    await first.add(['cora'], notice('Two'));
    const again = await board().of('CORA');
    expect(again.unread).toBe(2);
    expect(again.items.map((n) => n.text)).toEqual(['Two', 'One']);
    expect(again.items[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      kind: 'comment',
      text: 'Two',
      link: '/admin/drafts/abc',
      at: '2026-11-01T12:05:00.000Z',
      read: false,
    });
    expect((await board().of('vic')).items.map((n) => n.text)).toEqual(['One']);
  });

  it('keeps a read notice 30 days from when it was read, not from when it came', async () => {
    const b = board();
    await b.add(['cora'], notice('Came long ago'));
    clock = new Date('2026-11-29T12:00:00Z'); // read 28 days after it came
    await b.markRead('cora', { all: true });
    clock = new Date('2026-12-20T12:00:00Z'); // 21 days after it was read, 49 after it came
    await b.add(['vic'], notice('Later'));
    expect((await board().of('cora')).items.map((n) => [n.text, n.read])).toEqual([['Came long ago', true]]);
    clock = new Date('2026-12-30T12:00:00Z'); // 31 days after it was read
    await b.add(['vic'], notice('Later still'));
    expect((await board().of('cora')).items).toEqual([]);
  });

  it('lets read notices go after 30 days and keeps unread ones', async () => {
    const b = board();
    await b.add(['cora'], notice('Read long ago'));
    await b.add(['cora'], notice('Never read'));
    const [, readOne] = (await b.of('cora')).items.reverse();
    await b.markRead('cora', {
      ids: [(await b.of('cora')).items.find((n) => n.text === 'Read long ago')!.id],
    });
    expect(readOne).toBeDefined();
    clock = new Date('2026-12-02T12:00:00Z'); // 31 days on: the next write tidies
    await b.add(['vic'], notice('Later'));
    expect((await board().of('cora')).items.map((n) => n.text)).toEqual(['Never read']);
  });

  it(`keeps at most ${MAX_NOTICES} per person, the oldest going first`, async () => {
    const b = board();
    for (let i = 0; i < MAX_NOTICES + 5; i++) {
      clock = new Date(Date.UTC(2026, 10, 1, 0, i));
      await b.add(['cora'], notice(`Notice ${i}`));
    }
    const { items } = await board().of('cora');
    expect(items).toHaveLength(MAX_NOTICES);
    expect(items.at(-1)!.text).toBe('Notice 5');
  });

  it('folds unread notices of a kind that folds into one, and starts a new one once it is read', async () => {
    const b = board();
    const message = {
      kind: 'message' as const,
      text: 'New message',
      link: '/MessagesAdminPage',
      fold: (n: number) => `${n} new`,
    };
    await b.add(['edith'], message);
    await b.add(['edith'], message);
    await b.add(['edith'], message);
    expect((await b.of('edith')).items.map((n) => n.text)).toEqual(['3 new']);
    await b.markRead('edith', { all: true });
    clock = new Date('2026-11-01T12:01:00Z');
    await b.add(['edith'], message);
    expect((await b.of('edith')).items.map((n) => [n.text, n.read])).toEqual([
      ['New message', false],
      ['3 new', true],
    ]);
  });

  it('starts over from a damaged file, and keeps no half-written notice when the write fails', async () => {
    await writeFile(path.join(dir, NOTICES_FILE), '{"not a list');
    const b = board();
    expect(await b.of('cora')).toEqual({ unread: 0, items: [] });
    const aside = (await readdir(dir)).filter((f) => f.startsWith(`${NOTICES_FILE}.damaged-`));
    expect(aside).toHaveLength(1); // kept aside for whoever wants to look
    expect(await readFile(path.join(dir, aside[0]!), 'utf8')).toBe('{"not a list');
    await b.add(['cora'], notice('After'));
    expect(JSON.parse(await readFile(path.join(dir, NOTICES_FILE), 'utf8'))).toHaveLength(1);
    // The file's place taken by a folder that is not empty: the write fails.
    await rm(path.join(dir, NOTICES_FILE));
    await mkdir(path.join(dir, NOTICES_FILE, 'in-the-way'), { recursive: true });
    await expect(b.add(['cora'], notice('Lost'))).rejects.toThrow();
    expect((await b.of('cora')).items.map((n) => n.text)).toEqual(['After']);
  });
});
