// A save sent with an older version merges by field: the banner switches and the dashboard form
// write one settings file and must not refuse each other; a real conflict (someone else changed a
// field this save changes) is still 409. A renamed event page takes its cards along in one commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { addEditorAndSignIn, answer, commitCount, expectClean, getOne, git, list } from './writesTestKit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await addEditorAndSignIn(site);
});
afterAll(async () => {
  await site?.stop();
});

const put = (endpoint: string, json: Record<string, unknown>) =>
  answer(site.api(`/api/${endpoint}`, { method: 'PUT', json }));

describe('saves from an older version', () => {
  it('a dashboard save after "Show This Banner" (same file, other field) lands and keeps both', async () => {
    const loaded = await getOne(site, 'globals.php');
    const banner = (await list(site, 'get_headder.php')).find((b) => b.id !== loaded.banner_to_show)!;
    const selected = await put('globals.php?update_type=banner_selected', { banner_to_show: banner.id });
    expect(selected.status).toBe(200);

    const saved = await put('globals.php', {
      dashboard_url: 'https://dash.example.org/a',
      version: loaded.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      banner_to_show: banner.id,
      dashboard_url: 'https://dash.example.org/a',
    });
    expectClean(site);
  });

  it('a field someone else changed since is still a conflict (409 with theirs), nothing written', async () => {
    const loaded = await getOne(site, 'globals.php');
    const theirs = await put('globals.php', {
      dashboard_url: 'https://dash.example.org/theirs',
      version: loaded.version,
    });
    expect(theirs.status).toBe(200);
    const before = commitCount(site);
    const mine = await put('globals.php', {
      dashboard_url: 'https://dash.example.org/mine',
      version: loaded.version,
    });
    expect(mine.status).toBe(409);
    expect(mine.body.current).toMatchObject({ dashboard_url: 'https://dash.example.org/theirs' });
    expect(commitCount(site)).toBe(before);
  });

  it('a full item sent back with only one field changed does not undo the other fields changed since', async () => {
    const card = (await list(site, 'events.php'))[0]!;
    const { id, version, ...fields } = card;
    expect((await put(`events.php?id=${String(id)}`, { who: 'Changed elsewhere', version })).status).toBe(
      200,
    );
    const mine = await put(`events.php?id=${String(id)}`, { ...fields, title: 'Mine', version });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ title: 'Mine', who: 'Changed elsewhere' });
  });

  it('a version this server never saw over is a conflict', async () => {
    const now = await getOne(site, 'globals.php');
    const stale = await put('globals.php', {
      dashboard_url: 'https://x.example.org',
      version: 'f'.repeat(40),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ version: now.version });
  });
});

describe('renaming an event page', () => {
  it('moves the cards that named the old header, in the same commit, and says how many', async () => {
    const page = await answer(
      site.api('/api/majorevents.php', {
        method: 'POST',
        json: { header: 'Spring Huddle', event_description: 'Text' },
      }),
    );
    const pageId = String(page.body.id);
    const card = (title: string, on: string) =>
      answer(
        site.api('/api/events.php', {
          method: 'POST',
          json: { title, major_event_associated: on },
        }),
      );
    const ids = [
      String((await card('One', 'Spring Huddle')).body.id),
      String((await card('Two', 'Spring Huddle')).body.id),
    ];
    const other = String((await card('Elsewhere', 'None')).body.id);

    const before = commitCount(site);
    const renamed = await put(`majorevents.php?id=${pageId}&update_type=full`, {
      header: 'Spring Huddle 2027',
      version: page.body.version,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe('Updated successfully! 2 event cards moved with the renamed page.');
    expect(renamed.body.carried).toEqual({ eventCards: ids });

    expect(commitCount(site)).toBe(before + 1);
    const files = git(site, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort();
    expect(files).toEqual(
      [
        `content/event-cards/${ids[0]}.md`,
        `content/event-cards/${ids[1]}.md`,
        `content/event-pages/${pageId}.md`,
      ].sort(),
    );
    const cards = await list(site, 'events.php');
    for (const id of ids) {
      expect(cards.find((c) => c.id === id)?.major_event_associated).toBe('Spring Huddle 2027');
    }
    expect(cards.find((c) => c.id === other)?.major_event_associated).toBe('None');
    expectClean(site);
  });

  it('a restore of an older header takes the cards back with it', async () => {
    const page = (await list(site, 'majorevents.php')).find((p) => p.header === 'Spring Huddle 2027')!;
    const history = (await (
      await site.api(`/api/history?entity=majorEvents&id=${String(page.id)}`)
    ).json()) as { commits: { oid: string; message: string }[] };
    const created = history.commits.find((c) => c.message.includes('create'))!;
    const restored = await answer(
      site.api('/api/history/restore', {
        method: 'POST',
        json: { entity: 'majorEvents', id: page.id, commit: created.oid },
      }),
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      header: 'Spring Huddle',
      message: 'Restored. 2 event cards moved with the renamed page.',
    });
    const moved = (await list(site, 'events.php')).filter(
      (c) => c.major_event_associated === 'Spring Huddle',
    );
    expect(moved.map((c) => c.title).sort()).toEqual(['One', 'Two']);
    expectClean(site);
  });

  it('leaves the cards alone when another page still has the old header, and says nothing of cards', async () => {
    const make = () =>
      answer(
        site.api('/api/majorevents.php', {
          method: 'POST',
          json: { header: 'Twin Page', event_description: 'Text' },
        }),
      );
    const a = await make();
    await make();
    const cardId = String(
      (
        await answer(
          site.api('/api/events.php', {
            method: 'POST',
            json: { title: 'Twin card', major_event_associated: 'Twin Page' },
          }),
        )
      ).body.id,
    );
    const renamed = await put(`majorevents.php?id=${String(a.body.id)}&update_type=full`, {
      header: 'Twin Renamed',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe('Updated successfully!');
    expect((await list(site, 'events.php')).find((c) => c.id === cardId)?.major_event_associated).toBe(
      'Twin Page',
    );
  });
});
