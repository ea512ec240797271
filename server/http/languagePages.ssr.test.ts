// Every public page in English and in Spanish as the server draws it (issue 36): its language on
// <html>, its address in each language and English as the default (hreflang), the site's own words
// in Spanish, the Spanish news feed announced, and a page under a language the site lacks not found.
// Real server, real built web app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { PUBLIC_PATHS } from '../schema/site/publicPaths.ts';
import { languagePath } from '../schema/site/languages.ts';

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
}, 30_000);
afterAll(async () => site?.stop());

const page = async (path: string) => {
  const res = await fetch(site.url + path);
  return { status: res.status, body: await res.text() };
};
const alternates = (body: string) =>
  [...body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(
    ([, lang, href]) => `${lang} ${href!.replace(site.url, '')}`,
  );

describe('every public page', () => {
  it.each(PUBLIC_PATHS.filter((p) => p !== '/search'))(
    '%s is drawn in English and in Spanish, each naming both and English as the default',
    async (path) => {
      const english = await page(path);
      // An event page staff have hidden is not found in either language, and names none.
      if (english.status === 404) {
        expect(alternates(english.body)).toEqual([]);
        const spanish = await page(languagePath('es', path));
        expect(spanish.status).toBe(404);
        expect(alternates(spanish.body)).toEqual([]);
        return;
      }
      // The page's own address as it names it (an event page's spelling is the one staff gave it).
      const own = /<link rel="canonical" href="([^"]+)" \/>/.exec(english.body)![1]!.replace(site.url, '');
      expect(own.toLowerCase()).toBe(path.toLowerCase());
      const es = languagePath('es', own);
      const want = [`en ${own}`, `es ${es}`, `x-default ${own}`];
      for (const [at, lang] of [
        [path, 'en'],
        [languagePath('es', path), 'es'],
      ] as const) {
        const { status, body } = await page(at);
        expect(status, at).toBe(200);
        expect(body, at).toContain(`<html lang="${lang}"`);
        expect(alternates(body), at).toEqual(want);
        expect(body, at).toContain(`<link rel="canonical" href="${site.url}${lang === 'en' ? own : es}" />`);
      }
    },
  );

  it('in Spanish has the site’s own words and menus in Spanish and announces the Spanish feeds', async () => {
    const { body } = await page('/es/news');
    expect(body).toContain('INICIO');
    expect(body).toContain('Quiénes somos');
    expect(body).toContain(`href="${site.url}/es/news.atom"`);
    expect(body).toContain(`href="${site.url}/es/events.ics"`);
    expect(body).toContain('href="/es/about"');
    const en = (await page('/news')).body;
    expect(en).toContain(`href="${site.url}/news.atom"`);
    expect(en).not.toContain('INICIO');
  });

  it('under a language the site does not have is not found, and names no other language', async () => {
    const { status, body } = await page('/fr/news');
    expect(status).toBe(404);
    expect(body).toContain('<meta name="robots" content="noindex" />');
    expect(alternates(body)).toEqual([]);
  });
});
