// ContentWriter directly, on a real site repository: commit messages, merging of partial input, the
// index updated and subscribers told before a save resolves, stale deletes, no-op saves.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { entities } from '../../schema/registry.ts';
import { StaleVersionError } from './writer.ts';
import type { ContentChange } from '../changes.ts';
import { AppError } from '../../schema/errors.ts';

let site: TestSite;
const author = { name: 'Writer Test', email: 'writer@example.org', username: 'writer' };
const git = (...args: string[]) => execFileSync('git', args, { cwd: site.siteDir, encoding: 'utf8' }).trim();
const count = () => Number(git('rev-list', '--count', 'HEAD'));

beforeAll(async () => {
  site = await startTestSite({ watch: false });
});
afterAll(async () => {
  await site?.stop();
});

describe('commit messages', () => {
  it('collapse whitespace in the title and shorten it at a word, with an ellipsis, within 72 characters', async () => {
    const title = `A   very long title\nthat goes on ${'and on '.repeat(12)}`;
    const { item } = await site.deps.writer.save({
      def: entities.news,
      input: { title },
      uploads: [],
      author,
    });
    const subject = git('log', '-1', '--format=%B');
    expect(subject).toMatch(
      new RegExp(`^news: create ${item.id} "A very long title that goes on (and on )*and on…"$`),
    );
    expect(subject.length).toBeLessThanOrEqual(72);
    expect(git('log', '-1', '--format=%an <%ae>')).toBe('Writer Test <writer@example.org>');
  });

  it('name the fields an update changed in the body, in declaration order', async () => {
    const { item } = await site.deps.writer.save({
      def: entities.news,
      input: { title: 'Fields named', when_date: '2026-01-02' },
      uploads: [],
      author,
    });
    await site.deps.writer.save({
      def: entities.news,
      id: item.id,
      input: { when_date: '2026-02-03', title: 'Fields named again' },
      uploads: [],
      author,
    });
    expect(git('log', '-1', '--format=%B')).toBe(
      `news: update ${item.id} "Fields named again"\n\nFields: title, when_date`,
    );
  });

  it('never cut a word: a title of one long word is shortened with an ellipsis', async () => {
    const { item } = await site.deps.writer.save({
      def: entities.news,
      input: { title: 'x'.repeat(100) },
      uploads: [],
      author,
    });
    const subject = git('log', '-1', '--format=%s');
    expect(subject.length).toBe(72);
    expect(subject.endsWith('x…"')).toBe(true);
    expect(subject.startsWith(`news: create ${item.id} "`)).toBe(true);
  });

  it('name a singleton by its entity name, without id or title', async () => {
    await site.deps.writer.save({
      def: entities.footer,
      input: { legal_notice: 'Footer from the writer test' },
      uploads: [],
      author,
    });
    expect(git('log', '-1', '--format=%s')).toBe('footer: update');
  });
});

describe('saving', () => {
  it('merges partial input into the stored item; unknown, reserved and media keys are ignored', async () => {
    const { item: created } = await site.deps.writer.save({
      def: entities.eventCard,
      input: { title: 'Merge me', who: 'Teachers', what: 'Body' },
      uploads: [],
      author,
    });
    const { item } = await site.deps.writer.save({
      def: entities.eventCard,
      id: created.id,
      author,
      uploads: [],
      input: {
        who: 'Counselors',
        nonsense: 'x',
        id: '999',
        version: 'x',
        message: 'm',
        timestamp: '1',
        flyer_link: '/f',
      },
    });
    expect(item.id).toBe(created.id);
    expect(item.data).toMatchObject({
      title: 'Merge me',
      who: 'Counselors',
      what: 'Body',
      flyer_link: '/f',
      display_event: 'everywhere',
      major_event_associated: 'None',
    });
    expect(item.data).not.toHaveProperty('nonsense');
    const text = git('show', `HEAD:content/event-cards/${created.id}.md`);
    expect(text).not.toMatch(/nonsense|version|timestamp|^id:/m);

    const withMedia = await site.deps.writer.save({
      def: entities.profile,
      input: { name: 'No Upload', headshot: 'media/papers/1.pdf' },
      uploads: [],
      author,
    });
    expect(withMedia.item.data.headshot).toBe('');
  });

  it('has the index updated and subscribers told before the save resolves', async () => {
    const changes: string[][] = [];
    const off = site.deps.index.changes.on((change) => changes.push([...change.entities]));
    try {
      const { item, created } = await site.deps.writer.save({
        def: entities.news,
        input: { title: 'Seen at once' },
        uploads: [],
        author,
      });
      expect(created).toBe(true);
      expect(site.deps.index.get(entities.news, item.id)?.data.title).toBe('Seen at once');
      expect(changes).toEqual([['news']]);
      expect(await site.deps.store.head()).toBe(git('rev-parse', 'HEAD'));
      expect(git('show', `HEAD:content/news/${item.id}.md`)).toContain('title: Seen at once');
    } finally {
      off();
    }
  });

  it('makes no commit and names no changed entity when nothing changed', async () => {
    const current = site.deps.index.get(entities.footer)!;
    const before = count();
    const changes: ContentChange[] = [];
    const off = site.deps.index.changes.on((n) => changes.push(n));
    try {
      const { item, created } = await site.deps.writer.save({
        def: entities.footer,
        input: { legal_notice: String(current.data.legal_notice) },
        uploads: [],
        author,
        version: current.version,
      });
      expect(created).toBe(false);
      expect(item.version).toBe(current.version);
    } finally {
      off();
    }
    expect(count()).toBe(before);
    // The one event says only that it was asked for (the audit log records it); caches and open
    // pages, which act on the entities a change names, have nothing to do.
    expect(changes).toEqual([
      { kind: 'unchanged', asked: 'saved', entity: 'footer', ids: ['1'], entities: new Set(), author },
    ]);
  });

  it('assigns the next id as the largest plus one, also after a delete of the largest', async () => {
    const ids = site.deps.index.list(entities.statePolicy).map((i) => Number(i.id));
    const max = Math.max(...ids);
    const { item } = await site.deps.writer.save({
      def: entities.statePolicy,
      input: { title: 'T', text: 'x', implementation: 'not-implemented' },
      uploads: [],
      author,
    });
    expect(item.id).toBe(String(max + 1));
    expect(item.data.implementation).toBe('not-implemented');
    expect(git('show', `HEAD:content/state-policies/${item.id}.md`)).toContain(
      'implementation: not-implemented',
    );
  });
});

describe('deleting', () => {
  it('refuses a stale version with StaleVersionError carrying the current item, and an unknown id with 404', async () => {
    const { item } = await site.deps.writer.save({
      def: entities.news,
      input: { title: 'Delete me' },
      uploads: [],
      author,
    });
    const { item: edited } = await site.deps.writer.save({
      def: entities.news,
      id: item.id,
      input: { title: 'Delete me (edited)' },
      uploads: [],
      author,
    });
    const before = count();
    const stale = await site.deps.writer
      .remove(entities.news, item.id, author, item.version)
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(StaleVersionError);
    expect((stale as StaleVersionError).status).toBe(409);
    expect((stale as StaleVersionError).current.version).toBe(edited.version);
    expect(count()).toBe(before);

    await site.deps.writer.remove(entities.news, item.id, author, edited.version);
    expect(count()).toBe(before + 1);
    expect(git('log', '-1', '--format=%s')).toBe(`news: delete ${item.id} "Delete me (edited)"`);
    const missing = await site.deps.writer.remove(entities.news, item.id, author).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).status).toBe(404);
  });
});
