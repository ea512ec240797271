// Translations over HTTP on a real site (issue 36): a translation saved with `?lang=es` is its own
// file beside the item's, read back in Spanish and nowhere in English; the English changing makes it
// out of date, with the changed words named, and a new translation makes it current again.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../../testing/testSite.ts';
import { CONTRIBUTOR } from '../../testing/reviewTeam.ts';

let site: TestSite;
let id = '';
let englishFile = '';
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const put = (q: string, body: Record<string, unknown>, cookie?: string) =>
  site.api(`/api/news.php?${q}`, { method: 'PUT', json: body, ...(cookie ? { headers: { cookie } } : {}) });
const read = async (q: string) => (await json(await fetch(`${site.url}/api/news.php?${q}`))) as unknown;
const newsIn = async (q: string) => (await read(q)) as Record<string, unknown>[];
const stateOf = async () => {
  const body = await json(await site.api('/api/translations?lang=es'));
  return (body.items as { entity: string; id: string; state: string }[]).find(
    (i) => i.entity === 'news' && i.id === id,
  )?.state;
};

beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
  const made = await json(
    await site.api('/api/news.php?shape=typed', {
      method: 'POST',
      json: { title: 'Science fair', what: 'Bring your projects.', when_date: '2026-11-10', link: '' },
    }),
  );
  id = String(made.id);
  englishFile = await readFile(path.join(site.siteDir, `content/news/${id}.md`), 'utf8');
});
afterAll(async () => {
  await site?.stop();
});

