// The import change through the one operation, on a real site: many items of one or many entities in
// one commit that names its source, one `imported` event, every problem of every item told together
// with nothing written, no commit when nothing changed, ids kept when asked, and the role table's rule
// for imports (live: editors; into a draft: contributors too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { entities } from '../../schema/registry.ts';
import type { ContentChange } from '../changes.ts';
import { ImportRefusedError, type ChangeResult, type ImportChange } from './change.ts';
import type { Actor } from '../changes.ts';

let site: TestSite;
const heard: ContentChange[] = [];
const editor: Actor = { name: 'Eddie Editor', email: 'eddie@example.org', username: 'eddie', role: 'editor' };
const contributor: Actor = { name: 'Cora', email: 'cora@example.org', username: 'cora', role: 'contributor' };
const head = () => site.git('rev-parse', 'HEAD').trim();
const run = (who: Actor, change: Omit<ImportChange, 'kind'>): Promise<ChangeResult> =>
  site.deps.writer.run(who, { kind: 'import', ...change });

beforeAll(async () => {
  site = await startTestSite();
  site.deps.index.changes.on((c) => heard.push(c));
});
afterAll(() => site?.stop());

describe('an import', () => {
  it('creates and updates in one commit naming its source, heard as one event', async () => {
    const existing = site.deps.index.list(entities.news)[0]!;
    heard.length = 0;
    const result = await run(editor, {
      source: 'news.csv',
      items: [
        { def: entities.news, input: { title: 'From the spreadsheet, one' } },
        { def: entities.news, input: { title: 'From the spreadsheet, two' } },
        { def: entities.news, id: existing.id, input: { title: 'Renamed by the spreadsheet' } },
      ],
    });
    expect(result.imported).toEqual({ created: 2, updated: 1, removed: 0 });
    const message = site.git('log', '-1', '--format=%B').trim();
    expect(message).toMatch(
      /^news: import 2 new, 1 updated from news\.csv\n\nnews: created \d+, \d+; updated \d+$/,
    );
    expect(site.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toHaveLength(3);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ kind: 'imported', source: 'news.csv', author: editor });
    expect((heard[0] as Extract<ContentChange, { kind: 'imported' }>).items.map((i) => i.action)).toEqual([
      'created',
      'created',
      'updated',
    ]);
    expect(site.deps.index.get(entities.news, existing.id)?.data.title).toBe('Renamed by the spreadsheet');
  });

  it('makes no commit when nothing would change', async () => {
    const item = site.deps.index.list(entities.news)[0]!;
    const before = head();
    const result = await run(editor, {
      source: 'news.json',
      items: [{ def: entities.news, id: item.id, input: { title: item.data.title } }],
    });
    expect(result.commit).toBeUndefined();
    expect(result.imported).toEqual({ created: 0, updated: 0, removed: 0 });
    expect(head()).toBe(before);
  });

  it('tells every problem of every item at once, and writes nothing', async () => {
    const before = head();
    const refused = await run(editor, {
      source: 'bad.csv',
      items: [
        { def: entities.news, input: { title: 'Fine' } },
        { def: entities.news, input: { title: '' } },
        { def: entities.news, id: '999999', input: { title: 'No such item' } },
        { def: entities.news, input: { title: 'Bad date', when_date: 'someday' } },
      ],
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImportRefusedError);
    const problems = (refused as ImportRefusedError).problems;
    expect(problems.map((p) => p.item)).toEqual([1, 2, 3]);
    expect(problems.find((p) => p.item === 2)?.error).toMatch(/There is no news item with id 999999/);
    expect((refused as ImportRefusedError).status).toBe(400);
    expect(head()).toBe(before);
  });

  it('keeps the ids it is given when asked, and removes what it is told to', async () => {
    const doomed = site.deps.index.list(entities.news).at(-1)!;
    const result = await run(editor, {
      source: 'https://old.example.org',
      items: [
        { def: entities.news, id: '4242', input: { title: 'Kept id' }, keepId: true },
        { def: entities.aboutText, input: { our_mission: 'Imported mission' } },
      ],
      remove: [{ def: entities.news, id: doomed.id }],
    });
    expect(result.imported).toEqual({ created: 1, updated: 1, removed: 1 });
    expect(site.deps.index.get(entities.news, '4242')?.data.title).toBe('Kept id');
    expect(site.deps.index.get(entities.news, doomed.id)).toBeUndefined();
    expect(site.git('log', '-1', '--format=%s').trim()).toBe('Import from https://old.example.org');
  });

  it('goes live for editors only; contributors import into a draft', async () => {
    await expect(
      run(contributor, { source: 'x.csv', items: [{ def: entities.news, input: { title: 'Live?' } }] }),
    ).rejects.toMatchObject({
      status: 403,
    });
    const draft = await site.deps.drafts.create('Imported news', contributor);
    const before = head();
    const result = await run(contributor, {
      source: 'news.csv',
      items: [{ def: entities.news, input: { title: 'Only in the draft' } }],
      into: site.deps.drafts.target(draft.id, contributor),
    });
    expect(result.imported?.created).toBe(1);
    expect(head()).toBe(before);
    expect(site.deps.index.list(entities.news).some((n) => n.data.title === 'Only in the draft')).toBe(false);
  });
});
