// The page's language: where the browser finds it, how plain links follow it, and which items are
// marked as another language's.
import { describe, expect, it } from 'vitest';
import { browserPageLanguage } from './browserLanguage.ts';
import { inLanguage, langAttr } from './siteLanguage.tsx';

describe('browserPageLanguage', () => {
  it('takes <html lang> when the address is in its folder', () => {
    expect(browserPageLanguage('es', '/es/news')).toBe('es');
    expect(browserPageLanguage('es', '/es')).toBe('es');
    expect(browserPageLanguage('es-MX', '/es/')).toBe('es');
  });
  it('is English otherwise', () => {
    expect(browserPageLanguage('en', '/news')).toBe('en');
    expect(browserPageLanguage('', '/es/news')).toBe('en');
    expect(browserPageLanguage('es', '/news')).toBe('en');
  });
});

describe('inLanguage', () => {
  it('puts pages of the site in the folder, once', () => {
    expect(inLanguage('es', '/')).toBe('/es');
    expect(inLanguage('es', '/contact')).toBe('/es/contact');
    expect(inLanguage('es', '/search?q=a')).toBe('/es/search?q=a');
    expect(inLanguage('es', '/es/news')).toBe('/es/news');
  });
  it('leaves files, /api, /media, other sites and English pages as they are', () => {
    for (const href of ['/news.atom', '/api/x.php', '/media/a.jpg', 'https://x.org/a', '//x.org'])
      expect(inLanguage('es', href)).toBe(href);
    expect(inLanguage('en', '/contact')).toBe('/contact');
  });
});

describe('langAttr', () => {
  it("marks an item in another language than the page's", () => {
    expect(langAttr({ lang: 'en' }, 'es')).toEqual({ lang: 'en' });
    expect(langAttr({ lang: 'es' }, 'es')).toEqual({});
    expect(langAttr({}, 'es')).toEqual({});
    expect(langAttr(undefined, 'es')).toEqual({});
  });
});
