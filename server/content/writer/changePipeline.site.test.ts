// The one change pipeline on a real site (real git, real files, the watcher running): every kind of
// change ends in exactly one typed event; a subscriber that throws stops no other; subscribers see
// the same state whatever their order; delete and restore run the same access check and declared
// rules as a save.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../../testing/testSite.ts';
import { entities } from '../../schema/registry.ts';
import { toZonedIso } from '../../schema/siteTime.ts';
import { type AppError } from '../../schema/errors.ts';
import { ChangeFeed, type ContentChange } from '../changes.ts';
import { serializeItem } from '../index/fileFormat.ts';

let site: TestSite;
const heard: ContentChange[] = [];
let off: () => void;
const author = { name: 'Pipeline Test', email: 'pipeline@example.org', username: 'pipeline' };
const head = () => site.git('rev-parse', 'HEAD').trim();
const commits = () => Number(site.git('rev-list', '--count', 'HEAD').trim());
/** The watcher has looked at every file the step wrote: its echo, if there were one, has come. */
const settle = async () => {
  if (!site.deps.watcher) throw new Error('these tests need the file watcher running');
  await site.deps.watcher.settled();
};

beforeAll(async () => {
  site = await startTestSite();
  off = site.deps.index.changes.on((c) => heard.push(c));
});
afterAll(async () => {
  off?.();
  await site?.stop();
});

/** The events a step caused, once the watcher has had time to echo it (it must not). */
async function eventsOf(step: () => Promise<unknown>): Promise<ContentChange[]> {
  heard.length = 0;
  await step();
  await settle();
  return [...heard];
}

