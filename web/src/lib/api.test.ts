// The public site's reads in the page's language: set by the public site only, so the admin's
// reads (and posts) never carry it.
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, readUrl, setReadLanguage } from './api.ts';

describe('readUrl', () => {
  afterEach(() => setReadLanguage(undefined));

  it('is apiUrl until the public site sets a language', () => {
    expect(readUrl('news.php')).toBe(apiUrl('news.php'));
    setReadLanguage('en');
    expect(readUrl('news.php')).toBe('/api/news.php?media=url&shape=typed');
  });

  it('asks for the page language once set', () => {
    setReadLanguage('es');
    expect(readUrl('news.php?page=2')).toBe('/api/news.php?page=2&media=url&shape=typed&lang=es');
    // Other addresses the app builds (a download link drawn on the server too) stay as they were.
    expect(apiUrl('download_pdf.php?id=1')).toBe('/api/download_pdf.php?id=1&media=url&shape=typed');
  });
});
