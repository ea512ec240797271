// The audit log as a subscriber of the change pipeline, on a real site (real git, the watcher and
// the schedule clock running): a change a person makes is recorded exactly once, whichever way it
// reached the pipeline; hand edits and the schedule clock are no person's change and are not
// recorded as anyone's.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, TEST_ADMIN, type TestSite } from '../testing/testSite.ts';
import { entities } from '../schema/registry.ts';
import { toZonedIso } from '../schema/siteTime.ts';
import type { AuditEntry } from '../schema/auditEvent.ts';
import type { ContentChange } from '../content/changes.ts';
import { serializeItem } from '../content/index/fileFormat.ts';
import { auditEventOf } from './contentAudit.ts';

let site: TestSite;
const heard: ContentChange[] = [];
let off: () => void;
const head = () => site.git('rev-parse', 'HEAD').trim();
const entries = async (): Promise<AuditEntry[]> => (await site.deps.audit.read()).entries;

beforeAll(async () => {
  site = await startTestSite();
  off = site.deps.index.changes.on((c) => heard.push(c));
});
afterAll(async () => {
  off?.();
  await site?.stop();
});

describe('a change made through the pipeline', () => {
  it('is audited exactly once, by the person who asked, with its commit', async () => {
    await site.signIn();
    const before = (await entries()).length;
    const made = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Audited once', when_date: '2026-11-01' },
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const created = head();
    const edited = await site.api(`/api/news.php?id=${id}`, {
      method: 'PUT',
      json: { title: 'Audited twice' },
    });
    expect(edited.status).toBe(200);
    const updated = head();

    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.action, e.entity, e.id, e.commit, e.detail])).toEqual([
      ['save', 'news', id, created, 'created'],
      ['save', 'news', id, updated, 'updated'],
    ]);
    for (const e of added) expect(e).toMatchObject({ who: TEST_ADMIN.username, address: '127.0.0.1' });
  });

  it('is audited even when no route asked for it (the writer called directly)', async () => {
    const before = (await entries()).length;
    const author = { name: 'Script', email: 'script@example.org', username: 'casey' };
    const { item } = await site.deps.writer.save({
      def: entities.news,
      input: { title: 'From the writer', when_date: '2026-11-02' },
      uploads: [],
      author,
    });
    await site.deps.writer.remove(entities.news, item.id, author);
    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.action, e.who, e.id, e.commit, e.detail])).toEqual([
      ['save', 'casey', item.id, expect.stringMatching(/^[0-9a-f]{40}$/), 'created'],
      ['delete', 'casey', item.id, head(), undefined],
    ]);
    expect(added.every((e) => e.address === undefined)).toBe(true);
  });
});

describe('changes no person made here', () => {
  it('a hand edit and the schedule clock are not attributed to anyone', async () => {
    const before = (await entries()).length;
    heard.length = 0;
    await writeFile(
      path.join(site.siteDir, 'content/news/1.md'),
      serializeItem(entities.news, { title: 'Edited by hand', link: '', when_date: '2026-01-05', what: 'x' }),
    );
    await eventually(() => heard.some((c) => c.kind === 'external'), 3000, 'the hand edit');

    // A save whose "Show from" comes a moment later: the save is someone's, the window opening is not.
    const from = Math.ceil((Date.now() + 1500) / 1000) * 1000;
    const { item } = await site.deps.writer.save({
      def: entities.news,
      input: { title: 'Shown soon', show_from: toZonedIso(from) },
      uploads: [],
      author: { name: 'Editor', email: 'editor@example.org', username: 'editor' },
    });
    await eventually(() => heard.some((c) => c.kind === 'schedule'), 5000, 'the schedule');

    expect(heard.map((c) => c.kind)).toEqual(['external', 'saved', 'schedule']);
    const added = (await entries()).slice(before);
    expect(added).toEqual([expect.objectContaining({ action: 'save', who: 'editor', id: item.id })]);
  });

  it('map to no audit entry', () => {
    const news = new Set(['news']);
    expect(auditEventOf({ kind: 'external', entities: news, paths: ['content/news/1.md'] })).toBeNull();
    expect(auditEventOf({ kind: 'schedule', entities: news })).toBeNull();
  });
});
