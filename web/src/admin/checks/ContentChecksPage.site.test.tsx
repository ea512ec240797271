// @vitest-environment jsdom
// The Content checks page against the real CMS: every live problem, item by item, linked to the
// item's form; a draft's problems are not there; a contributor is told who may see the page.
import '../../test/dom.ts';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import ContentChecksPage from './ContentChecksPage.tsx';

let cms: RealCms;
let admin = '';
let cora = '';
let newsId = '';

beforeAll(async () => {
  cms = await startRealCms();
  admin = cms.site.cookie;
  cora = await cms.colleague({
    username: 'cora',
    password: 'cora-long-password-1',
    name: 'Cora Contributor',
    email: 'cora@example.org',
    role: 'contributor',
  });
  const saved = await call(cms, '/api/news.php', {
    json: { title: 'Board meeting', what: '## Agenda\n\n[click here](/news).\n\n#### Minutes' },
    cookie: admin,
  });
  newsId = String(saved.body.id);
  const draft = String((await call(cms, '/api/drafts', { json: { title: 'Later' }, cookie: cora })).body.id);
  await call(cms, `/api/news.php?draft=${draft}`, {
    json: { title: 'Secret plans', what: '[read more](/nowhere-yet)' },
    cookie: cora,
  });
});
afterAll(() => cms?.stop());

function show() {
  const router = createMemoryRouter([{ path: '/ContentChecksAdminPage', element: <ContentChecksPage /> }], {
    initialEntries: ['/ContentChecksAdminPage'],
  });
  render(<RouterProvider router={router} />);
}

describe('the Content checks page', () => {
  it('lists each live problem in plain words under its item, linked to the item’s form', async () => {
    await cms.showAs(admin);
    show();
    const item = await screen.findByRole('region', { name: 'News: Board meeting' });
    expect(within(item).getByRole('link', { name: 'News: Board meeting' })).toHaveAttribute(
      'href',
      `/NewsAdminPage?news=${newsId}`,
    );
    const lines = within(item)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^What: The heading “Minutes” skips from level 2 to level 4\./),
      expect.stringMatching(/^What: The link “click here” does not say where it goes/),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(/^2 problems in 1 item\.$/);
    // A draft's problems are not the live site's.
    expect(screen.queryByText(/Secret plans/)).toBeNull();
    expect(screen.queryByText(/read more/)).toBeNull();
  });

  it('tells a contributor who may see it, and asks the server nothing', async () => {
    await cms.showAs(cora);
    show();
    expect(await screen.findByText(/editors and admins/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Board meeting/ })).toBeNull();
  });
});
