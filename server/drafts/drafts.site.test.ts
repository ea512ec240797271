// Drafts end to end over HTTP on a real site repository: nothing saved into a draft reaches any
// public answer, feed, search result or stream before it is published; after, it is everywhere.
// Publishing is one merge commit on main; conflicts with the live site are named and settled field
// by field; review, approval, scheduling, share links and the audit log work as staff rely on.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, eventually, type TestSite } from '../testing/testSite.ts';
import { siteEntities } from '../schema/registry.ts';
import type { EntityDef, Fields } from '../schema/define.ts';
import { isMediaField } from '../schema/fields.ts';
import { NEWS_ATOM_PATH } from '../feeds/newsAtom.ts';
import { EDITOR, answer, file, form, pdfBytes, png } from '../http/routes/writesTestKit.ts';
import { EVENT_PAGE_URLS } from '../schema/entities/majorEvent.ts';
import { mapListParts } from '../schema/listFields.ts';

const MARK = 'LEAKMARK7Q';

let site: TestSite;
const otherCookie = { value: '' };

beforeAll(async () => {
  site = await startTestSite();
  await site.deps.users.add(EDITOR);
  const editor = await site.api('/api/login.php', {
    method: 'POST',
    json: { username: EDITOR.username, password: EDITOR.password },
  });
  otherCookie.value = editor.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await site.signIn();
});
afterAll(async () => {
  await site?.stop();
});

const newDraft = async (title: string, cookie?: string) => {
  const res = await answer(
    site.api('/api/drafts', { method: 'POST', json: { title }, ...(cookie ? { headers: { cookie } } : {}) }),
  );
  expect(res.status).toBe(201);
  return String(res.body.id);
};

const act = (id: string, action: string, json: unknown = {}, cookie?: string) =>
  answer(
    site.api(`/api/drafts/${id}/${action}`, {
      method: 'POST',
      json,
      ...(cookie ? { headers: { cookie } } : {}),
    }),
  );

/** The address of the draft's page: an address is lower case, so the marker is too. */
const MARKED_PATH = `/${MARK.toLowerCase()}`;

/**
 * A valid new item for an entity, every text carrying the marker, media as files. Lists (a page's
 * sections, the menus) cannot be form fields: those entities go as JSON, each list its declared
 * example with the marker in every part that takes it, links leading to the draft's page, pictures
 * `picture` (the draft's own library file).
 */
function markedInput(
  def: EntityDef,
  picture: string,
): { body: FormData } | { json: Record<string, unknown> } {
  const fields: Record<string, unknown> = {};
  const files: Record<string, ReturnType<typeof file>> = {};
  for (const [key, f] of Object.entries(def.fields as Fields)) {
    if (isMediaField(f)) {
      files[key] =
        f.kind === 'pdf'
          ? file(pdfBytes(`${MARK} ${def.name}`), 'paper.pdf', 'application/pdf')
          : file(png(`${MARK} ${def.name}`), 'picture.png', 'image/png');
      continue;
    }
    if (f.kind === 'text' || f.kind === 'markdown') fields[key] = `${MARK} ${def.name} ${key}`;
    // A text with a form of its own (a page's address) holds the marker as it can.
    if (f.kind === 'text' && f.examples?.length && !f.rows) fields[key] = MARKED_PATH;
    // A list of rules (the redirects) holds the marker in a note line beside a valid rule.
    if (f.rows && f.examples?.length) fields[key] = `${f.examples[0]}\n# ${MARK} ${def.name} ${key}`;
    // A script's address must be on its declared host (the dashboard's), so the marker goes in its path.
    if (f.kind === 'link')
      fields[key] = `https://${f.onlyAdmins ? 'public.tableau.com' : 'example.org'}/${MARK}`;
    if (f.kind === 'date') fields[key] = '2026-05-05';
    if (f.kind === 'flag') fields[key] = key === 'hidden' ? '0' : '1';
    if ((f.kind === 'codes' || f.kind === 'choice') && f.options?.length)
      fields[key] = String(f.options[f.options.length - 1]!.value);
    if (f.kind === 'list')
      fields[key] = mapListParts(f, f.examples?.[0] ?? [], (part, v) => {
        const marked =
          part.kind === 'image'
            ? picture
            : part.kind === 'link'
              ? MARKED_PATH
              : part.kind === 'text' || part.kind === 'markdown'
                ? `${MARK} ${def.name} ${key}`
                : v;
        // Parts with a form of their own (a profile's number, a video's address) keep the example's.
        return part.schema.safeParse(marked).success ? marked : v;
      });
  }
  if (def.name === 'siteSettings') fields.banner_to_show = '0';
  if (Object.values(def.fields as Fields).some((f) => f.kind === 'list')) {
    expect(files).toEqual({});
    return { json: fields };
  }
  return { body: form(fields as Record<string, string>, files) };
}