describe('every kind of change', () => {
  it('create, update, delete and restore each end in one event: kind, entity, ids, commit, author', async () => {
    const { writer } = site.deps;
    let id = '';
    const [created] = await eventsOf(async () => {
      ({ id } = (
        await writer.save({ def: entities.news, input: { title: 'Piped' }, uploads: [], author })
      ).item);
    }).then((e) => (expect(e).toHaveLength(1), e));
    expect(created).toMatchObject({ kind: 'saved', created: true, entity: 'news', ids: [id], author });
    expect(created!.entities).toEqual(new Set(['news']));
    expect(isCommittedTo(created!)).toBe(head());
    const first = head();

    const updated = await eventsOf(() =>
      writer.save({ def: entities.news, id, input: { title: 'Piped again' }, uploads: [], author }),
    );
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ kind: 'saved', created: false, entity: 'news', ids: [id] });
    expect(isCommittedTo(updated[0]!)).toBe(head());

    const deleted = await eventsOf(() => writer.remove(entities.news, id, author));
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ kind: 'deleted', entity: 'news', ids: [id], author });
    expect(isCommittedTo(deleted[0]!)).toBe(head());
    expect(site.deps.index.get(entities.news, id)).toBeUndefined();

    const restored = await eventsOf(() => writer.restore(entities.news, id, first, author));
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ kind: 'restored', from: first, entity: 'news', ids: [id], author });
    expect(site.deps.index.get(entities.news, id)?.data.title).toBe('Piped');

    // Nothing changed: no commit, and the one event names no changed entity.
    const commitsBefore = commits();
    const none = await eventsOf(() =>
      writer.save({ def: entities.news, id, input: { title: 'Piped' }, uploads: [], author }),
    );
    expect(none).toEqual([
      { kind: 'unchanged', asked: 'saved', entity: 'news', ids: [id], entities: new Set(), author },
    ]);
    const sameAgain = await eventsOf(() => writer.restore(entities.news, id, first, author));
    expect(sameAgain).toEqual([
      {
        kind: 'unchanged',
        asked: 'restored',
        from: first,
        entity: 'news',
        ids: [id],
        entities: new Set(),
        author,
      },
    ]);
    expect(commits()).toBe(commitsBefore);
  });

  it('a renamed event page names the cards it carried in its one event', async () => {
    const { writer } = site.deps;
    const header = `Carrier ${Date.now()}`;
    const page = await writer.save({
      def: entities.majorEvent,
      input: { header, event_description: 'x' },
      uploads: [],
      author,
    });
    const card = await writer.save({
      def: entities.eventCard,
      input: { title: 'Carried', major_event_associated: header },
      uploads: [],
      author,
    });
    const events = await eventsOf(() =>
      writer.save({
        def: entities.majorEvent,
        id: page.item.id,
        input: { header: `${header} renamed` },
        uploads: [],
        author,
      }),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'saved',
      entity: 'majorEvents',
      carried: [{ entity: 'eventCards', ids: [card.item.id] }],
    });
    expect(events[0]!.entities).toEqual(new Set(['majorEvents', 'eventCards']));
  });

  it('a renamed page names both what it carried, sub-pages and redirects, in its one event', async () => {
    const { writer } = site.deps;
    const save = (input: Record<string, unknown>, id?: string) =>
      writer.save({ def: entities.page, id, input, uploads: [], author });
    const parent = await save({ title: 'Programs', path: '/programs', sections: [] });
    const child = await save({ title: 'Camp', path: '/programs/camp', sections: [] });
    const before = commits();
    const events = await eventsOf(() => save({ title: 'Programs', path: '/courses' }, parent.item.id));
    expect(commits()).toBe(before + 1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'saved',
      entity: 'pages',
      ids: [parent.item.id],
      carried: [
        { entity: 'pages', ids: [child.item.id] },
        { entity: 'redirects', ids: ['1'] },
      ],
    });
    expect(events[0]!.entities).toEqual(new Set(['pages', 'redirects']));
    expect(site.deps.index.get(entities.page, child.item.id)?.data.path).toBe('/courses/camp');
  });

  it('a hand edit is one external event; the schedule clock announces its own kind, not a fake save', async () => {
    const file = 'content/news/1.md';
    const external = await eventsOf(async () => {
      await writeFile(
        path.join(site.siteDir, file),
        serializeItem(entities.news, { title: 'By hand', link: '', when_date: '2026-01-05', what: 'x' }),
      );
      // settled() has looked at the edit made before it: the event is there when it resolves.
      await settle();
      expect(heard).toHaveLength(1);
    });
    expect(external).toHaveLength(1);
    expect(external[0]).toMatchObject({ kind: 'external', paths: [file] });
    expect(external[0]!.entities).toEqual(new Set(['news']));

    const from = Math.ceil((Date.now() + 1500) / 1000) * 1000;
    const timed = await eventsOf(async () => {
      await site.deps.writer.save({
        def: entities.news,
        input: { title: 'Timed', show_from: toZonedIso(from) },
        uploads: [],
        author,
      });
      await eventually(() => heard.some((c) => c.kind === 'schedule'), 5000, 'the schedule');
    });
    expect(timed.map((c) => c.kind)).toEqual(['saved', 'schedule']);
    expect(timed[1]).toEqual({ kind: 'schedule', entities: new Set(['news']) });
  });
});