describe('a translation saved with ?lang=es', () => {
  it('is a file of its own with the words only, committed without touching the English file', async () => {
    const res = await put(`id=${id}&lang=es&shape=typed`, {
      title: 'Feria de ciencias',
      what: 'Traigan sus proyectos.',
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ title: 'Feria de ciencias', lang: 'es', when_date: '2026-11-10' });
    const file = await readFile(path.join(site.siteDir, `content/news/${id}.es.md`), 'utf8');
    expect(file).toBe('---\ntitle: Feria de ciencias\n---\nTraigan sus proyectos.\n');
    expect(await readFile(path.join(site.siteDir, `content/news/${id}.md`), 'utf8')).toBe(englishFile);
    expect(site.git('log', '-1', '--format=%s').trim()).toBe(
      `news: translate ${id} into es "Feria de ciencias"`,
    );
    expect(site.git('status', '--porcelain').trim()).toBe('');
  });

  it('is read in Spanish with ?lang=es, each item saying its language, and never in English', async () => {
    const es = await newsIn('lang=es&shape=typed');
    const mine = es.find((n) => String(n.id) === id)!;
    expect(mine).toMatchObject({ title: 'Feria de ciencias', what: 'Traigan sus proyectos.', lang: 'es' });
    expect(es.filter((n) => String(n.id) !== id).every((n) => n.lang === 'en')).toBe(true);
    const one = (await read(`lang=es&id=${id}`)) as Record<string, unknown>;
    expect(one).toMatchObject({ title: 'Feria de ciencias', lang: 'es' });
    for (const q of ['shape=typed', '', `id=${id}`]) {
      const text = JSON.stringify(await read(q));
      expect(text).not.toContain('Feria de ciencias');
      expect(text).not.toContain('"lang"');
    }
  });

  it('refuses a date, link or picture sent with the words, a language the site lacks, and a new item', async () => {
    const dated = await put(`id=${id}&lang=es`, { title: 'Otra', when_date: '2027-01-01' });
    expect(dated.status).toBe(400);
    expect((await json(dated)).fields).toEqual({ when_date: 'Not translated: this is the English item’s.' });
    const french = await put(`id=${id}&lang=fr`, { title: 'Foire' });
    expect(french.status).toBe(400);
    expect(await json(french)).toMatchObject({ error: 'This site has no such language.' });
    const created = await site.api('/api/news.php?lang=es', { method: 'POST', json: { title: 'Nueva' } });
    expect(created.status).toBe(400);
    expect((await newsIn('lang=es')).find((n) => String(n.id) === id)).toMatchObject({
      title: 'Feria de ciencias',
    });
  });

  it('is refused to a contributor on the live site, as any live change is', async () => {
    await site.deps.users.add(CONTRIBUTOR);
    const res = await fetch(`${site.url}/api/login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ username: CONTRIBUTOR.username, password: CONTRIBUTOR.password }),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const refused = await put(`id=${id}&lang=es`, { title: 'No' }, cookie);
    expect(refused.status).toBe(403);
  });
});

describe('a translation’s state', () => {
  it('is current once saved, missing for the rest', async () => {
    expect(await stateOf()).toBe('current');
    const body = await json(await site.api('/api/translations?lang=es'));
    const others = (body.items as { entity: string; id: string; state: string }[]).filter(
      (i) => !(i.entity === 'news' && i.id === id),
    );
    expect(others.length).toBeGreaterThan(10);
    // The starter site ships its menus and footer in Spanish.
    const shipped = others.filter((o) => o.state !== 'missing').map((o) => `${o.entity} ${o.state}`);
    expect(shipped.sort()).toEqual(['footer current', 'navigation current']);
  });

  it('is out of date when the English words change, naming the field and its words before', async () => {
    await put(`id=${id}&shape=typed`, { title: 'Science and art fair' });
    expect(await stateOf()).toBe('outdated');
    const one = await json(await site.api(`/api/translations/news/${id}?lang=es`));
    expect(one).toMatchObject({
      state: 'outdated',
      changed: ['title'],
      was: { title: 'Science fair' },
      english: { title: 'Science and art fair', what: 'Bring your projects.' },
      translation: { title: 'Feria de ciencias', what: 'Traigan sus proyectos.' },
    });
  });

  it('stays current when only a date changes, and is current again after a new translation', async () => {
    await put(`id=${id}&lang=es&shape=typed`, { title: 'Feria de ciencias y arte' });
    expect(await stateOf()).toBe('current');
    await put(`id=${id}&shape=typed`, { when_date: '2026-11-12' });
    expect(await stateOf()).toBe('current');
  });

  it('goes with its item when the item is deleted, in the same commit', async () => {
    const res = await site.api(`/api/news.php?id=${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(existsSync(path.join(site.siteDir, `content/news/${id}.es.md`))).toBe(false);
    expect(site.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(
      [`content/news/${id}.es.md`, `content/news/${id}.md`].sort(),
    );
  });
});

describe('the sitemap', () => {
  it('lists every page in each language, each naming all its languages and English as the default', async () => {
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = xml.split('<url>').slice(1);
    const locs = entries.map((e) => /<loc>([^<]+)<\/loc>/.exec(e)![1]!.replace(site.url, ''));
    expect(locs).toContain('/news');
    expect(locs).toContain('/es/news');
    expect(locs.filter((l) => l.startsWith('/es')).length).toBe(
      locs.filter((l) => !l.startsWith('/es')).length,
    );
    const news = entries.find((e) => e.includes(`<loc>${site.url}/es/news</loc>`))!;
    expect(news).toContain(`hreflang="en" href="${site.url}/news"`);
    expect(news).toContain(`hreflang="es" href="${site.url}/es/news"`);
    expect(news).toContain(`hreflang="x-default" href="${site.url}/news"`);
    expect(xml).toContain(`<loc>${site.url}/es</loc>`);
  });
});

describe('the news feed and calendar in Spanish', () => {
  it('carry the translated words under /es/, as a feed of their own', async () => {
    const made = await json(
      await site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title: 'Teacher workshop', what: 'Learn to teach *Python*.', when_date: '2026-11-20' },
      }),
    );
    await put(`id=${String(made.id)}&lang=es&shape=typed`, {
      title: 'Taller para docentes',
      what: 'Aprenda a enseñar *Python*.',
    });
    const es = await (await fetch(`${site.url}/es/news.atom`)).text();
    expect(es).toContain('xml:lang="es"');
    expect(es).toContain('<title type="text">Taller para docentes</title>');
    expect(es).toContain('Aprenda a enseñar');
    expect(es).toContain(`href="${site.url}/es/news.atom"`);
    expect(es).toMatch(/<id>tag:[^<]+:news\/es<\/id>/);
    const en = await (await fetch(`${site.url}/news.atom`)).text();
    expect(en).toContain('<title type="text">Teacher workshop</title>');
    expect(en).not.toContain('Taller');
    expect((await fetch(`${site.url}/es/events.ics`)).status).toBe(200);
    expect((await fetch(`${site.url}/fr/news.atom`)).status).toBe(404);
    expect((await fetch(`${site.url}/es/sitemap.xml`)).status).toBe(404);
  });
});