const writePathOf = (def: EntityDef) =>
  def.type === 'collection' && def.legacy.writes ? def.legacy.writes.create : def.legacy.endpoint;

/** Every public thing a visitor (signed out) can fetch: answers, feeds, sitemap, search. */
async function everythingPublic(): Promise<string> {
  const paths = [
    ...site.deps.model.endpoints.flatMap((e) => [
      `/api/${e.path}`,
      `/api/${e.path}?media=url`,
      `/api/${e.path}?media=url&shape=typed`,
      // The same answers in Spanish (issue 36): the English where nothing is translated.
      `/api/${e.path}?lang=es`,
      `/api/${e.path}?lang=es&media=url&shape=typed`,
    ]),
    '/sitemap.xml',
    NEWS_ATOM_PATH,
    '/events.ics',
    `/es${NEWS_ATOM_PATH}`,
    '/es/events.ics',
    '/robots.txt',
    `/api/search?q=${MARK}`,
    `/api/search?q=${MARK}&lang=es`,
    // The page at its address, as the public site asks for it.
    `/api/pages?path=${MARKED_PATH}`,
    `/api/pages?path=${MARKED_PATH}&media=url&shape=typed`,
  ];
  const bodies: string[] = [];
  for (const p of paths) {
    const res = await fetch(site.url + p);
    // The search answer repeats the words searched for: only its results count.
    const text = p.startsWith('/api/search')
      ? JSON.stringify(((await res.json()) as { results: unknown }).results)
      : await res.text();
    bodies.push(`${p.split('?')[0]} ${res.status} ${text}`);
  }
  return bodies.join('\n');
}

/** Collects what a public event stream sends while `during` runs. */
async function streamDuring(path: string, during: () => Promise<void>): Promise<string> {
  let got = '';
  const req = http.get(site.url + path, (res) => {
    res.setEncoding('utf8');
    res.on('data', (c: string) => (got += c));
  });
  await eventually(() => got.length > 0, 3000, `${path} opens`);
  const before = got.length;
  await during();
  await new Promise((r) => setTimeout(r, 300));
  req.destroy();
  return got.slice(before);
}

