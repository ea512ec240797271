// The admin's own page (admin.html, its scripts preloaded) goes to admin addresses when the build
// has it; index.html stays the frame of the public pages; neither is served at its own file path.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { standInBuild } from './standInBuildTestKit.ts';
import { WebApp } from './webApp.ts';

const ADMIN_HTML =
  '<!doctype html><html><head><title>Admin</title>' +
  '<link rel="modulepreload" href="/assets/tiny-1.js"></head><body><div id="root"></div></body></html>';
const noIndex = {} as ContentIndex;
let dist = '';
afterEach(async () => {
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe('the admin page', () => {
  it('is admin.html when the build has one, with the pages’ headers, and not a file of its own', async () => {
    dist = await standInBuild();
    await writeFile(path.join(dist, 'admin.html'), ADMIN_HTML);
    const web = new WebApp(dist, noIndex);
    const admin = web.adminPage();
    expect(admin.prepared.body.toString()).toBe(ADMIN_HTML);
    expect(admin.prepared.type).toBe('text/html; charset=utf-8');
    expect(web.pageFor('/index.html').prepared.body.toString()).toContain('/assets/app-1.js');
    expect(web.file('/admin.html')).toBeUndefined();
    expect(web.file('/index.html')).toBeUndefined();
  });

  it('is index.html in a build without admin.html', async () => {
    dist = await standInBuild();
    const web = new WebApp(dist, noIndex);
    expect(web.adminPage().prepared.body.equals(web.pageFor('/index.html').prepared.body)).toBe(true);
  });
});
