// Spreadsheets in and out (issue 37) on a real server and repository: every collection's CSV and JSON
// export comes back through an import with no change and no commit; a bad row writes nothing and is
// named; formulas are neutralised and restored; create and update land in one commit naming the file;
// a contributor imports into a draft (not live), and the draft's import stays off the live site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { collections, entities } from '../../schema/registry.ts';
import { readCsv } from '../../spreadsheets/csvText.ts';
import { commitCount, git } from './writesTestKit.ts';

let site: TestSite;
const CONTRIBUTOR = { username: 'cora', password: 'cora-password-1', role: 'contributor' as const };

interface ImportAnswer {
  created: number;
  updated: number;
  unchanged?: number;
  errors: { row: number; field: string; error: string }[];
  rows?: { row: number; id: string; action: string; fields: string[] }[];
  error?: string;
}

const exported = async (entity: string, format: 'csv' | 'json', extra = '') => {
  const res = await site.api(`/api/export?entity=${entity}&format=${format}${extra}`);
  expect(res.status, `${entity} ${format} export`).toBe(200);
  // As bytes: decoding as text (fetch's text()) would drop the BOM.
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, text: bytes.toString('utf8') };
};
const imported = async (entity: string, format: 'csv' | 'json', body: string, extra = '') => {
  const res = await site.api(`/api/import?entity=${entity}&format=${format}${extra}`, {
    method: 'POST',
    headers: { 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
    body,
  });
  return { status: res.status, answer: (await res.json()) as ImportAnswer };
};

beforeAll(async () => {
  site = await startTestSite();
  await site.deps.users.add(CONTRIBUTOR);
  await site.signIn();
}, 60_000);
afterAll(() => site?.stop());

describe('export', () => {
  it('sends CSV with a BOM, id first and the stored field names, under a dated file name', async () => {
    const { res, bytes, text } = await exported('news', 'csv');
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="news-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = readCsv(text);
    expect(header).toEqual(['id', ...Object.keys(entities.news.fields)]);
    expect(rows).toHaveLength(site.deps.index.list(entities.news).length);
  });

  it('is refused to those signed out, and names the collections when asked for another', async () => {
    const out = await fetch(`${site.url}/api/export?entity=news&format=csv`);
    expect(out.status).toBe(401);
    const res = await site.api('/api/export?entity=contactMessages&format=csv');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: { entity: string } }).fields.entity).toContain('news');
  });
});

describe('lists', () => {
  it('keeps a list in one cell as JSON, so it comes back whole (a page with sections)', async () => {
    const sections = [
      { type: 'text', body: 'Hello, "world"\n\n= not a formula, a line' },
      { type: 'text', body: '- a list item' },
    ];
    const page = [{ title: 'From a sheet', path: '/from-a-sheet', summary: '', sections }];
    const made = await imported('pages', 'json', JSON.stringify(page));
    expect(made.status, JSON.stringify(made.answer)).toBe(200);
    const { text } = await exported('pages', 'csv');
    const [head, ...rows] = readCsv(text);
    const cell = rows.find((r) => r.includes('From a sheet'))![head!.indexOf('sections')]!;
    expect(JSON.parse(cell)).toEqual(sections);
  });
});

/** Every field filled, with text a spreadsheet would mangle (formulas, quotes, commas, lines). */
function fullSample(def: (typeof collections)[number]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(def.fields)) {
    if (f.kind === 'text') data[key] = f.examples?.[0] ?? `=SUM(1,2) "${key}", -1\ttab`;
    else if (f.kind === 'markdown') data[key] = `- one, "two"\n- three\n\n@mention =x`;
    else if (f.kind === 'link') data[key] = f.examples?.[0] ?? 'https://example.org/a?b=1,2';
    else if (f.kind === 'date') data[key] = '2026-03-05';
    else if (f.kind === 'flag') data[key] = !f.initial;
    else if (f.kind === 'codes' || f.kind === 'choice') data[key] = f.options!.at(-1)!.value;
    // A list's full example, less the parts that show pictures this site does not have.
    else if (f.kind === 'list')
      data[key] = ((f.examples?.[0] ?? []) as unknown[]).filter((i) => !JSON.stringify(i).includes('media/'));
  }
  return data;
}

describe('every field kind', () => {
  it.each(['news', 'eventCards', 'pages', 'profiles'])(
    '%s: a full item comes back through CSV and JSON unchanged',
    async (name) => {
      const def = collections.find((c) => c.name === name)!;
      const made = await imported(name, 'json', JSON.stringify([fullSample(def)]));
      expect(made.status, JSON.stringify(made.answer)).toBe(200);
      expect(made.answer.created).toBe(1);
      for (const format of ['csv', 'json'] as const) {
        const before = commitCount(site);
        const { text } = await exported(name, format);
        const { status, answer } = await imported(name, format, text);
        expect(status, JSON.stringify(answer)).toBe(200);
        expect(answer).toMatchObject({ created: 0, updated: 0 });
        expect(commitCount(site)).toBe(before);
      }
    },
  );
});

describe('export → import', () => {
  it.each(collections.map((c) => c.name))(
    '%s: CSV and JSON come back with no change and no commit',
    async (name) => {
      for (const format of ['csv', 'json'] as const) {
        const before = commitCount(site);
        const { text } = await exported(name, format);
        const preview = await imported(name, format, text, '&preview=1');
        expect(preview.status, JSON.stringify(preview.answer)).toBe(200);
        expect(preview.answer.rows?.filter((r) => r.action !== 'unchanged')).toEqual([]);
        const { status, answer } = await imported(name, format, text);
        expect(status, JSON.stringify(answer)).toBe(200);
        expect(answer).toMatchObject({ created: 0, updated: 0, errors: [] });
        expect(commitCount(site)).toBe(before);
      }
    },
  );
});