describe('a draft holding changes to every entity, an image and a PDF', () => {
  let id: string;
  let streamed = '';
  let libraryFile: { path: string; url: string };

  it('is saved into refs/drafts/<id>, by the editing user, with main, the work tree and the index untouched', async () => {
    const head = site.git('rev-parse', 'HEAD').trim();
    id = await newDraft('Everything at once');
    const streams = [
      '/api/stream',
      '/api/get_event_cards_sse.php',
      '/api/majorevents.php?sse=true',
      '/api/policy_update_sse.php',
    ];
    const saveAll = async () => {
      // A file for the media library, uploaded into the draft and described there (the page shows it).
      const upload = new FormData();
      upload.append('files', new Blob([new Uint8Array(png(MARK))]), `${MARK}.png`);
      const uploaded = await answer(
        site.api(`/api/media?draft=${id}`, {
          method: 'POST',
          body: upload,
          headers: { cookie: otherCookie.value },
        }),
      );
      expect(uploaded.status).toBe(201);
      libraryFile = (uploaded.body.items as { path: string; url: string }[])[0]!;
      const described = await site.api(`/api/media?draft=${id}&path=${libraryFile.path}`, {
        method: 'PATCH',
        json: { alt: `${MARK} picture` },
        headers: { cookie: otherCookie.value },
      });
      expect(described.status).toBe(200);
      for (const def of siteEntities) {
        const res = await answer(
          site.api(`/api/${writePathOf(def)}?draft=${id}&media=url`, {
            method: def.type === 'singleton' ? 'PUT' : 'POST',
            ...markedInput(def, libraryFile.path),
            headers: { cookie: otherCookie.value },
          }),
        );
        expect(`${def.name} ${res.status} ${res.status >= 300 ? JSON.stringify(res.body) : ''}`).toMatch(
          new RegExp(`^${def.name} 20[01] $`),
        );
        // A new event page starts hidden (its rule): shown in the draft, as staff would.
        if (def.rules?.onCreate && def.type === 'collection') {
          const shown = await site.api(`/api/${def.legacy.endpoint}?id=${String(res.body.id)}&draft=${id}`, {
            method: 'PUT',
            json: { hidden: '0' },
            headers: { cookie: otherCookie.value },
          });
          expect(shown.status).toBe(200);
        }
      }
      // A spreadsheet imported into the draft (issue 37): one more item, one more commit.
      const imported = await site.api(`/api/import?entity=news&format=csv&draft=${id}&name=news.csv`, {
        method: 'POST',
        body: `title,what\r\n${MARK} imported,Imported words.\r\n`,
        headers: { cookie: otherCookie.value, 'content-type': 'text/csv' },
      });
      expect(imported.status, await imported.clone().text()).toBe(200);
    };
    // All four public streams are open while the draft is saved: none says a word of it.
    const heard = await Promise.all(
      streams.map((s, i) =>
        i === 0 ? streamDuring(s, saveAll) : streamDuring(s, () => new Promise((r) => setTimeout(r, 200))),
      ),
    );
    streamed = heard.join('\n');
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(head);
    expect(site.git('status', '--porcelain')).toBe('');
    const log = site.git('log', '--format=%an <%ae>|%s', `refs/drafts/${id}`, `^${head}`);
    // And the library's upload and description, and the import.
    expect(log.trim().split('\n')).toHaveLength(siteEntities.length + 4);
    for (const line of log.trim().split('\n'))
      expect(line).toMatch(/^Edith Editor <edith@csed\.example\.org>\|/);
    expect(site.git('branch', '--list')).not.toContain('draft');
    expect(site.git('fsck', '--strict', '--no-progress', '--no-dangling')).toBe('');
  });

  it('shows nowhere public before it is published: answers, feeds, sitemap, search, streams', async () => {
    // In any case: the draft's page address is the marker in lower case.
    const everything = await everythingPublic();
    expect(everything).not.toContain(MARK);
    expect(everything.toLowerCase()).not.toContain(MARK.toLowerCase());
    expect(streamed.toLowerCase()).not.toContain(MARK.toLowerCase());
    expect(streamed).not.toMatch(/^data:/m);
    // A signed-in reader of the live site does not see it either; only `?draft=ID` does.
    const staffLive = await (await site.api('/api/news.php')).text();
    expect(staffLive).not.toContain(MARK);
    expect(await (await site.api(`/api/news.php?draft=${id}`)).text()).toContain(MARK);
    expect(await (await fetch(`${site.url}/api/news.php?draft=${id}`)).text()).toContain('Please sign in');
    // Its library file is neither served nor listed on the live site, even to staff.
    expect((await fetch(site.url + libraryFile.url)).status).toBe(404);
    expect((await (await site.api('/api/media?per=100')).text()).toLowerCase()).not.toContain(
      MARK.toLowerCase(),
    );
    expect((await (await site.api(`/api/media?per=100&draft=${id}`)).text()).toLowerCase()).toContain(
      MARK.toLowerCase(),
    );
  });

  it('lists what it changes, and publishing it makes one merge commit that everything public shows', async () => {
    const detail = await answer(site.api(`/api/drafts/${id}`));
    const changes = detail.body.changes as { entity?: string; kind: string; change: string }[];
    expect(new Set(changes.filter((c) => c.kind === 'item').map((c) => c.entity))).toEqual(
      new Set(siteEntities.map((d) => d.name)),
    );
    expect(changes.some((c) => c.kind === 'media')).toBe(true);
    const head = site.git('rev-parse', 'HEAD').trim();
    const published = await act(id, 'publish');
    expect(published.status).toBe(200);
    expect(published.body.state).toBe('published');
    const parents = site.git('log', '-1', '--format=%P').trim().split(' ');
    expect(parents[0]).toBe(head);
    expect(parents).toHaveLength(2);
    const message = site.git('log', '-1', '--format=%B');
    expect(message).toContain('Publish draft "Everything at once"');
    expect(message).toContain('Authors: Edith Editor');
    expect(site.git('status', '--porcelain')).toBe('');
    expect(site.git('for-each-ref', 'refs/drafts/')).toBe('');
    expect(site.git('fsck', '--strict', '--no-progress', '--no-dangling')).toBe('');
    for (const def of siteEntities) {
      const text = await (await fetch(`${site.url}/api/${def.legacy.endpoint}?media=url`)).text();
      expect(`${def.name}: ${text.includes(MARK)}`).toBe(`${def.name}: true`);
    }
    const everything = await everythingPublic();
    expect(everything).toContain(`${MARK} news`); // the feeds and search too
    // The page: at its address, in the sitemap, found by its sections' words; the menu leads to it.
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).toContain(
      `<loc>${site.url}${MARKED_PATH}</loc>`,
    );
    expect(await (await fetch(`${site.url}/api/page_paths`)).json()).toContain(MARKED_PATH);
    const found = (await (await fetch(`${site.url}/api/search?q=${MARK}+pages+sections`)).json()) as {
      results: { entity: string; href: string }[];
    };
    expect(found.results).toContainEqual(expect.objectContaining({ entity: 'pages', href: MARKED_PATH }));
    const menu = (await (await fetch(`${site.url}/api/navigation?shape=typed`)).json()) as {
      header: { label: string; link: string }[];
    };
    expect(menu.header[0]).toMatchObject({ label: `${MARK} navigation header`, link: MARKED_PATH });
    expect((await fetch(site.url + libraryFile.url)).status).toBe(200);
    expect(await (await site.api('/api/media?per=100')).text()).toContain(`${MARK} picture`);
  });
});

