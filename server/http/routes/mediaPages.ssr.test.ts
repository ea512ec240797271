// The media library on the public pages (real server, real built web app, real pictures): a text's
// picture is drawn at its version and with its stored description; a news item's picture shows on
// /news cropped around its focal point, in the news feed, and as the page's link preview (1200 × 630,
// cropped there too); a replace gives every page the new picture at a new version.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import type { MediaFileView } from '../../media/mediaLibrary.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
}, 30_000);
afterAll(async () => site?.stop());

const photo = (w: number, h: number, colour: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function upload(name: string, bytes: Buffer): Promise<MediaFileView> {
  const fd = new FormData();
  fd.append('files', new Blob([new Uint8Array(bytes)]), name);
  const res = await site.api('/api/media', { method: 'POST', body: fd });
  expect(res.status).toBe(201);
  return ((await res.json()) as { items: MediaFileView[] }).items[0]!;
}

const describeFile = async (path: string, about: object) =>
  expect((await site.api(`/api/media?path=${path}`, { method: 'PATCH', json: about })).status).toBe(200);

const page = async (path: string) => (await fetch(site.url + path)).text();

describe('pictures of the media library on the public pages', () => {
  it('draws a text’s picture at its version, with its stored description when it has no words', async () => {
    const file = await upload('fair.jpg', await photo(64, 48, '#c33'));
    await describeFile(file.path, { alt: 'Students at the science fair' });
    // No words of its own: the content check accepts it, as the file is described.
    const saved = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Fair day', what: `The fair:\n\n![](${file.url})` },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const html = await page('/news');
    const version = file.src.split('?v=')[1]!;
    expect(html).toContain(`src="${file.url}?v=${version}" alt="Students at the science fair"`);

    // Replaced: the page draws the new version.
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await photo(80, 40, '#33c'))]), 'fair-2.jpg');
    const replaced = (await (
      await site.api(`/api/media?path=${file.path}`, { method: 'PUT', body: fd })
    ).json()) as MediaFileView;
    const after = await page('/news');
    expect(after).toContain(`src="${replaced.src}"`);
    expect(after).not.toContain(`?v=${version}`);
  });

  it('refuses a text picture with no words when its file has no description either', async () => {
    const file = await upload('plain.jpg', await photo(20, 20, '#3c3'));
    const res = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Undescribed', what: `![](${file.url})` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/has no description/);
  });

  it('shows a news item’s picture on /news around its focal point, in the feed and as the link preview', async () => {
    const file = await upload('team.jpg', await photo(800, 800, '#fa0'));
    await describeFile(file.path, { alt: 'The robotics team', focus: { x: 0.2, y: 0.8 } });
    // Chosen from the library: the news item points at the shared file, which stays where it is.
    const saved = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Team news', what: 'They won.', picture: file.path, when_date: '2099-01-01' },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const html = await page('/news');
    const img = /<img[^>]*class="news-picture"[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain('alt="The robotics team"');
    expect(img).toContain('object-position:20% 80%');
    expect(img).toMatch(/srcSet="[^"]*\?v=[0-9a-f]{12}&amp;w=320 320w/i);
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(og).toBe(`${site.url}${file.src}&amp;share=1`);
    const preview = await fetch(og!.replace(/&amp;/g, '&'));
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect(html).toContain('<meta property="og:image:alt" content="The robotics team" />');
    const feed = await page('/news.atom');
    expect(feed).toContain(`<link rel="enclosure" type="image/jpeg" href="${site.url}${file.src}"/>`);
  });
});
