// A page in another language (issue 36): the same route table under the language's folder, the
// site's own words and dates in that language, a switcher to the same page in the others, and the
// items that came untranslated marked with their own language.
import { describe, expect, it } from 'vitest';
import { NEWS_LISTING, pagedEndpoint } from '../../../../server/schema/site/paging.ts';
import type { PageSources } from '../../../../server/schema/site/pageData.ts';
import { renderPage } from './renderPage.tsx';

const BOTH = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
];

const news = (lang?: string) => ({
  items: [
    { id: '1', version: 'v1', title: 'Abren las inscripciones', when_date: '2026-11-10', what: 'Hola', lang },
    { id: '2', version: 'v1', title: 'Welcome, Jordan', when_date: '2026-08-20', what: 'Hello', lang: 'en' },
  ],
  page: 1,
  pages: 2,
  total: 30,
});

function sources(lang: string | undefined, languages = BOTH): PageSources {
  const answers: Record<string, unknown> = {
    languages: { id: 'languages', version: 'v1', languages },
    navigation: {
      header: [
        { label: 'NOTICIAS', link: '/news' },
        { label: 'Contáctenos', link: '/contact' },
      ],
      footer: [],
    },
    [pagedEndpoint(NEWS_LISTING.endpoint, 1, NEWS_LISTING.perPage)]: news(lang),
  };
  return {
    read: (endpoint) => answers[endpoint],
    markdown: (text) => `<p>${text}</p>`,
    ...(lang ? { lang } : {}),
  };
}

describe('renderPage in a language', () => {
  it('draws /es/news with Spanish words, dates and links under /es/', () => {
    const { html, status, head } = renderPage('/es/news', sources('es'));
    expect(status).toBe(200);
    expect(head.title).toBe('Noticias');
    expect(html).toContain('<h1>Noticias y reportajes</h1>');
    expect(html).toContain('Saltar al contenido principal');
    expect(html).toContain('>Buscar</button>');
    expect(html).toContain('10 de noviembre de 2026');
    // Router links and plain links alike are in the folder.
    expect(html).toContain('href="/es/news"');
    expect(html).toContain('href="/es/events"');
    expect(html).toContain('action="/es/search"');
    expect(html).toContain('href="/es/contact"');
    expect(html).not.toMatch(/href="\/es\/es/);
    // The numbered pages: Spanish steps, in the folder.
    expect(html).toMatch(/<a rel="next" class="pagination-step" href="\/es\/news\/page\/2"[^>]*>Siguiente/);
    expect(html).toContain('aria-label="Página 2"');
  });

  it('links the switcher to the same page in each language, its query kept, the current one marked', () => {
    const { html } = renderPage('/es/news/page/2?x=1', sources('es'));
    expect(html).toContain('<nav class="language-switcher" aria-label="Idiomas">');
    expect(html).toContain('<a href="/news/page/2?x=1" lang="en" hrefLang="en">English</a>');
    expect(html).toContain(
      '<a href="/es/news/page/2?x=1" lang="es" hrefLang="es" aria-current="true">Español</a>',
    );
  });

  it('marks an item that came in English on a Spanish page with lang="en"', () => {
    const { html } = renderPage('/es/news', sources('es'));
    expect(html).toContain('<article class="news-item"><h2 class="news-title">Abren las inscripciones');
    expect(html).toContain('<article class="news-item" lang="en"><h2 class="news-title">Welcome, Jordan');
  });

  it('leaves the English page as it was: no folder, English words, no lang on its items', () => {
    const { html, head } = renderPage('/news', sources(undefined));
    expect(head.title).toBe('News');
    expect(html).toContain('<h1>News and Features</h1>');
    expect(html).toContain('November 10, 2026');
    expect(html).toContain('href="/events"');
    expect(html).not.toContain('href="/es/events"');
    expect(html).not.toContain('lang="en"><h2');
    expect(html).toContain('<a href="/es/news" lang="es" hrefLang="es">Español</a>');
    expect(html).toContain('<a href="/news" lang="en" hrefLang="en" aria-current="true">English</a>');
  });

  it('shows no switcher while the site is in English alone', () => {
    const { html } = renderPage('/news', sources(undefined, [{ code: 'en', name: 'English' }]));
    expect(html).not.toContain('language-switcher');
  });

  it('gives a language with no dictionary the English words, under its own folder', () => {
    const listed = [...BOTH, { code: 'fr', name: 'Français' }];
    const { html } = renderPage('/fr/news', sources('fr', listed));
    expect(html).toContain('<h1>News and Features</h1>');
    expect(html).toContain('href="/fr/events"');
    expect(html).toContain('<a href="/es/news" lang="es" hrefLang="es">Español</a>');
    expect(html).toContain('10 novembre 2026');
  });

  it('answers an unknown address in the folder with the Spanish not-found page', () => {
    const answers = { ...sources('es'), read: (e: string) => (e === 'page_paths' ? [] : undefined) };
    const { html, status } = renderPage('/es/no-such-page', answers);
    expect(status).toBe(404);
    expect(html).toContain('<h1>No se encontró la página</h1>');
    expect(html).toContain('href="/es"');
  });
});