describe('the admin working in a draft', () => {
  it("lists a collection as the draft has it with ?draft=ID (the admin's list page); the live list stays as it is", async () => {
    const id = await newDraft('Admin list');
    const made = await site.api(`/api/news.php?draft=${id}`, {
      method: 'POST',
      json: { title: 'Only in the draft list', when_date: '2026-06-06' },
    });
    expect(made.status).toBe(201);
    const inDraft = await answer(site.api(`/api/admin/items?entity=news&q=only+in+the+draft&draft=${id}`));
    expect(inDraft.status).toBe(200);
    expect((inDraft.body.items as { title: string }[]).map((i) => i.title)).toEqual([
      'Only in the draft list',
    ]);
    const live = await answer(site.api('/api/admin/items?entity=news&q=only+in+the+draft'));
    expect(live.body.total).toBe(0);
    expect((await answer(site.api('/api/admin/items?entity=news&draft=ffffffffffff'))).status).toBe(404);
    expect((await answer(site.api('/api/admin/items?entity=news&draft=NOT*AN*ID'))).status).toBe(404);
    expect((await fetch(`${site.url}/api/admin/items?entity=news&draft=${id}`)).status).toBe(401);
  });
});

describe('publishing against a live site that moved on', () => {
  const saveLive = async (title: string, what = 'live text') => {
    const res = await answer(
      site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title, what, when_date: '2026-01-02' },
      }),
    );
    expect(res.status).toBe(201);
    return String(res.body.id);
  };
  const update = (id: string, json: Record<string, unknown>, draft?: string) =>
    answer(
      site.api(`/api/news.php?id=${id}${draft ? `&draft=${draft}` : ''}&shape=typed`, {
        method: 'PUT',
        json,
      }),
    );

  it('changes to different fields merge by themselves', async () => {
    const item = await saveLive('Merge me');
    const draft = await newDraft('Different fields');
    expect((await update(item, { what: 'draft text' }, draft)).status).toBe(200);
    expect((await update(item, { title: 'Live title' })).status).toBe(200);
    expect((await act(draft, 'publish')).status).toBe(200);
    const now = (await (await site.api(`/api/news.php?id=${item}&shape=typed`)).json()) as Record<
      string,
      unknown
    >;
    expect([now.title, now.what]).toEqual(['Live title', 'draft text']);
  });

  it('the same field changed on both sides answers 409 naming it, and the editor picks per field', async () => {
    const item = await saveLive('Conflict');
    const draft = await newDraft('Same field');
    await update(item, { title: 'Draft title', what: 'draft body' }, draft);
    await update(item, { title: 'Live title' });
    const head = site.git('rev-parse', 'HEAD').trim();
    const refused = await act(draft, 'publish');
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({ [`content/news/${item}.md`]: 'Changed on both sides: title' });
    const conflict = (refused.body.conflicts as Record<string, unknown>[])[0]!;
    expect([
      (conflict.before as Record<string, unknown>).title,
      (conflict.live as Record<string, unknown>).title,
      (conflict.draft as Record<string, unknown>).title,
    ]).toEqual(['Conflict', 'Live title', 'Draft title']);
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(head);
    const picked = await act(draft, 'publish', { picks: { [`content/news/${item}.md`]: { title: 'live' } } });
    expect(picked.status).toBe(200);
    const now = (await (await site.api(`/api/news.php?id=${item}&shape=typed`)).json()) as Record<
      string,
      unknown
    >;
    expect([now.title, now.what]).toEqual(['Live title', 'draft body']);
  });

  it('an item deleted on the live site but changed in the draft is a conflict of the whole item', async () => {
    const item = await saveLive('Deleted live');
    const draft = await newDraft('Changed a deleted item');
    await update(item, { what: 'still wanted' }, draft);
    expect((await answer(site.api(`/api/news.php?id=${item}`, { method: 'DELETE' }))).status).toBe(200);
    const refused = await act(draft, 'publish');
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({
      [`content/news/${item}.md`]: 'Removed on one side and changed on the other',
    });
    expect(
      (await act(draft, 'publish', { picks: { [`content/news/${item}.md`]: { '*': 'draft' } } })).status,
    ).toBe(200);
    expect((await site.api(`/api/news.php?id=${item}`)).status).toBe(200);
  });

  it('a new item in a draft keeps its id: live creates meanwhile take the next ones', async () => {
    const draft = await newDraft('New item');
    const made = await answer(
      site.api(`/api/news.php?draft=${draft}&shape=typed`, {
        method: 'POST',
        json: { title: 'From the draft', when_date: '2026-02-02' },
      }),
    );
    const live = await saveLive('Made live meanwhile');
    expect(Number(live)).toBeGreaterThan(Number(made.body.id));
    expect((await act(draft, 'publish')).status).toBe(200);
    expect(
      (
        (await (await site.api(`/api/news.php?id=${String(made.body.id)}&shape=typed`)).json()) as {
          title: string;
        }
      ).title,
    ).toBe('From the draft');
  });

  it('a draft with nothing left in it publishes as a merge commit that changes no file, the repository whole', async () => {
    const item = await saveLive('Taken back');
    const undone = await newDraft('Edited and taken back');
    expect((await update(item, { title: 'Second thoughts' }, undone)).status).toBe(200);
    expect((await update(item, { title: 'Taken back' }, undone)).status).toBe(200);
    const untouched = await newDraft('Never saved into');
    for (const draft of [undone, untouched]) {
      expect((await answer(site.api(`/api/drafts/${draft}`))).body.changes).toEqual([]);
      const head = site.git('rev-parse', 'HEAD').trim();
      expect((await act(draft, 'publish')).status).toBe(200);
      expect(site.git('log', '-1', '--format=%P').trim().split(' ')[0]).toBe(head);
      expect(site.git('rev-parse', 'HEAD^{tree}').trim()).toBe(
        site.git('rev-parse', `${head}^{tree}`).trim(),
      );
    }
    expect(site.git('fsck', '--strict', '--no-progress', '--no-dangling')).toBe('');
    expect((await update(item, { what: 'saved after' })).status).toBe(200);
  });

  it('20 drafts published at once all land as merge commits, nothing lost, fsck clean', async () => {
    const drafts: { id: string; item: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const id = await newDraft(`Concurrent ${i}`);
      const made = await answer(
        site.api(`/api/news.php?draft=${id}&shape=typed`, {
          method: 'POST',
          json: { title: `Concurrent item ${i}`, when_date: '2026-03-03' },
        }),
      );
      drafts.push({ id, item: String(made.body.id) });
    }
    const before = Number(site.git('rev-list', '--count', '--merges', 'HEAD').trim());
    const results = await Promise.all(drafts.map((d) => act(d.id, 'publish')));
    expect(results.map((r) => r.status)).toEqual(drafts.map(() => 200));
    expect(Number(site.git('rev-list', '--count', '--merges', 'HEAD').trim())).toBe(before + 20);
    const live = (await (await fetch(`${site.url}/api/news.php?shape=typed`)).json()) as { title: string }[];
    for (let i = 0; i < 20; i++) expect(live.map((n) => n.title)).toContain(`Concurrent item ${i}`);
    expect(site.git('status', '--porcelain')).toBe('');
    expect(site.git('fsck', '--strict', '--no-progress', '--no-dangling')).toBe('');
  });

  it('two open drafts touching one item warn each other', async () => {
    const item = await saveLive('Shared item');
    const a = await newDraft('Draft A');
    const b = await newDraft('Draft B');
    await update(item, { what: 'A' }, a);
    await update(item, { title: 'B' }, b);
    const seen = await answer(site.api(`/api/drafts/${a}`));
    expect(seen.body.overlapping).toEqual([{ id: b, title: 'Draft B', paths: [`content/news/${item}.md`] }]);
  });
});

