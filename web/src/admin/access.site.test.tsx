// @vitest-environment jsdom
// What each role is offered, against the real CMS (access.ts): a contributor sees the live site's
// pages read-only with the way into a draft (and saves there), submits drafts but is offered no
// approve, publish or schedule, and no Messages, audit log or Accounts; an editor gets live saves and
// the review steps but not the admins' pages, nor the dashboard's script address; an admin gets all.
import '../test/dom.ts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR } from '../../../server/http/routes/writesTestKit.ts';
import { call, startRealCms, type RealCms } from '../test/realCmsTestKit.ts';
import AdminEntityPage from './AdminEntityPage.tsx';
import AdminHome from './AdminHome.tsx';
import DraftPage from './drafts/DraftPage.tsx';
import { adminPages } from './pages.ts';

const CORA = {
  username: 'cora',
  password: 'cora-long-password-1',
  name: 'Cora Contributor',
  email: 'cora@example.org',
  role: 'contributor' as const,
};

let cms: RealCms;
let admin = '';
let cora = '';
let edith = '';
let corasDraft = '';

beforeAll(async () => {
  cms = await startRealCms();
  admin = cms.site.cookie;
  cora = await cms.colleague(CORA);
  edith = await cms.colleague({ ...EDITOR, role: 'editor' });
  await call(cms, '/api/news.php', {
    json: { title: 'Board meeting', when_date: '2026-09-01' },
    cookie: admin,
  });
  corasDraft = String(
    (await call(cms, '/api/drafts', { json: { title: 'Cora’s autumn news' }, cookie: cora })).body.id,
  );
  await call(cms, `/api/news.php?draft=${corasDraft}`, {
    json: { title: 'Harvest fair', when_date: '2026-10-10' },
    cookie: cora,
  });
});
afterAll(() => cms?.stop());

const page = (route: string) => adminPages.find((p) => p.route === route)!;

function show(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <AdminHome /> },
      { path: '/NewsAdminPage', element: <AdminEntityPage page={page('/NewsAdminPage')} /> },
      { path: '/BannerAdminPage', element: <AdminEntityPage page={page('/BannerAdminPage')} /> },
      { path: '/admin/drafts/:id', element: <DraftPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The admin home's entries, by title. */
const homeEntries = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Admin' });
  return [...document.querySelectorAll('.admin-home-list summary')].map((s) => s.textContent);
};

describe('a contributor', () => {
  it('sees the live site’s pages read-only, with the way into a draft, and can save once in one', async () => {
    const user = userEvent.setup();
    await cms.showAs(cora);
    const router = show('/NewsAdminPage?draft=');
    const notice = await screen.findByRole('region', {
      name: 'As a contributor you work in drafts: make or open a draft to change the site.',
    });
    await within(notice).findByRole('link', { name: 'Work in “Cora’s autumn news”' });
    await user.click(await screen.findByRole('link', { name: 'Board meeting' }));
    const panel = (await screen.findByRole('heading', { level: 3, name: 'Board meeting' })).closest(
      'section',
    )!;
    // Shown as visitors see it: no form, no Update, Delete or Add; its history without Restore.
    await within(panel).findByText('Board meeting', { selector: 'dd *' });
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete Entry Above' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a news item' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'History of Board meeting' });
    expect(history).toHaveTextContent('only editors and admins can do');
    expect(within(history).queryByRole('button', { name: /^Restore/ })).toBeNull();
    await user.keyboard('{Escape}');

    // Starting a draft from the notice puts this page into it: adding is offered there.
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await user.type(await screen.findByLabelText('Title of a new draft'), 'Cora’s winter news');
    await user.click(screen.getByRole('button', { name: 'Start a draft and work in it' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?draft=[a-z0-9-]+$/));
    expect(await screen.findByRole('button', { name: 'Add a news item' })).toBeInTheDocument();
    expect(screen.queryByText(/As a contributor you work in drafts/)).toBeNull();
  });

  it('sends their draft for review and may discard it, but is offered no approve, publish or schedule', async () => {
    await cms.showAs(cora);
    show(`/admin/drafts/${corasDraft}`);
    const steps = (await screen.findByRole('heading', { level: 2, name: 'Review and publish' })).closest(
      'section',
    )!;
    expect(within(steps).getByRole('button', { name: 'Send for review' })).toBeInTheDocument();
    expect(within(steps).getByRole('button', { name: 'Discard the draft' })).toBeInTheDocument();
    for (const name of ['Approve', 'Publish now', 'Schedule publishing', 'Ask for changes'])
      expect(within(steps).queryByRole('button', { name })).toBeNull();
    // Nor the site's approval setting.
    expect(screen.queryByRole('heading', { name: 'Approval' })).toBeNull();
    // The server refuses it whatever is shown.
    expect((await call(cms, `/api/drafts/${corasDraft}/publish`, { json: {}, cookie: cora })).status).toBe(
      403,
    );
  });

  it('is not offered Messages, the audit log or Accounts on the admin home', async () => {
    await cms.showAs(cora);
    show('/admin?draft=');
    const entries = await homeEntries();
    expect(entries).toContain('News');
    expect(entries).toContain('Drafts');
    for (const name of ['Messages', 'Audit log', 'Accounts']) expect(entries).not.toContain(name);
  });
});

