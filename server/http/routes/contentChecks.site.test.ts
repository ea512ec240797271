// The content checks over HTTP (issue 22.2): an image without a description refuses the save (400
// naming the field, nothing written); the rest save and come back as warnings beside the answer's
// usual keys; the Content checks page lists the live site's problems, the same ones `npm run
// check-content` reports, and none of a draft's until it is published.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { checkContent } from '../../content/check/checkContent.ts';
import { addEditorAndSignIn, answer, commitCount, expectNoCommit, workTreeFile } from './writesTestKit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await addEditorAndSignIn(site);
});
afterAll(async () => {
  await site?.stop();
});

const newsFile = () => readFileSync(workTreeFile(site, 'content/news/1.md'), 'utf8');
const problems = async () =>
  (await answer(site.api('/api/admin/content-checks'))).body.problems as {
    entity: string;
    id: string;
    field: string;
    check: string;
    message: string;
    blocks: boolean;
  }[];

describe('saving', () => {
  it('refuses a markdown image without a description with 400 naming the field, and changes nothing', async () => {
    const before = commitCount(site);
    const file = newsFile();
    const res = await answer(
      site.api('/api/news.php?id=1', {
        method: 'PUT',
        json: { what: 'Our day:\n\n![](/media/news/1.png)' },
      }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['what']);
    expect((res.body.fields as Record<string, string>).what).toMatch(/has no description/);
    expect(res.body.error).toBe((res.body.fields as Record<string, string>).what);
    expectNoCommit(site, before);
    expect(newsFile()).toBe(file);
  });

  it('refuses an image field set without its description (the workshop schedule), naming the description field', async () => {
    const before = commitCount(site);
    const res = await answer(site.api('/api/workshop_schedule.php', { method: 'PUT', json: { alt: '' } }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ alt: expect.stringMatching(/^Describe the schedule image/) });
    expectNoCommit(site, before);
    const decorative = await answer(
      site.api('/api/workshop_schedule.php', { method: 'PUT', json: { alt: 'decorative' } }),
    );
    expect(decorative.status).toBe(200);
    expect(decorative.body.warnings).toBeUndefined();
  });

  it('saves a "click here" link and answers with a warning beside the usual keys', async () => {
    const before = commitCount(site);
    const res = await answer(
      site.api('/api/news.php?id=1', {
        method: 'PUT',
        json: { what: 'The brief is out: [click here](/research).' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Updated successfully!');
    expect(res.body.id).toBe('1');
    expect(res.body.warnings).toEqual([
      { field: 'what', message: expect.stringMatching(/^The link “click here” does not say where it goes/) },
    ]);
    expect(commitCount(site)).toBe(before + 1);
    expect(newsFile()).toContain('[click here](/research)');
  });

  it('a clean save carries no warnings key (the documented answer as it was)', async () => {
    const res = await answer(
      site.api('/api/news.php?id=2', {
        method: 'PUT',
        json: { what: 'Read [the research brief](/research).' },
      }),
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).not.toContain('warnings');
  });
});

describe('the Content checks page', () => {
  it('lists each live problem with its item and field, as npm run check-content reports them', async () => {
    await answer(
      site.api('/api/news.php?id=3', {
        method: 'PUT',
        json: { what: '# Big title\n\nSee [our events](/evnts) and ![A chart](/media/news/404.png).' },
      }),
    );
    const listed = await problems();
    const of3 = listed.filter((p) => p.entity === 'news' && p.id === '3').map((p) => p.check);
    expect(of3).toEqual(['headings', 'media', 'address']);
    expect(listed).toContainEqual(expect.objectContaining({ entity: 'news', id: '1', check: 'linkText' }));
    const fromScript = (await checkContent(site.siteDir)).findings;
    const key = (p: { entity: string; id: string; field: string; message: string }) =>
      `${p.entity} ${p.id} ${p.field} ${p.message}`;
    expect(fromScript.map(key).sort()).toEqual(listed.map(key).sort());
  });

  it('reports live content only: a draft’s problems appear once it is published, and its publish says so', async () => {
    const draft = String(
      (await answer(site.api('/api/drafts', { method: 'POST', json: { title: 'Links' } }))).body.id,
    );
    const saved = await answer(
      site.api(`/api/news.php?id=4&draft=${draft}`, {
        method: 'PUT',
        json: { what: 'More on the site: [read more](/news).' },
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.warnings).toEqual([{ field: 'what', message: expect.stringMatching(/“read more”/) }]);
    expect((await problems()).filter((p) => p.entity === 'news' && p.id === '4')).toEqual([]);

    const published = await answer(site.api(`/api/drafts/${draft}/publish`, { method: 'POST', json: {} }));
    expect(published.status).toBe(200);
    expect(published.body.state).toBe('published');
    expect(published.body.warnings).toEqual([
      { entity: 'news', id: '4', field: 'what', message: expect.stringMatching(/“read more”/) },
    ]);
    expect((await problems()).filter((p) => p.entity === 'news' && p.id === '4').map((p) => p.check)).toEqual(
      ['linkText'],
    );
  });

  it('checks a form’s values before they are saved (a missing media file in a markdown field)', async () => {
    const res = await answer(
      site.api('/api/admin/content-checks', {
        method: 'POST',
        json: { entity: 'news', values: { what: '![Our team](/media/news/nope.png)' } },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.findings).toEqual([
      expect.objectContaining({ field: 'what', check: 'media', blocks: false }),
    ]);
    const bad = await answer(
      site.api('/api/admin/content-checks', { method: 'POST', json: { entity: 'messages', values: {} } }),
    );
    expect(bad.status).toBe(400);
  });
});
