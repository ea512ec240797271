// The JavaScript budget of the public site (issue 10): at most 100 KB gzipped on any public route,
// counted from the build (the page's script, its modulepreloads and every chunk they import
// statically) and checked against what Chromium really fetches on each route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicScripts, scriptsOfPage } from '../../scripts/build/publicScripts.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';

const BUDGET = 100 * 1024;
const DIST = path.resolve(import.meta.dirname, '../../dist');
const ROUTES = [
  '/',
  '/about',
  '/educators',
  '/summerOfCS',
  '/winterOfCS',
  '/researchAndPolicy',
  '/news',
  '/events',
  '/spotlight',
  '/research',
  '/TableauDashboardEmbed',
  '/contact',
  '/no-such-page',
];

let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('JavaScript budget', () => {
  it('counts the entry, its modulepreloads and their static imports, but not the admin chunk', () => {
    const scripts = publicScripts(DIST);
    const names = scripts.map((s) => s.file);
    expect(names.some((n) => /^assets\/index-.*\.js$/.test(n))).toBe(true);
    expect(names.some((n) => /^assets\/react-.*\.js$/.test(n))).toBe(true);
    expect(names.filter((n) => /Admin|MdEditor|Editor/i.test(n))).toEqual([]);
  });

  it(`keeps every public route at or under ${kb(BUDGET)} gzipped`, async () => {
    const lines: string[] = [];
    const over: string[] = [];
    for (const route of ROUTES) {
      const res = await fetch(site.url + route);
      const html = await res.text();
      const scripts = publicScripts(DIST, html);
      const total = scripts.reduce((n, s) => n + s.gzipped, 0);
      const each = scripts.map((s) => `${path.basename(s.file)} ${kb(s.gzipped)}`).join(', ');
      lines.push(`${route}: ${kb(total)} gzipped (${each})`);
      if (total > BUDGET) over.push(`${route}: ${kb(total)}`);
      // A public page names exactly the scripts of the build's index.html.
      const built = readFileSync(path.join(DIST, 'index.html'), 'utf8');
      expect(scriptsOfPage(html).sort(), route).toEqual(scriptsOfPage(built).sort());
    }
    console.log(`JavaScript per public route:\n  ${lines.join('\n  ')}`);
    expect(over).toEqual([]);
  });

  it('is what Chromium fetches on each route: nothing beyond the counted scripts', async () => {
    const counted = new Set(publicScripts(DIST).map((s) => `/${s.file}`));
    const w = await openPage(browser);
    const fetched = new Set<string>();
    w.page.on('request', (r) => {
      if (r.resourceType() === 'script' && r.url().startsWith(site.url))
        fetched.add(new URL(r.url()).pathname);
    });
    for (const route of ROUTES) {
      await w.page.goto(site.url + route);
      await w.page.waitForLoadState('load');
    }
    // The dashboard's external embed script is the page's content, not the site's code.
    const ours = [...fetched].filter((p) => p.startsWith('/assets/'));
    expect(ours.filter((p) => !counted.has(p))).toEqual([]);
    await w.context.close();
  });
});