describe('an editor', () => {
  it('saves on the live site and reviews drafts, but has no admins’ pages and cannot change the script address', async () => {
    const user = userEvent.setup();
    await call(cms, `/api/drafts/${corasDraft}/submit`, { json: {}, cookie: cora });
    await cms.showAs(edith);
    show('/NewsAdminPage?draft=');
    expect(await screen.findByRole('button', { name: 'Add a news item' })).toBeInTheDocument();
    expect(screen.queryByText(/As a contributor you work in drafts/)).toBeNull();
    await user.click(await screen.findByRole('link', { name: 'Board meeting' }));
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Entry Above' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toBeInTheDocument();
  });

  it('is offered approve and publish on a draft waiting for review', async () => {
    await cms.showAs(edith);
    show(`/admin/drafts/${corasDraft}`);
    const steps = (await screen.findByRole('heading', { level: 2, name: 'Review and publish' })).closest(
      'section',
    )!;
    expect(within(steps).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(steps).getByRole('button', { name: 'Publish now' })).toBeInTheDocument();
    expect(within(steps).getByRole('button', { name: 'Discard the draft' })).toBeInTheDocument();
  });

  it('has Messages but not the audit log or Accounts, and sees the dashboard’s script address read-only', async () => {
    await cms.showAs(edith);
    show('/admin?draft=');
    const entries = await homeEntries();
    expect(entries).toContain('Messages');
    for (const name of ['Audit log', 'Accounts']) expect(entries).not.toContain(name);
    cleanup();

    show('/BannerAdminPage?draft=');
    const script = await screen.findByLabelText('Dashboard embed script address');
    expect(script).toHaveAttribute('readonly');
    expect(script).toHaveAccessibleDescription(
      'Only an admin can change this: the script runs on the public site.',
    );
    expect(screen.getByLabelText('Data dashboard address')).not.toHaveAttribute('readonly');
  });
});

describe('an admin', () => {
  it('has the audit log and Accounts, and can change the script address', async () => {
    await cms.showAs(admin);
    show('/admin?draft=');
    const entries = await homeEntries();
    for (const name of ['Messages', 'Audit log', 'Accounts', 'Drafts']) expect(entries).toContain(name);
    cleanup();

    show('/BannerAdminPage?draft=');
    expect(await screen.findByLabelText('Dashboard embed script address')).not.toHaveAttribute('readonly');
  });
});

describe('one tab, two people', () => {
  it('reads the open page again for the next person instead of drawing what the last one read', async () => {
    await cms.showAs(admin);
    show('/NewsAdminPage?draft=');
    await screen.findByRole('link', { name: 'Board meeting' });
    const listReads = () =>
      cms.api.requests.filter((r) => r.method === 'GET' && r.url.includes('admin/items?entity=news')).length;
    const before = listReads();
    await cms.showAs(edith);
    await waitFor(() => expect(listReads()).toBe(before + 1));
    expect(await screen.findByRole('link', { name: 'Board meeting' })).toBeInTheDocument();
    // The same person checked again (the session goes on) keeps what is shown.
    await cms.showAs(edith);
    expect(listReads()).toBe(before + 1);
    // Signed out, the page goes; whoever signs in next gets it read for them, not a refusal.
    await cms.showAs('');
    await screen.findByRole('heading', { name: 'Admin sign-in' });
    await cms.showAs(admin);
    expect(await screen.findByRole('link', { name: 'Board meeting' })).toBeInTheDocument();
    expect(screen.queryAllByText(/You are signed out/)).toHaveLength(0);
  });
});
