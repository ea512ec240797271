// Responsive images end to end on a real server: WebP variants of the asked width (never upscaled),
// encoded once and kept outside git, new ones for a changed image, and <img> tags in the server's
// HTML carrying the image's real width and height with a srcset of the variants.
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInBuild } from './standInBuildTestKit.ts';
import { eventually, startTestSite, type TestSite } from '../testing/testSite.ts';
import { MediaVariants } from './mediaVariants.ts';

let site: TestSite;
let dist: string;
let variantsDir: string;
beforeAll(async () => {
  dist = await standInBuild();
  site = await startTestSite({ distDir: dist });
  variantsDir = path.join(site.dataDir, 'cache', 'media-variants');
});
afterAll(async () => {
  await site.stop();
  await rm(dist, { recursive: true, force: true });
});

const paperImage = async () => {
  const res = await site.api('/api/get_pdf_metadata.php?media=url');
  const papers = (await res.json()) as { first_page: string }[];
  return papers[0]!.first_page; // /media/papers/….jpg?v=…
};
const blobOf = (rel: string) => site.git('rev-parse', `HEAD:${rel}`).trim();
const bytesOf = async (url: string) => Buffer.from(await (await site.api(url)).arrayBuffer());
const mediaRel = (src: string) => decodeURIComponent(src.slice(1, src.indexOf('?')));

describe('WebP variants', () => {
  it('come in the asked width as WebP, immutable, encoded once and kept outside git', async () => {
    const src = await paperImage();
    const original = await sharp(await bytesOf(src)).metadata();
    expect(original.width).toBeGreaterThan(320);
    const res = await site.api(`${src}&w=320`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 320]);
    expect(meta.height).toBe(Math.round((original.height * 320) / original.width));

    const file = path.join(variantsDir, `${blobOf(mediaRel(src))}-320.webp`);
    const first = await stat(file);
    const again = await site.api(`${src}&w=320`);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const second = await stat(file);
    // Not encoded again: the very same file (a new encoding would be renamed over it: a new inode).
    expect([second.ino, second.mtimeMs]).toEqual([first.ino, first.mtimeMs]);
    expect(site.git('status', '--porcelain')).toBe('');
  });

  it('of graphics (PNG) are lossless WebP, of photos lossy', async () => {
    const chunk = async (url: string) => (await bytesOf(url)).subarray(12, 16).toString('latin1');
    expect(await chunk('/media/site/workshop-schedule.png?w=640')).toBe('VP8L');
    expect(await chunk(`${await paperImage()}&w=320`)).toBe('VP8 ');
  });

  it('are never wider than the image, and only come in the listed widths', async () => {
    const src = await paperImage();
    const { width } = await sharp(Buffer.from(await (await site.api(src)).arrayBuffer())).metadata();
    const wide = await site.api(`${src}&w=1600`);
    expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(width);
    expect((await site.api(`${src}&w=500`)).status).toBe(404);
    expect((await site.api(`${src}&w=abc`)).status).toBe(404);
    expect((await site.api('/media/papers/1.pdf?w=320')).status).toBe(404);
  });
});

describe('the variants cache', () => {
  it('lets go of variants of images the site no longer has, and of left-over temporary files', async () => {
    const src = await paperImage();
    expect((await site.api(`${src}&w=640`)).status).toBe(200);
    const current = `${blobOf(mediaRel(src))}-640.webp`;
    const gone = `${'0'.repeat(40)}-320.webp`;
    await writeFile(path.join(variantsDir, gone), 'old');
    await writeFile(path.join(variantsDir, `.${current}.abc123def456.tmp`), 'half');
    const variants = new MediaVariants(site.deps.index, () => Promise.resolve(null), variantsDir);
    expect(await variants.sweep()).toBe(2);
    expect(await readdir(variantsDir)).toContain(current);
    expect(await readdir(variantsDir)).not.toContain(gone);
    expect((await readdir(variantsDir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('server-rendered <img>', () => {
  it('carries the real width and height and a srcset of the WebP variants', async () => {
    const src = await paperImage();
    const { width, height } = await sharp(Buffer.from(await (await site.api(src)).arrayBuffer())).metadata();
    const html = await eventually(
      async () => {
        const page = await (await site.api('/research')).text();
        return /srcset=/i.test(page) ? page : '';
      },
      5000,
      'a srcset on /research',
    );
    // React writes srcSet and fetchPriority; HTML attribute names are case-insensitive.
    const tag = /<img [^>]*class="paper-image"[^>]*>/
      .exec(html)![0]
      .replace(/ (\w+)=/g, (a) => a.toLowerCase());
    const amp = src.replace(/&/g, '&amp;');
    expect(tag).toContain(`width="${width}"`);
    expect(tag).toContain(`height="${height}"`);
    expect(tag).toContain(`srcset="${amp}&amp;w=320 320w, ${amp}&amp;w=640 ${width}w"`);
    expect(tag).toMatch(/sizes="[^"]+"/);
    // The first paper's image may be the largest thing on the page: fetched first, not lazily.
    expect(tag).toContain('fetchpriority="high"');
  });

  it('a changed image gets its new size and new variants (a new blob id)', async () => {
    await site.signIn();
    const before = await (await site.api('/api/about_us.php?id=1&media=url')).json();
    const picture = await sharp({ create: { width: 1300, height: 700, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('id', '1');
    form.set('version', before.version);
    form.set('headshot', new Blob([picture], { type: 'image/jpeg' }), 'new.jpg');
    const saved = await site.api('/api/about_us.php?media=url', { method: 'POST', body: form });
    expect(saved.status).toBe(200);
    const src = (await saved.json()).headshot as string;
    expect(src).not.toBe(before.headshot);
    await site.signOut();

    const html = await eventually(
      async () => {
        const page = await (await site.api('/about')).text();
        return page.includes('width="1300"') ? page : '';
      },
      5000,
      "the new headshot's size on /about",
    );
    expect(html).toContain(`${src.replace(/&/g, '&amp;')}&amp;w=1024 1024w`);
    const blob = blobOf(mediaRel(src));
    const res = await site.api(`${src}&w=1024`);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1024);
    expect(await readdir(variantsDir)).toContain(`${blob}-1024.webp`);
  });
});