describe('import', () => {
  const header = 'id,title,when_date,link';

  it('writes nothing for a file with bad rows, and names every row and field', async () => {
    const before = commitCount(site);
    const item = site.deps.index.list(entities.news)[0]!;
    const csv = [
      header,
      ',A good new item,2026-11-01,',
      ',,2026-11-02,', // no title
      `${item.id},Renamed,not a date,`,
      '999999,Nobody,2026-11-03,',
    ].join('\r\n');
    const { status, answer } = await imported('news', 'csv', csv);
    expect(status).toBe(400);
    expect(answer.created).toBe(0);
    expect(answer.updated).toBe(0);
    expect(answer.errors.map((e) => `${e.row} ${e.field}`)).toEqual(['3 title', '4 when_date', '5 id']);
    expect(answer.error).toMatch(
      /^3 problems stopped the import, so nothing was imported\. The first: row 3, title: /,
    );
    expect(commitCount(site)).toBe(before);
    expect(site.deps.index.get(entities.news, item.id)?.data.title).toBe(item.data.title);
  });

  it('tells the content checks’ refusals by row too, for every row', async () => {
    const page = (n: number) => ({
      title: `Missing picture ${n}`,
      path: `/missing-picture-${n}`,
      sections: [{ type: 'image', image: 'media/library/not-here.jpg', alt: 'x', caption: '' }],
    });
    const { status, answer } = await imported('pages', 'json', JSON.stringify([page(1), page(2)]));
    expect(status).toBe(400);
    expect(answer.errors.map((e) => `${e.row} ${e.field}`)).toEqual([
      '1 sections.0.image',
      '2 sections.0.image',
    ]);
  });

  it('names a column that is no field, and a yes/no cell that is neither', async () => {
    const { status, answer } = await imported(
      'eventCards',
      'csv',
      'id,titel,display_on_homepage\r\n,x,maybe\r\n',
    );
    expect(status).toBe(400);
    expect(answer.errors.map((e) => `${e.row} ${e.field}`)).toContain('1 titel');
  });

  it('creates and updates in one commit whose message names the file; the preview wrote nothing', async () => {
    const item = site.deps.index.list(entities.news)[0]!;
    const csv = [
      header,
      `${item.id},Updated from the sheet,${String(item.data.when_date)},${String(item.data.link)}`,
      ',New from the sheet,2026-11-20,',
    ].join('\r\n');
    const before = commitCount(site);
    const preview = await imported('news', 'csv', csv, '&preview=1&name=news-changes.csv');
    expect(preview.status).toBe(200);
    expect(preview.answer).toMatchObject({ preview: true, created: 1, updated: 1, unchanged: 0 });
    expect(preview.answer.rows).toEqual([
      { row: 2, id: item.id, action: 'update', fields: ['title'] },
      expect.objectContaining({ row: 3, action: 'create' }),
    ]);
    expect(commitCount(site)).toBe(before);
    const { status, answer } = await imported('news', 'csv', csv, '&name=news-changes.csv');
    expect(status, JSON.stringify(answer)).toBe(200);
    expect(answer).toMatchObject({ created: 1, updated: 1, errors: [] });
    expect(commitCount(site)).toBe(before + 1);
    expect(git(site, 'log', '-1', '--format=%s')).toBe('news: import 1 new, 1 updated from news-changes.csv');
    expect(site.deps.index.get(entities.news, item.id)?.data.title).toBe('Updated from the sheet');
  });

  it('neutralises formulas on the way out and takes them back on the way in', async () => {
    const csv = `title,when_date\r\n"'=HYPERLINK(""http://x"";""y"")",2026-11-21\r\n`;
    const { status, answer } = await imported('news', 'csv', csv);
    expect(status, JSON.stringify(answer)).toBe(200);
    const made = site.deps.index.list(entities.news).find((n) => String(n.data.title).includes('HYPERLINK'))!;
    expect(made.data.title).toBe('=HYPERLINK("http://x";"y")');
    const { text } = await exported('news', 'csv');
    expect(text).toContain(`"'=HYPERLINK(""http://x"";""y"")"`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('refuses a file over the limit', async () => {
    const res = await site.api('/api/import?entity=news&format=csv', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'x'.repeat(6 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });
});

describe('in a draft', () => {
  it('a contributor imports into a draft, not live; the draft’s import stays off the live site', async () => {
    const contributor = await startSession(CONTRIBUTOR.username, CONTRIBUTOR.password);
    const draft = await site.api('/api/drafts', {
      method: 'POST',
      json: { title: 'Sheet' },
      headers: { cookie: contributor },
    });
    expect(draft.status).toBe(201);
    const { id } = (await draft.json()) as { id: string };
    const csv = 'title,when_date\r\nOnly in the draft,2026-11-22\r\n';
    const send = (extra: string) =>
      site.api(`/api/import?entity=news&format=csv${extra}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', cookie: contributor },
        body: csv,
      });
    expect((await send('')).status).toBe(403);
    const into = await send(`&draft=${id}`);
    expect(into.status, await into.clone().text()).toBe(200);
    expect(((await into.json()) as ImportAnswer).created).toBe(1);
    const inDraft = await site.api(`/api/export?entity=news&format=json&draft=${id}`, {
      headers: { cookie: contributor },
    });
    expect(await inDraft.text()).toContain('Only in the draft');
    const live = await exported('news', 'json');
    expect(live.text).not.toContain('Only in the draft');
    expect(site.deps.index.list(entities.news).some((n) => n.data.title === 'Only in the draft')).toBe(false);
  });
});

async function startSession(username: string, password: string): Promise<string> {
  const res = await site.api('/api/login.php', {
    method: 'POST',
    json: { username, password },
    headers: { cookie: '' },
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
