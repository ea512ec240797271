// The media library's calls on a real site (real git, real uploads): every file under media/ listed
// with where it is used; uploads of many files at once; a description and focal point kept beside the
// picture in git; a replace at the same address; a used file refused on delete (409 with its uses),
// an unused one deleted into "Recently deleted" and restored; and a file uploaded into a draft stays
// in the draft (not listed nor served on the live site) until it is published.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { commitCount, expectClean, git, jpg, pdfBytes, png, svg } from './writesTestKit.ts';
import type { MediaFileView, MediaPage } from '../../media/mediaLibrary.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
});
afterAll(async () => {
  await site?.stop();
});

const photo = (w: number, h: number, colour = '#3a6') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function upload(files: Record<string, Buffer>, query = '', cookie?: string) {
  const fd = new FormData();
  for (const [name, bytes] of Object.entries(files))
    fd.append('files', new Blob([new Uint8Array(bytes)]), name);
  return site.api(`/api/media${query}`, {
    method: 'POST',
    body: fd,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function listed(query = ''): Promise<MediaPage> {
  const res = await site.api(`/api/media${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as MediaPage;
}
const one = async (path: string, query = '') =>
  (await listed(`?per=100${query}`)).items.find((f) => f.path === path);

describe('the media library', () => {
  it('lists every file under media/ with its kind, size, picture size and where it is used', async () => {
    const page = await listed('?per=100&sort=name');
    expect(page.total).toBeGreaterThan(5);
    const headshot = page.items.find((f) => f.path.startsWith('media/profiles/'))!;
    expect(headshot).toMatchObject({ type: 'image', shared: false, folder: 'profiles' });
    expect(headshot.width).toBeGreaterThan(0);
    expect(headshot.bytes).toBeGreaterThan(0);
    expect(headshot.usedBy[0]).toMatchObject({
      entity: 'profiles',
      field: 'headshot',
      label: expect.any(String),
    });
    expect(headshot.src).toMatch(/\?v=[0-9a-f]{12}$/);
    // About files are part of their file, never listed as files of their own.
    expect(page.items.some((f) => f.path.endsWith('.md'))).toBe(false);
    // Filters: by kind, and what nothing uses.
    const pdfs = await listed('?type=pdf&per=100');
    expect(pdfs.items.length).toBeGreaterThan(0);
    expect(pdfs.items.every((f) => f.type === 'pdf')).toBe(true);
    const bad = await site.api('/api/media?type=svg');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.type).toBeDefined();
  });

  it('uploads many files at once into media/library, one commit, and lists them first', async () => {
    const before = commitCount(site);
    const res = await upload({
      'Class Photo.JPG': await photo(120, 80),
      'Brief 2026.pdf': pdfBytes('brief'),
    });
    expect(res.status).toBe(201);
    const { items } = (await res.json()) as { items: MediaFileView[] };
    expect(items).toHaveLength(2);
    expect(items[0]!.path).toMatch(/^media\/library\/class-photo-[0-9a-f]{6}\.jpg$/);
    expect(items[0]).toMatchObject({ type: 'image', width: 120, height: 80, shared: true, usedBy: [] });
    expect(items[1]!.path).toMatch(/^media\/library\/brief-2026-[0-9a-f]{6}\.pdf$/);
    expect(commitCount(site)).toBe(before + 1);
    expect(git(site, 'log', '-1', '--format=%s')).toBe('media: upload 2 files');
    expectClean(site);
    // Served at its address, and first in the newest-first list.
    expect((await fetch(site.url + items[0]!.url)).status).toBe(200);
    const newest = await listed('?per=2');
    expect(newest.items.map((f) => f.path).sort()).toEqual(items.map((f) => f.path).sort());
    // Only the library's own files (those a picture or file field takes), not the items' pictures.
    const shared = await listed('?shared=1&per=100');
    expect(shared.items.every((f) => f.shared && f.path.startsWith('media/library/'))).toBe(true);
    expect(shared.items.map((f) => f.path)).toEqual(expect.arrayContaining(items.map((f) => f.path)));
    expect(shared.total).toBeLessThan((await listed('?per=100')).total);
  });

  it('refuses a file that is not a picture or a PDF, naming it, and keeps nothing', async () => {
    const before = commitCount(site);
    const res = await upload({ 'ok.png': png('fine'), 'drawing.svg': svg() });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: string }).error).toMatch(/^drawing\.svg: /);
    expect(commitCount(site)).toBe(before);
    expectClean(site);
  });

  it('keeps a description and focal point beside the picture, in git', async () => {
    const [made] = (
      (await (await upload({ 'kids.jpg': await photo(200, 100) })).json()) as {
        items: MediaFileView[];
      }
    ).items;
    const res = await site.api(`/api/media?path=${made!.path}`, {
      method: 'PATCH',
      json: { alt: 'Students at the robotics fair', focus: { x: 0.25, y: 0.75 } },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      alt: 'Students at the robotics fair',
      focus: { x: 0.25, y: 0.75 },
    });
    expect(git(site, 'show', `HEAD:${made!.path}.md`)).toBe(
      '---\nalt: "Students at the robotics fair"\nfocus:\n  x: 0.25\n  y: 0.75\n---',
    );
    // Searched by its description.
    expect((await listed('?q=robotics')).items.map((f) => f.path)).toEqual([made!.path]);
    // Bad input changes nothing.
    const before = commitCount(site);
    const bad = await site.api(`/api/media?path=${made!.path}`, {
      method: 'PATCH',
      json: { focus: { x: 2, y: 0 } },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.focus).toMatch(/from 0 to 1/);
    expect(commitCount(site)).toBe(before);
  });

  it('refuses deleting a used file (409, naming its uses); an unused one is deleted and restored', async () => {
    const [made] = ((await (await upload({ 'used.png': png('used') })).json()) as { items: MediaFileView[] })
      .items;
    const saved = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'With a picture', what: `Look: ![A picture](${made!.url})` },
    });
    expect(saved.status).toBe(201);
    const newsId = String(((await saved.json()) as { id: string | number }).id);
    const shown = await one(made!.path);
    expect(shown!.usedBy).toEqual([
      { entity: 'news', id: newsId, field: 'what', title: 'With a picture', label: 'News' },
    ]);
    const before = commitCount(site);
    const refused = await site.api(`/api/media?path=${made!.path}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string; usedBy: unknown[] };
    expect(body.error).toMatch(/still used by one item: News “With a picture”/);
    expect(body.usedBy).toHaveLength(1);
    expect(commitCount(site)).toBe(before);

    const [spare] = (
      (await (await upload({ 'spare.png': png('spare') })).json()) as { items: MediaFileView[] }
    ).items;
    expect((await listed('?unused=1&per=100')).items.map((f) => f.path)).toContain(spare!.path);
    const gone = await site.api(`/api/media?path=${spare!.path}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect((await fetch(site.url + spare!.url)).status).toBe(404);
    const deleted = (await (await site.api('/api/media/deleted')).json()) as {
      items: { path: string; restoreFrom: string }[];
    };
    const entry = deleted.items.find((d) => d.path === spare!.path)!;
    expect(entry).toBeDefined();
    const back = await site.api('/api/media/restore', {
      method: 'POST',
      json: { path: spare!.path, commit: entry.restoreFrom },
    });
    expect(back.status).toBe(201);
    expect((await fetch(site.url + spare!.url)).status).toBe(200);
    expectClean(site);
  });

  it('replaces a file at the same address; the old bytes stay in history', async () => {
    const [made] = (
      (await (await upload({ 'logo.jpg': await photo(60, 60, '#f00') })).json()) as {
        items: MediaFileView[];
      }
    ).items;
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await photo(90, 45, '#00f'))]), 'new-logo.jpg');
    const res = await site.api(`/api/media?path=${made!.path}`, { method: 'PUT', body: fd });
    expect(res.status).toBe(200);
    const now = (await res.json()) as MediaFileView;
    expect(now).toMatchObject({ url: made!.url, width: 90, height: 45 });
    expect(now.src).not.toBe(made!.src);
    expect(git(site, 'log', '--format=%s', '-2', '--', made!.path).split('\n')).toEqual([
      `media: replace ${made!.path.replace('media/', '')}`,
      `media: upload ${made!.path.replace('media/', '')}`,
    ]);
    // Another kind of file cannot take its address.
    const wrong = new FormData();
    wrong.append('file', new Blob([new Uint8Array(png('wrong'))]), 'x.png');
    const refused = await site.api(`/api/media?path=${made!.path}`, { method: 'PUT', body: wrong });
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /replace a JPEG picture with a JPEG picture/,
    );
  });

  it('keeps a contributor’s upload in their draft: not listed nor served live until published', async () => {
    const admin = site.cookie;
    await site.deps.users.add({ username: 'cora', password: 'cora-password-1', role: 'contributor' });
    const cora = await site.signIn('cora', 'cora-password-1');
    site.cookie = admin;
    const live = await upload({ 'straight.jpg': jpg('live') }, '', cora);
    expect(live.status).toBe(403);
    const made = await site.api('/api/drafts', {
      method: 'POST',
      json: { title: 'Media draft' },
      headers: { cookie: cora },
    });
    const draft = String(((await made.json()) as { id: string }).id);
    const res = await upload({ 'secret.jpg': jpg('draft-only') }, `?draft=${draft}`, cora);
    expect(res.status).toBe(201);
    const [inDraft] = ((await res.json()) as { items: MediaFileView[] }).items;
    expect(inDraft!.src).toMatch(new RegExp(`^/preview/${draft}/media/library/secret-`));
    // Not on the live site: not listed, not served, not in the work tree's files.
    expect(await one(inDraft!.path)).toBeUndefined();
    expect((await fetch(site.url + inDraft!.url)).status).toBe(404);
    expect(git(site, 'ls-files', 'media/library')).not.toContain('secret-');
    // In the draft: listed, and shown in its preview to staff.
    expect(await one(inDraft!.path, `&draft=${draft}`)).toBeDefined();
    expect((await site.api(inDraft!.src)).status).toBe(200);
    expect((await fetch(site.url + inDraft!.src)).status).toBe(401);
    await site.api(`/api/drafts/${draft}/submit`, { method: 'POST', json: {}, headers: { cookie: cora } });
    const published = await site.api(`/api/drafts/${draft}/publish`, { method: 'POST', json: {} });
    expect(published.status).toBe(200);
    expect(await one(inDraft!.path)).toBeDefined();
    expect((await fetch(site.url + inDraft!.url)).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('records every change to the library, live and in drafts, with who and the file', async () => {
    const entries = async () => {
      await site.deps.audit.idle();
      const res = await site.api('/api/admin/audit');
      return (
        (await res.json()) as { entries: { action: string; who: string; id: string; detail?: string }[] }
      ).entries;
    };
    const all = await entries();
    const actions = new Set(all.map((e) => e.action));
    for (const action of ['media-upload', 'media-describe', 'media-replace', 'media-delete', 'media-restore'])
      expect(actions, action).toContain(action);
    expect(all.find((e) => e.action === 'media-upload' && e.detail === '2 files')?.who).toBe('admin');
    // The contributor's upload into their draft: named by the draft, with the file.
    const inDraft = all.find((e) => e.action === 'media-upload' && e.who === 'cora');
    expect(inDraft?.detail).toMatch(/^“Media draft”: media\/library\/secret-[0-9a-f]{6}\.jpg$/);
  });
});
