// @vitest-environment jsdom
// The Drafts page against the real CMS: each draft in its section (mine, waiting for review,
// scheduled, others', recently closed), a new draft started from its form (and opened), and the
// site's approval setting switched on and off.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR } from '../../../../server/http/routes/writesTestKit.ts';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import DraftPage from './DraftPage.tsx';
import DraftsPage from './DraftsPage.tsx';

let cms: RealCms;
let edith: string;
const made: Record<string, string> = {};

const newDraft = async (title: string, cookie?: string) => {
  const res = await call(cms, '/api/drafts', { json: { title }, cookie });
  made[title] = String(res.body.id);
  return made[title];
};
const saveNews = (draft: string, title: string, cookie?: string) =>
  call(cms, `/api/news.php?draft=${draft}`, { json: { title, when_date: '2026-11-20' }, cookie });

beforeAll(async () => {
  cms = await startRealCms();
  edith = await cms.colleague(EDITOR);
  const mine = await newDraft('My spring news');
  await saveNews(mine, 'Spring fair');
  const review = await newDraft('Edith’s board report', edith);
  await saveNews(review, 'Board report', edith);
  await call(cms, `/api/drafts/${review}/submit`, { json: {}, cookie: edith });
  const other = await newDraft('Edith’s open draft', edith);
  await saveNews(other, 'Still writing', edith);
  const later = await newDraft('Winter announcement', edith);
  // In the reader's own time (the admin shows times so): 5 March 2031, 9:30 in the morning.
  await call(cms, `/api/drafts/${later}/schedule`, {
    json: { at: new Date('2031-03-05T09:30').toISOString() },
    cookie: edith,
  });
  const gone = await newDraft('Thrown away');
  await call(cms, `/api/drafts/${gone}/discard`, { json: {} });
});
afterAll(() => cms?.stop());

function show(path = '/admin/drafts') {
  const router = createMemoryRouter(
    [
      { path: '/admin/drafts', element: <DraftsPage /> },
      { path: '/admin/drafts/:id', element: <DraftPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section')!;
const titles = (s: HTMLElement) =>
  within(s)
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('.admin-row-title')?.textContent);

describe('the Drafts page', () => {
  it('shows each draft in its section, with its state and a way to work in the open ones', async () => {
    show();
    const mine = await section('My drafts');
    await waitFor(() => expect(titles(mine)).toEqual(['My spring news']));
    expect(within(mine).getByText('Being edited')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Work in it: My spring news' })).toHaveAttribute(
      'href',
      `/admin?draft=${made['My spring news']}`,
    );
    expect(titles(await section('Waiting for review'))).toEqual(['Edith’s board report']);
    const scheduled = await section('Scheduled');
    expect(titles(scheduled)).toEqual(['Winter announcement']);
    expect(within(scheduled).getByText('Scheduled for Mar 5, 2031, 9:30 AM')).toHaveClass(
      'admin-draft-state',
    );
    expect(within(scheduled).queryByText('Being edited')).toBeNull();
    expect(titles(await section('Other open drafts'))).toEqual(['Edith’s open draft']);
    const closed = await section('Recently published or discarded');
    expect(titles(closed)).toEqual(['Thrown away']);
    expect(within(closed).getByText('Discarded')).toBeInTheDocument();
    expect(within(closed).queryByRole('link', { name: /Work in it/ })).toBeNull();
    // Each title opens its draft.
    expect(within(mine).getByRole('link', { name: 'My spring news' })).toHaveAttribute(
      'href',
      `/admin/drafts/${made['My spring news']}`,
    );
  });

  it('a scheduled draft’s badge says when it goes live: on its page and in the “Working in” switch', async () => {
    show(`/admin/drafts/${made['Winter announcement']}`);
    const status = await screen.findByRole('heading', { level: 2, name: /^Where it stands:/ });
    await waitFor(() =>
      expect(status).toHaveTextContent('Where it stands: Scheduled for Mar 5, 2031, 9:30 AM'),
    );
    const switcher = screen.getByText('Working in:').closest('details')!;
    const item = within(switcher).getByRole('link', { name: 'Winter announcement' }).closest('li')!;
    await waitFor(() =>
      expect(item).toHaveTextContent('Winter announcement — draft, scheduled for Mar 5, 2031, 9:30 AM'),
    );
    const mine = within(switcher).getByRole('link', { name: 'My spring news' }).closest('li')!;
    expect(mine).toHaveTextContent('My spring news — draft, being edited');
  });

  it('starts a new draft from its title and opens it; an empty title is refused in words', async () => {
    const user = userEvent.setup();
    const router = show();
    const box = await screen.findByLabelText('Title of the draft');
    await user.click(screen.getByRole('button', { name: 'Start the draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the draft a title.');
    expect(box).toBeInvalid();
    await user.type(box, 'Summer symposium');
    await user.click(screen.getByRole('button', { name: 'Start the draft' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer symposium' })).toBeInTheDocument();
    const listed = (await call(cms, '/api/drafts')).body.drafts as { id: string; title: string }[];
    const draft = listed.find((d) => d.title === 'Summer symposium')!;
    expect(router.state.location.pathname).toBe(`/admin/drafts/${draft.id}`);
    expect(await screen.findByText(/No one has saved anything into it yet/)).toBeInTheDocument();
  });

  it('switches the approval setting for the whole site, and says so', async () => {
    const user = userEvent.setup();
    show();
    const box = await screen.findByRole('checkbox', { name: 'Publishing needs approval by someone else' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(await screen.findByText(/Saved: a draft now needs approval/)).toBeInTheDocument();
    expect((await call(cms, '/api/drafts/settings')).body).toEqual({ needsApproval: true });
    expect(box).toBeChecked();
    await user.click(box);
    expect(
      await screen.findByText(/Saved: drafts can now be published without approval/),
    ).toBeInTheDocument();
    expect((await call(cms, '/api/drafts/settings')).body).toEqual({ needsApproval: false });
  });

  it('tells whoever scheduled a draft that a later save called the publish off, here and on the draft', async () => {
    const id = await newDraft('Scheduled, then changed', edith);
    await saveNews(id, 'First words', edith);
    const at = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    expect((await call(cms, `/api/drafts/${id}/schedule`, { json: { at } })).status).toBe(200);
    expect((await saveNews(id, 'Later words', edith)).status).toBe(201);
    show();
    const told = await screen.findByText(/Your plan to publish/);
    expect(told).toHaveTextContent(/was called off: Edith Editor saved new changes into the draft/);
    expect(within(told).getByRole('link', { name: 'Scheduled, then changed' })).toHaveAttribute(
      'href',
      `/admin/drafts/${id}`,
    );
  });
});
