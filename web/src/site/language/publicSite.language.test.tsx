// @vitest-environment jsdom
// A Spanish page in the browser: the server's HTML of /es/news hydrates under the /es folder with
// the same words (no mismatch), a move inside the app stays in the folder, and the reads after it
// ask for Spanish.
import '../../test/dom.ts';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preparePublicSite, PublicSite } from '../../App.tsx';
import { readUrl, setReadLanguage } from '../../lib/api.ts';
import { loadPagesWith } from '../../lib/resourceStore.ts';
import { NEWS_LISTING, pagedEndpoint } from '../../../../server/schema/site/paging.ts';
import { pageDataScript } from '../../../../server/schema/site/pageData.ts';
import { renderPage } from '../ssr/renderPage.tsx';

const answers: Record<string, unknown> = {
  languages: {
    languages: [
      { code: 'en', name: 'English' },
      { code: 'es', name: 'Español' },
    ],
  },
  navigation: { header: [{ label: 'NOTICIAS', link: '/news' }], footer: [] },
  [pagedEndpoint(NEWS_LISTING.endpoint, 1, NEWS_LISTING.perPage)]: {
    items: [{ id: '1', version: 'v1', title: 'Hola', when_date: '2026-11-10', what: 'Texto', lang: 'es' }],
    page: 1,
    pages: 1,
    total: 1,
  },
};

// jsdom has no matchMedia: the layout asks it whether the screen is narrow (a wide one, here).
if (!('matchMedia' in window) || typeof window.matchMedia !== 'function')
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
  document.documentElement.lang = 'en';
  history.replaceState(null, '', '/');
  setReadLanguage(undefined);
  loadPagesWith(null);
});

describe('a Spanish page in the browser', () => {
  it('hydrates under /es with the Spanish words and moves inside the folder', async () => {
    const page = renderPage('/es/news', {
      read: (endpoint) => answers[endpoint],
      markdown: (text) => `<p>${text}</p>`,
      lang: 'es',
    });
    document.documentElement.lang = 'es';
    history.replaceState(null, '', '/es/news');
    const container = document.createElement('div');
    // The server puts React's leading image preloads in <head> (server/site/pageHtml.ts).
    container.innerHTML = page.html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '');
    document.body.innerHTML = pageDataScript(page.data);
    document.body.append(container);
    expect(await preparePublicSite()).toBe(true);

    const mismatches: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <PublicSite />, { onRecoverableError: (e) => mismatches.push(e) });
      await Promise.resolve();
    });
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Noticias y reportajes');
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/news');

    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Eventos' }));
    });
    expect(location.pathname).toBe('/es/events');
    expect(readUrl('events_listing.php')).toContain('&lang=es');
  });
});