describe('the languages setting', () => {
  it('refuses a language whose folder a page of the site already uses', async () => {
    const page = await site.api('/api/pages?shape=typed', {
      method: 'POST',
      json: {
        title: 'Vietnam exchange',
        path: '/vi',
        summary: 'Our exchange.',
        sections: [{ type: 'text', body: 'Hello.' }],
      },
    });
    expect(page.status).toBe(201);
    const res = await site.api('/api/languages?shape=typed', {
      method: 'PUT',
      json: {
        languages: [
          { code: 'en', name: 'English' },
          { code: 'es', name: 'Español' },
          { code: 'vi', name: 'Tiếng Việt' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).fields).toEqual({
      'languages.2.code':
        'Language 3: a page of the site is at /vi, where this language’s pages would go. Move that page first.',
    });
  });
});

describe('site search in Spanish', () => {
  it('finds the Spanish words and leads to the Spanish page; English search does not find them', async () => {
    const find = async (q: string) =>
      (await json(await fetch(`${site.url}/api/search?q=${encodeURIComponent(q)}`))).results as {
        title: string;
        href: string;
      }[];
    let found: { title: string; href: string }[] = [];
    await eventually(
      async () => {
        const body = await json(await fetch(`${site.url}/api/search?q=taller&lang=es`));
        found = body.results as typeof found;
        return found.length > 0;
      },
      5000,
      'the Spanish search finds the translated news item',
    );
    expect(found[0]).toMatchObject({ href: '/es/news' });
    expect(JSON.stringify(found[0]!.title)).toContain('Taller');
    expect(await find('taller')).toEqual([]);
    expect((await fetch(`${site.url}/api/search?q=taller&lang=fr`)).status).toBe(400);
  });
});

describe('a translation in a draft', () => {
  it('is saved into the draft only, read there with ?lang=es, and goes live when the draft is published', async () => {
    const made = await json(
      await site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title: 'Family night', what: 'Come with your family.', when_date: '2026-12-01' },
      }),
    );
    const item = String(made.id);
    const draft = String(
      (await json(await site.api('/api/drafts', { method: 'POST', json: { title: 'Spanish words' } }))).id,
    );
    const res = await put(`id=${item}&lang=es&draft=${draft}&shape=typed`, {
      title: 'Noche familiar',
      what: 'Venga con su familia.',
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ title: 'Noche familiar', lang: 'es' });
    const live = (await newsIn('lang=es')).find((n) => String(n.id) === item)!;
    expect(live).toMatchObject({ title: 'Family night', lang: 'en' });
    expect(existsSync(path.join(site.siteDir, `content/news/${item}.es.md`))).toBe(false);
    const inDraft = await json(await site.api(`/api/news.php?draft=${draft}&lang=es&id=${item}&shape=typed`));
    expect(inDraft).toMatchObject({ title: 'Noche familiar', lang: 'es' });
    const detail = await json(await site.api(`/api/drafts/${draft}`));
    expect(detail.changes).toEqual([
      expect.objectContaining({
        kind: 'item',
        entity: 'news',
        id: item,
        lang: 'es',
        title: 'Noche familiar',
      }),
    ]);
    const published = await site.api(`/api/drafts/${draft}/publish`, { method: 'POST', json: {} });
    expect(published.status).toBe(200);
    expect((await newsIn('lang=es')).find((n) => String(n.id) === item)).toMatchObject({
      title: 'Noche familiar',
      what: 'Venga con su familia.',
      lang: 'es',
    });
    expect(await readFile(path.join(site.siteDir, `content/news/${item}.es.md`), 'utf8')).toBe(
      '---\ntitle: Noche familiar\n---\nVenga con su familia.\n',
    );
    expect(site.git('status', '--porcelain').trim()).toBe('');
  });
});

