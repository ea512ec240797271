// The off-site backup in the admin area: staff read "Backed up …" at the top of the page, why and
// since when it fails while the backup is unreachable (saving keeps working), and a read-only copy of
// the site (a replica) says where to edit instead of offering a sign-in that cannot work.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import { startGitHttpServer, type GitHttpServer } from '../../server/testing/gitHttpServer.ts';
import type { RemoteSettings } from '../../server/remote/remoteSettings.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { openAdmin } from './support/adminSupport.ts';

const AUTH = { username: 'forge', password: 'forge-token' };
let root: string;
let forge: GitHttpServer;
let primary: TestSite;
let replica: TestSite;
let browser: Browser;

const settings = (over: Partial<RemoteSettings> = {}): RemoteSettings => ({
  url: forge.url('site'),
  credentials: AUTH,
  pullIntervalMs: 0,
  webhookSecret: 's',
  role: 'primary',
  primaryUrl: null,
  ...over,
});

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cms-e2e-remote-'));
  await mkdir(path.join(root, 'forge'));
  forge = await startGitHttpServer(path.join(root, 'forge'), AUTH);
  forge.createBare('site');
  primary = await startTestSite({ remote: settings() });
  replica = await startTestSite({ remote: settings({ role: 'replica', primaryUrl: primary.url }) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const s of [primary, replica]) await s?.stop();
  await forge?.close();
  await rm(root, { recursive: true, force: true });
});

it('the admin says when the site was last backed up, and why and since when it could not be', async () => {
  const { page, context, takeErrors } = await openPage(browser);
  await openAdmin(page, primary, '/NewsAdminPage');
  await expect
    .poll(() =>
      page
        .getByRole('status')
        .filter({ hasText: /^Backed up (just now|\d+ minutes? ago)\.$/ })
        .count(),
    )
    .toBe(1);
  forge.down = true;
  await primary.signIn();
  const res = await primary.api('/api/news.php?id=1', {
    method: 'PUT',
    json: { title: 'Saved while the backup is down' },
  });
  expect(res.status).toBe(200);
  await eventually(
    async () =>
      !((await (await fetch(`${primary.url}/api/health`)).json()) as { remote: { ok: boolean } }).remote.ok,
    10_000,
  );
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not reach the backup since' });
  await alert.waitFor();
  expect(await alert.textContent()).toMatch(
    /since .+: the backup server is not working right now\. Saving still works; changes are sent when it is back\.$/,
  );
  forge.down = false;
  await context.close();
  expect(takeErrors().filter((e) => !/503|Failed to load resource/.test(e))).toEqual([]);
});

it('a read-only copy of the site says where to edit, on its sign-in page', async () => {
  const { page, context } = await openPage(browser);
  await page.goto(`${replica.url}/admin`);
  const notice = page.getByRole('alert').filter({ hasText: 'This is a read-only copy of the site' });
  await notice.waitFor();
  const link = notice.getByRole('link', { name: `${primary.url}/admin` });
  expect(await link.getAttribute('href')).toBe(`${primary.url}/admin`);
  await context.close();
});
