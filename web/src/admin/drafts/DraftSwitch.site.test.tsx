// @vitest-environment jsdom
// Working in a draft from a normal collection page, against the real CMS: the switch and the banner
// say where saves go; the list, the opened item, a new item and an update all go with ?draft=ID and
// land in the draft (the live site unchanged); an address without the draft gets it back (it is
// remembered for the tab); choosing "Live site" leaves the draft, and saves go live again.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import AdminEntityPage from '../AdminEntityPage.tsx';
import AdminHome from '../AdminHome.tsx';
import { adminPages } from '../pages.ts';

let cms: RealCms;
beforeAll(async () => {
  cms = await startRealCms();
});
afterAll(() => cms?.stop());

const newsPage = adminPages.find((p) => p.route === '/NewsAdminPage')!;
const sent = (method: string) => cms.api.requests.filter((r) => r.method === method).map((r) => r.url);
const liveTitles = async () =>
  ((await call(cms, '/api/news.php?shape=typed')).body as unknown as { title: string }[]).map((n) => n.title);

it('puts the list, the form and every save of a collection page into the chosen draft, and back', async () => {
  const user = userEvent.setup();
  const draft = String((await call(cms, '/api/drafts', { json: { title: 'Autumn news' } })).body.id);
  const router = createMemoryRouter(
    [{ path: '/NewsAdminPage', element: <AdminEntityPage page={newsPage} /> }],
    {
      initialEntries: [`/NewsAdminPage?draft=${draft}`],
    },
  );
  render(<RouterProvider router={router} />);

  const banner = await screen.findByRole('region', { name: 'Working in a draft' });
  await waitFor(() => expect(banner).toHaveTextContent('You are working in the draft “Autumn news”.'));
  expect(banner).toHaveTextContent('What you save here goes into this draft, not the live site');
  expect(screen.getByText('Working in:').closest('summary')).toHaveTextContent('Working in: Autumn news');
  await waitFor(() =>
    expect(sent('GET')).toContain(`/api/admin/items?entity=news&per=25&draft=${draft}&media=url&shape=typed`),
  );

  // A new item: into the draft, shown in the draft's list, absent from the live site.
  await user.click(await screen.findByRole('button', { name: 'Add a news item' }));
  const add = screen.getByRole('heading', { name: 'Add a news item' }).closest('.admin-add') as HTMLElement;
  await user.type(within(add).getByLabelText(/^Title/), 'Harvest fair in the draft');
  await user.type(within(add).getByLabelText(/^Date/), '2026-10-10');
  await user.click(within(add).getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(sent('POST')).toEqual([`/api/news.php?draft=${draft}&media=url&shape=typed`]));
  const line = await screen.findByRole('link', { name: 'Harvest fair in the draft' });
  expect(await liveTitles()).not.toContain('Harvest fair in the draft');
  const inDraft = (await call(cms, `/api/news.php?draft=${draft}&shape=typed`)).body as unknown as {
    id: string;
    title: string;
  }[];
  const made = inDraft.find((n) => n.title === 'Harvest fair in the draft')!;

  // Opened and updated: read and saved in the draft too.
  await user.click(line);
  const title = await screen.findByRole('heading', { level: 3, name: 'Harvest fair in the draft' });
  const panel = title.closest('section')!;
  await waitFor(() =>
    expect(within(panel).getByLabelText(/^Title/)).toHaveValue('Harvest fair in the draft'),
  );
  expect(sent('GET')).toContain(`/api/news.php?id=${made.id}&admin=1&draft=${draft}&media=url&shape=typed`);
  await user.clear(within(panel).getByLabelText(/^Title/));
  await user.type(within(panel).getByLabelText(/^Title/), 'Harvest fair, draft two');
  await user.click(within(panel).getByRole('button', { name: 'Update' }));
  await waitFor(() =>
    expect(sent('PUT')).toEqual([`/api/news.php?id=${made.id}&draft=${draft}&media=url&shape=typed`]),
  );
  await screen.findByRole('link', { name: 'Harvest fair, draft two' });
  expect((await call(cms, `/api/news.php?id=${made.id}&draft=${draft}&shape=typed`)).body.title).toBe(
    'Harvest fair, draft two',
  );
  expect(await liveTitles()).not.toContain('Harvest fair, draft two');

  // A link without the draft (from elsewhere) opens in it still: the tab remembers it.
  await router.navigate('/NewsAdminPage');
  await waitFor(() => expect(router.state.location.search).toBe(`?draft=${draft}`));
  expect(screen.getByRole('region', { name: 'Working in a draft' })).toBeInTheDocument();

  // Back to the live site from the switch: no banner, the live list, saves go live.
  await user.click(screen.getByText('Working in:'));
  await user.click(screen.getByRole('link', { name: 'Live site' }));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(screen.queryByRole('region', { name: 'Working in a draft' })).toBeNull();
  expect(screen.getByText('Working in:').closest('summary')).toHaveTextContent('Working in: Live site');
  expect(sessionStorage.getItem('cms-working-draft')).toBeNull();
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Harvest fair, draft two' })).toBeNull());
  await user.click(await screen.findByRole('button', { name: 'Add a news item' }));
  const addLive = screen
    .getByRole('heading', { name: 'Add a news item' })
    .closest('.admin-add') as HTMLElement;
  await user.type(within(addLive).getByLabelText(/^Title/), 'Straight to the live site');
  await user.type(within(addLive).getByLabelText(/^Date/), '2026-10-11');
  await user.click(within(addLive).getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(sent('POST').at(-1)).toBe('/api/news.php?media=url&shape=typed'));
  await waitFor(async () => expect(await liveTitles()).toContain('Straight to the live site'));
});

it('leaves a draft that was published meanwhile, and says so', async () => {
  const draft = String((await call(cms, '/api/drafts', { json: { title: 'Quick fix' } })).body.id);
  await call(cms, `/api/drafts/${draft}/publish`, { json: {} });
  const router = createMemoryRouter(
    [{ path: '/NewsAdminPage', element: <AdminEntityPage page={newsPage} /> }],
    {
      initialEntries: [`/NewsAdminPage?draft=${draft}`],
    },
  );
  render(<RouterProvider router={router} />);
  expect(
    await screen.findByText(
      'The draft “Quick fix” was published, so you are working on the live site again.',
    ),
  ).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(screen.queryByRole('region', { name: 'Working in a draft' })).toBeNull();
});

it('keeps the draft in the admin home’s links, and shows no banner on a page that saves nothing of the site', async () => {
  const draft = String((await call(cms, '/api/drafts', { json: { title: 'Links keep it' } })).body.id);
  const messages = adminPages.find((p) => p.route === '/MessagesAdminPage')!;
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <AdminHome /> },
      { path: '/MessagesAdminPage', element: <AdminEntityPage page={messages} /> },
    ],
    { initialEntries: [`/admin?draft=${draft}`] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('region', { name: 'Working in a draft' });
  expect(screen.getByRole('link', { name: 'Open News', hidden: true })).toHaveAttribute(
    'href',
    `/NewsAdminPage?draft=${draft}`,
  );
  await router.navigate(`/MessagesAdminPage?draft=${draft}`);
  await screen.findByRole('heading', { level: 1, name: 'Messages' });
  // The draft's title arrives with the drafts list; until then the switch says "a draft".
  await waitFor(() =>
    expect(screen.getByText('Working in:').closest('summary')).toHaveTextContent('Working in: Links keep it'),
  );
  expect(screen.queryByRole('region', { name: 'Working in a draft' })).toBeNull();
});