// Event cards name their page by its header; a save that renames a page takes its cards along. A
// page renamed (or moved to another address) on one side while the other side works on it or its
// cards.
describe('publishing when an event page was renamed', () => {
  const pagePath = (id: string) => `content/event-pages/${id}.md`;
  const cardPath = (id: string) => `content/event-cards/${id}.md`;
  const into = (draft?: string) => (draft ? `&draft=${draft}` : '');
  const makePage = async (header: string) => {
    const res = await answer(
      site.api('/api/majorevents.php?shape=typed', {
        method: 'POST',
        json: { header, event_description: `About ${header}` },
      }),
    );
    expect(res.status).toBe(201);
    return String(res.body.id);
  };
  const makeCard = async (title: string, page: string, draft?: string) => {
    const res = await answer(
      site.api(`/api/events.php?shape=typed${into(draft)}`, {
        method: 'POST',
        json: { title, major_event_associated: page },
      }),
    );
    expect(res.status).toBe(201);
    return String(res.body.id);
  };
  const edit = (endpoint: string, id: string, json: Record<string, unknown>, draft?: string) =>
    answer(site.api(`/api/${endpoint}?id=${id}&shape=typed${into(draft)}`, { method: 'PUT', json }));
  const read = async (endpoint: string, id: string, draft?: string) => {
    const res = await answer(site.api(`/api/${endpoint}?id=${id}&shape=typed${into(draft)}`));
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Page addresses no event page has now. */
  const freeUrls = async () => {
    const pages = (await (await site.api('/api/majorevents.php?shape=typed')).json()) as {
      page_url: string;
    }[];
    return EVENT_PAGE_URLS.filter((url) => !pages.some((p) => p.page_url === url));
  };
  const conflictsOf = async (draft: string) =>
    ((await answer(site.api(`/api/drafts/${draft}`))).body.changes as { conflicts: string[] }[]).flatMap(
      (c) => c.conflicts,
    );

  it('renamed and moved on the live site: what the draft changes on the page and the cards it adds land on the renamed page', async () => {
    const page = await makePage('Winter Camp');
    const card = await makeCard('Sledding', 'Winter Camp');
    const draft = await newDraft('Winter plans');
    expect((await edit('majorevents.php', page, { location: 'Bend' }, draft)).status).toBe(200);
    expect((await edit('events.php', card, { title: 'Sledding and skating' }, draft)).status).toBe(200);
    const added = await makeCard('Snow sculptures', 'Winter Camp', draft);
    const [url] = await freeUrls();
    const renamed = await edit('majorevents.php', page, { header: 'Winter Camp 2027', page_url: url });
    expect(renamed.body.message).toBe('Updated successfully! 1 event card moved with the renamed page.');

    // The draft's view already has its card on the renamed page, and nothing to settle.
    expect((await read('events.php', added, draft)).major_event_associated).toBe('Winter Camp 2027');
    expect(await conflictsOf(draft)).toEqual([]);
    expect((await act(draft, 'publish')).status).toBe(200);
    const now = await read('majorevents.php', page);
    expect([now.header, now.page_url, now.location]).toEqual(['Winter Camp 2027', url, 'Bend']);
    const sledding = await read('events.php', card);
    expect([sledding.title, sledding.major_event_associated]).toEqual([
      'Sledding and skating',
      'Winter Camp 2027',
    ]);
    expect((await read('events.php', added)).major_event_associated).toBe('Winter Camp 2027');
  });

  it('renamed in the draft: cards the live site adds to the page meanwhile go along with the new name', async () => {
    const page = await makePage('Summer Lab');
    const card = await makeCard('Robots', 'Summer Lab');
    const draft = await newDraft('Rename the lab');
    const renamed = await edit('majorevents.php', page, { header: 'Summer Lab 2027' }, draft);
    expect(renamed.body.message).toBe('Updated successfully! 1 event card moved with the renamed page.');
    const meanwhile = await makeCard('Drones', 'Summer Lab');
    expect((await edit('majorevents.php', page, { location: 'Salem' })).status).toBe(200);

    // The draft lists the live card among its changes, from its live header to the draft's.
    const changes = (await answer(site.api(`/api/drafts/${draft}`))).body.changes as {
      path: string;
      change: string;
      conflicts: string[];
      live: Record<string, unknown>;
      draft: Record<string, unknown>;
    }[];
    const carried = changes.find((c) => c.path === cardPath(meanwhile))!;
    expect([
      carried.change,
      carried.live.major_event_associated,
      carried.draft.major_event_associated,
    ]).toEqual(['changed', 'Summer Lab', 'Summer Lab 2027']);
    expect(changes.flatMap((c) => c.conflicts)).toEqual([]);
    expect((await read('events.php', meanwhile, draft)).major_event_associated).toBe('Summer Lab 2027');
    // The live site still knows the page and its new card by the old name until the draft is published.
    expect((await read('events.php', meanwhile)).major_event_associated).toBe('Summer Lab');

    expect((await act(draft, 'publish')).status).toBe(200);
    const now = await read('majorevents.php', page);
    expect([now.header, now.location]).toEqual(['Summer Lab 2027', 'Salem']);
    for (const id of [card, meanwhile])
      expect((await read('events.php', id)).major_event_associated).toBe('Summer Lab 2027');
    expect(site.git('show', '--name-only', '--format=', 'HEAD').split('\n')).toContain(cardPath(meanwhile));
  });

  it('renamed differently on both sides: one conflict, the page header with both names; its cards follow the name kept', async () => {
    const page = await makePage('Fall Fair');
    const card = await makeCard('Pie contest', 'Fall Fair');
    const draft = await newDraft('Name the fair');
    expect((await edit('majorevents.php', page, { header: 'Fall Fair (draft)' }, draft)).status).toBe(200);
    expect((await edit('majorevents.php', page, { header: 'Fall Fair (live)' })).status).toBe(200);
    expect((await read('events.php', card)).major_event_associated).toBe('Fall Fair (live)');

    const head = site.git('rev-parse', 'HEAD').trim();
    const refused = await act(draft, 'publish');
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({ [pagePath(page)]: 'Changed on both sides: header' });
    const conflict = (refused.body.conflicts as Record<string, Record<string, unknown>>[])[0]!;
    expect([conflict.before!.header, conflict.live!.header, conflict.draft!.header]).toEqual([
      'Fall Fair',
      'Fall Fair (live)',
      'Fall Fair (draft)',
    ]);
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(head);

    const picked = await act(draft, 'publish', { picks: { [pagePath(page)]: { header: 'draft' } } });
    expect(picked.status).toBe(200);
    expect((await read('majorevents.php', page)).header).toBe('Fall Fair (draft)');
    expect((await read('events.php', card)).major_event_associated).toBe('Fall Fair (draft)');
  });

  it('moved to an address another page took on the live site meanwhile: 409 naming the page, until the draft lets it go', async () => {
    const [url] = await freeUrls();
    const robotics = await makePage('Robotics Day');
    const coding = await makePage('Coding Day');
    const draft = await newDraft('Give Robotics Day an address');
    expect((await edit('majorevents.php', robotics, { page_url: url }, draft)).status).toBe(200);
    expect((await edit('majorevents.php', coding, { page_url: url })).status).toBe(200);

    const head = site.git('rev-parse', 'HEAD').trim();
    const refused = await act(draft, 'publish');
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({
      [pagePath(robotics)]:
        `The page URL ${url} is already used by "Coding Day". Choose another or free it there first.`,
    });
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(head);

    expect((await edit('majorevents.php', robotics, { page_url: '' }, draft)).status).toBe(200);
    expect((await act(draft, 'publish')).status).toBe(200);
    expect((await read('majorevents.php', robotics)).page_url).toBe('');
    expect((await read('majorevents.php', coding)).page_url).toBe(url);
  });
});

describe('review', () => {
  it('moves editing → in review → changes requested → in review → approved → published, with comments', async () => {
    const id = await newDraft('Reviewed');
    await site.api(`/api/news.php?draft=${id}`, {
      method: 'POST',
      json: { title: 'Reviewed item', when_date: '2026-04-04' },
    });
    expect((await act(id, 'approve')).status).toBe(409); // not submitted yet
    expect((await act(id, 'submit')).body.state).toBe('in-review');
    const back = await act(id, 'request-changes', { note: 'Please add a date' }, otherCookie.value);
    expect(back.body.state).toBe('changes-requested');
    expect((back.body.comments as { text: string }[]).map((c) => c.text)).toEqual(['Please add a date']);
    await answer(site.api(`/api/drafts/${id}/comments`, { method: 'POST', json: { text: 'Done.' } }));
    expect((await act(id, 'submit')).body.state).toBe('in-review');
    const approved = await act(id, 'approve', {}, otherCookie.value);
    expect(approved.body.state).toBe('approved');
    expect(approved.body.approvedBy).toMatchObject({ username: EDITOR.username });
    expect((await act(id, 'publish')).body.state).toBe('published');
    expect(site.git('log', '-1', '--format=%B')).toContain('Approved-by: Edith Editor');
    // Closed: nothing more can be saved into it or done with it.
    expect(
      (await site.api(`/api/news.php?draft=${id}`, { method: 'POST', json: { title: 'late' } })).status,
    ).toBe(409);
    expect((await act(id, 'submit')).status).toBe(409);
  });

  it('a save after approval takes the approval back', async () => {
    const id = await newDraft('Approved then changed');
    await site.api(`/api/news.php?draft=${id}`, {
      method: 'POST',
      json: { title: 'v1', when_date: '2026-04-04' },
    });
    await act(id, 'submit');
    await act(id, 'approve', {}, otherCookie.value);
    await site.api(`/api/news.php?draft=${id}`, {
      method: 'POST',
      json: { title: 'v2', when_date: '2026-04-04' },
    });
    await eventually(async () => (await answer(site.api(`/api/drafts/${id}`))).body.state === 'editing');
  });

  it('with the site setting on, only someone other than the authors can approve, and only approved drafts publish', async () => {
    expect(
      (await answer(site.api('/api/drafts/settings', { method: 'PUT', json: { needsApproval: true } })))
        .status,
    ).toBe(200);
    try {
      const id = await newDraft('Needs approval');
      await site.api(`/api/news.php?draft=${id}`, {
        method: 'POST',
        json: { title: 'Mine', when_date: '2026-04-04' },
      });
      const early = await act(id, 'publish');
      expect(early.status).toBe(403);
      await act(id, 'submit');
      expect((await act(id, 'approve')).status).toBe(403); // the author
      expect((await act(id, 'approve', {}, otherCookie.value)).status).toBe(200);
      expect((await act(id, 'publish')).status).toBe(200);
    } finally {
      await site.api('/api/drafts/settings', { method: 'PUT', json: { needsApproval: false } });
    }
  });

  it('a scheduled draft publishes itself at its time', async () => {
    const id = await newDraft('Scheduled');
    await site.api(`/api/news.php?draft=${id}`, {
      method: 'POST',
      json: { title: 'Scheduled item', when_date: '2026-04-04' },
    });
    const at = new Date(Date.now() + 1500).toISOString();
    expect((await act(id, 'schedule', { at })).body.publishAt).toBe(at);
    expect(await (await fetch(`${site.url}/api/news.php`)).text()).not.toContain('Scheduled item');
    await eventually(
      async () => (await (await fetch(`${site.url}/api/news.php`)).text()).includes('Scheduled item'),
      6000,
    );
    await eventually(async () => (await answer(site.api(`/api/drafts/${id}`))).body.state === 'published');
  });

  it('discarding removes the ref and nothing reaches the live site', async () => {
    const id = await newDraft('Thrown away');
    await site.api(`/api/news.php?draft=${id}`, {
      method: 'POST',
      json: { title: 'Never live', when_date: '2026-04-04' },
    });
    expect((await act(id, 'discard')).body.state).toBe('discarded');
    expect(site.git('for-each-ref', `refs/drafts/${id}`)).toBe('');
    expect(await (await fetch(`${site.url}/api/news.php`)).text()).not.toContain('Never live');
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    expect((await answer(site.api('/api/drafts', { method: 'POST', json: { title: '  ' } }))).body).toEqual({
      error: 'Give the draft a title.',
      fields: { title: 'Required' },
    });
    const id = await newDraft('Bad input');
    expect((await act(id, 'schedule', { at: 'tomorrow-ish' })).status).toBe(400);
    expect((await act(id, 'publish', { picks: { x: { y: 'maybe' } } })).status).toBe(400);
    expect((await act(id, 'fly')).status).toBe(404);
    expect((await answer(site.api('/api/drafts/nope!'))).status).toBe(404);
    expect(
      (await answer(site.api('/api/news.php?draft=ffffffffffff', { method: 'POST', json: { title: 'x' } })))
        .status,
    ).toBe(404);
  });
});

describe('audit', () => {
  it('records drafts made, submitted, approved, published, discarded and share links made and revoked', async () => {
    const id = await newDraft('Audited');
    await site.api(`/api/news.php?draft=${id}`, {
      method: 'POST',
      json: { title: 'Audited item', when_date: '2026-04-04' },
    });
    await act(id, 'submit');
    await act(id, 'approve', {}, otherCookie.value);
    const share = await answer(site.api(`/api/drafts/${id}/shares`, { method: 'POST', json: {} }));
    await site.api(`/api/drafts/${id}/shares/${String(share.body.id)}`, { method: 'DELETE' });
    await act(id, 'publish');
    const other = await newDraft('Audited discard');
    await act(other, 'discard');
    const log = await eventually(async () => {
      const entries = (
        (await (await site.api('/api/admin/audit')).json()) as { entries: Record<string, string>[] }
      ).entries;
      const mine = entries.filter((e) => e.id === id || e.id === other).map((e) => `${e.action} ${e.who}`);
      return mine.length >= 7 ? mine : null;
    });
    expect(new Set(log)).toEqual(
      new Set([
        'draft-create admin',
        'draft-submit admin',
        `draft-approve ${EDITOR.username}`,
        'draft-share admin',
        'draft-share-revoke admin',
        'draft-publish admin',
        'draft-discard admin',
      ]),
    );
  });
});