describe('subscribers', () => {
  it('one that throws stops neither the others nor the save', async () => {
    const logged: string[] = [];
    const feed = new ChangeFeed((m) => logged.push(m));
    const got: string[] = [];
    feed.on(() => {
      throw new Error('boom');
    });
    feed.on((c) => got.push(c.kind));
    feed.emit({ kind: 'schedule', entities: new Set(['news']) });
    expect(got).toEqual(['schedule']);
    expect(logged).toEqual([expect.stringContaining('boom')]);

    // On the running site: a throwing subscriber among the app's own ones.
    const offBad = site.deps.index.changes.on(() => {
      throw new Error('a broken subscriber');
    });
    await site.signIn();
    const after: string[] = [];
    const offGood = site.deps.index.changes.on((c) => after.push(c.kind));
    try {
      const res = await site.api('/api/news.php?id=1', { method: 'PUT', json: { title: 'Still saved' } });
      expect(res.status).toBe(200);
      expect(after).toEqual(['saved']);
      // The app's caches heard it too: visitors get the new title.
      const list = (await (await fetch(`${site.url}/api/news.php`)).json()) as {
        id: string;
        title: string;
      }[];
      expect(list.find((n) => String(n.id) === '1')?.title).toBe('Still saved');
    } finally {
      offBad();
      offGood();
    }
  });

  it('registered in any order, they see the same state: the index already holds the change', async () => {
    const { index } = site.deps;
    const views: { version?: string; blob?: string }[][] = [[], [], []];
    // The app's own subscribers came first; of these three, each sees what the others see.
    const offs = views.map((view) =>
      index.changes.on((c) => {
        const id = 'ids' in c ? c.ids[0]! : '';
        view.push({
          version: index.get(entities.news, id)?.version,
          blob: index.blobOf(`content/news/${id}.md`),
        });
      }),
    );
    try {
      const { item } = await site.deps.writer.save({
        def: entities.news,
        input: { title: 'Seen alike' },
        uploads: [],
        author,
      });
      expect(views[0]).toEqual([{ version: item.version, blob: item.fileVersion }]);
      expect(views[1]).toEqual(views[0]);
      expect(views[2]).toEqual(views[0]);
    } finally {
      for (const o of offs) o();
    }
  });
});

describe('delete and restore go the way a save goes', () => {
  it('through the same role check: a contributor may neither delete nor restore on the live site', async () => {
    const { writer } = site.deps;
    const { item } = await writer.save({
      def: entities.news,
      input: { title: 'Guarded' },
      uploads: [],
      author,
    });
    const first = head();
    await writer.save({
      def: entities.news,
      id: item.id,
      input: { title: 'Guarded, edited' },
      uploads: [],
      author,
    });
    const contributor = { ...author, username: 'cora', role: 'contributor' as const };
    const before = commits();
    for (const attempt of [
      () => writer.run(contributor, { kind: 'delete', def: entities.news, id: item.id }),
      () => writer.run(contributor, { kind: 'restore', def: entities.news, id: item.id, commit: first }),
      () =>
        writer.run(contributor, {
          kind: 'bulk',
          def: entities.news,
          updates: [{ id: item.id, input: { title: 'Bulk' } }],
          message: 'news: bulk',
        }),
    ]) {
      const refused = await attempt().catch((e: unknown) => e);
      expect((refused as AppError).status).toBe(403);
    }
    expect(commits()).toBe(before);
    expect(site.deps.index.get(entities.news, item.id)?.data.title).toBe('Guarded, edited');
    const editor = { ...author, role: 'editor' as const };
    await writer.run(editor, { kind: 'restore', def: entities.news, id: item.id, commit: first });
    expect(site.deps.index.get(entities.news, item.id)?.data.title).toBe('Guarded');
    await writer.run(editor, { kind: 'delete', def: entities.news, id: item.id });
    expect(site.deps.index.get(entities.news, item.id)).toBeUndefined();
  });

  it("through the entity's declared rules: a restore may not take a page URL another page holds", async () => {
    const { writer } = site.deps;
    const a = await writer.save({
      def: entities.majorEvent,
      input: { header: 'Page A', event_description: 'x', page_url: '/EventPage3' },
      uploads: [],
      author,
    });
    const withUrl = head();
    await writer.save({
      def: entities.majorEvent,
      id: a.item.id,
      input: { page_url: '' },
      uploads: [],
      author,
    });
    await writer.save({
      def: entities.majorEvent,
      input: { header: 'Page B', event_description: 'y', page_url: '/EventPage3' },
      uploads: [],
      author,
    });
    const before = commits();
    const refused = await writer
      .restore(entities.majorEvent, a.item.id, withUrl, author)
      .catch((e: unknown) => e);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).fields?.page_url).toMatch(/already used by "Page B"/);
    expect(commits()).toBe(before);
  });
});

/** The commit a committed change names (its oid). */
function isCommittedTo(change: ContentChange): string | undefined {
  return 'commit' in change ? change.commit.oid : undefined;
}
