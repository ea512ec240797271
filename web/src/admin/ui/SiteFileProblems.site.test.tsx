// @vitest-environment jsdom
// The admin home lists files of the site that could not be used, from the real server's health
// answer: a hand edit that broke a news item's front matter and a FIFO named like content.
import '../../test/dom.ts';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../../../../server/testing/testSite.ts';
import { startApiServer, type ApiServer } from '../../test/apiServer.ts';
import { SiteFileProblems } from './SiteFileProblems.tsx';

let site: TestSite;
let api: ApiServer;
beforeAll(async () => {
  site = await startTestSite();
  api = await startApiServer();
});
afterAll(async () => {
  await api?.close();
  await site?.stop();
});

it('lists each file with its problem in plain words, and nothing when all is well', async () => {
  const healthy = await (await site.api('/api/health')).json();
  api.answer(() => ({ json: healthy }));
  const { unmount } = render(<SiteFileProblems />);
  await new Promise((r) => setTimeout(r, 300));
  expect(screen.queryByRole('heading', { name: /has a problem|have a problem/ })).toBeNull();
  unmount();

  await writeFile(path.join(site.siteDir, 'content/news/1.md'), '---\ntitle: [unclosed\n---\nBody\n');
  spawnSync('mkfifo', [path.join(site.siteDir, 'content/news/77.md')]);
  const broken = await eventually(
    async () => {
      const h = await (await site.api('/api/health')).json();
      return h.errors.length === 2 ? h : null;
    },
    3000,
    'both problems on health',
  );
  api.answer(() => ({ json: broken }));
  render(<SiteFileProblems />);
  const section = (
    await screen.findByRole('heading', { name: '2 files of the site have a problem' })
  ).closest('section')!;
  const items = within(section).getAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^content\/news\/1\.md: /),
      'content/news/77.md: This is a pipe (FIFO), not a regular file, so it is not read.',
    ]),
  );
  expect(section.textContent).toContain('Visitors still see the last good version of each.');
});