describe('a translation’s history', () => {
  it('lists the commits of its own file, and shows each version’s words', async () => {
    const made = await json(
      await site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title: 'Open house', what: 'Visit us.' },
      }),
    );
    const item = String(made.id);
    await put(`id=${item}&lang=es&shape=typed`, { title: 'Puertas abiertas' });
    await put(`id=${item}&lang=es&shape=typed`, { title: 'Jornada de puertas abiertas' });
    const history = await json(await site.api(`/api/history?entity=news&id=${item}&lang=es`));
    expect(history.path).toBe(`content/news/${item}.es.md`);
    const commits = history.commits as { oid: string; message: string }[];
    expect(commits.map((c) => c.message.split('\n')[0])).toEqual([
      `news: translate ${item} into es "Jornada de puertas abiertas"`,
      `news: translate ${item} into es "Puertas abiertas"`,
    ]);
    const first = await json(
      await site.api(`/api/history/version?entity=news&id=${item}&lang=es&commit=${commits[1]!.oid}`),
    );
    expect(first.item).toMatchObject({ title: 'Puertas abiertas' });
    expect(first.text).toBe('---\ntitle: Puertas abiertas\n---\n');
    // Brought back as a new commit of the translation; the English file stays as it is.
    const english = await readFile(path.join(site.siteDir, `content/news/${item}.md`), 'utf8');
    const restored = await site.api(`/api/history/restore?lang=es`, {
      method: 'POST',
      json: { entity: 'news', id: item, commit: commits[1]!.oid },
    });
    expect(restored.status).toBe(200);
    expect((await newsIn('lang=es')).find((n) => String(n.id) === item)).toMatchObject({
      title: 'Puertas abiertas',
      lang: 'es',
    });
    expect(await readFile(path.join(site.siteDir, `content/news/${item}.es.md`), 'utf8')).toBe(
      '---\ntitle: Puertas abiertas\n---\n',
    );
    expect(await readFile(path.join(site.siteDir, `content/news/${item}.md`), 'utf8')).toBe(english);
  });
});

describe('the side-by-side facts inside a draft (?draft=)', () => {
  it('show the draft’s translation, leave the live facts alone, let a contributor read, 404 a stranger', async () => {
    const item = String(
      (
        await json(
          await site.api('/api/news.php?shape=typed', {
            method: 'POST',
            json: { title: 'Book swap', what: 'Bring a book, take a book.', when_date: '2026-12-05' },
          }),
        )
      ).id,
    );
    const draft = String(
      (await json(await site.api('/api/drafts', { method: 'POST', json: { title: 'Book swap es' } }))).id,
    );
    const saved = await put(`id=${item}&lang=es&draft=${draft}&shape=typed`, {
      title: 'Intercambio de libros',
    });
    expect(saved.status).toBe(200);
    const inDraft = await json(await site.api(`/api/translations/news/${item}?lang=es&draft=${draft}`));
    expect(inDraft).toMatchObject({
      state: 'current',
      english: { title: 'Book swap' },
      translation: { title: 'Intercambio de libros' },
    });
    expect(inDraft.version).toBe((await json(saved)).translationVersion);
    const live = await json(await site.api(`/api/translations/news/${item}?lang=es`));
    expect(live).toMatchObject({ state: 'missing', translation: null, version: '' });

    const unknown = await site.api(`/api/translations/news/${item}?lang=es&draft=d999999`);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ error: 'There is no such draft.' });

    await site.deps.users.add({
      ...CONTRIBUTOR,
      username: 'facts-contributor',
      email: 'facts@csed.example.org',
    });
    const login = await fetch(`${site.url}/api/login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ username: 'facts-contributor', password: CONTRIBUTOR.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const asContributor = await site.api(`/api/translations/news/${item}?lang=es&draft=${draft}`, {
      headers: { cookie },
    });
    expect(asContributor.status).toBe(200);
    expect(await json(asContributor)).toMatchObject({ translation: { title: 'Intercambio de libros' } });
  });
});

describe('removing a translation', () => {
  it('with ?lang=es removes the translation alone: the item stays, shown in English there', async () => {
    const made = await json(
      await site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title: 'Robotics club', what: 'Weekly.' },
      }),
    );
    const item = String(made.id);
    await put(`id=${item}&lang=es&shape=typed`, { title: 'Club de robótica' });
    const english = await readFile(path.join(site.siteDir, `content/news/${item}.md`), 'utf8');
    const res = await site.api(`/api/news.php?id=${item}&lang=es`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(existsSync(path.join(site.siteDir, `content/news/${item}.es.md`))).toBe(false);
    expect(await readFile(path.join(site.siteDir, `content/news/${item}.md`), 'utf8')).toBe(english);
    expect(site.git('log', '-1', '--format=%s').trim()).toBe(`news: remove the es translation of ${item}`);
    expect((await newsIn('lang=es')).find((n) => String(n.id) === item)).toMatchObject({
      title: 'Robotics club',
      lang: 'en',
    });
    const again = await site.api(`/api/news.php?id=${item}&lang=es`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect((await site.api(`/api/news.php?id=${item}&lang=fr`, { method: 'DELETE' })).status).toBe(400);
    expect(existsSync(path.join(site.siteDir, `content/news/${item}.md`))).toBe(true);
  });
});
