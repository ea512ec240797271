// @vitest-environment jsdom
// A collection's "Recently deleted" list inside its admin section, against a real HTTP server on
// loopback: unfolded, it lists the deleted items with who deleted each and when; the filter box
// narrows them; one can be viewed as it was; Restore brings it back in one click (the history's
// restore, from the commit the list names), after which it is in the section's list, not in the
// deleted one, and the section's notice says so. A refused restore says why and keeps the item.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { collections } from '../../../../server/schema/registry.ts';
import { startApiServer, type ApiServer } from '../../test/apiServer.ts';
import type { AdminItem } from '../api.ts';
import type { DeletedItem } from '../entityApi.ts';
import { newsExtras } from '../extras/news.tsx';
import { CollectionSection } from '../sections/CollectionSection.tsx';
import { RecentlyDeleted } from './RecentlyDeleted.tsx';

const news = collections.find((c) => c.name === 'news')!;

const newsItem = (id: string, title: string): AdminItem => ({
  id,
  version: `v${id}`,
  title,
  link: '',
  what: 'Workshop details.',
  when_date: '2026-03-05',
  show_from: '',
  show_until: '',
});
const kept = newsItem('1', 'Kept news');
const workshop = newsItem('7', 'Spring workshop in Boston');
const deletedBy = (oid: string, name: string, date: string) => ({
  oid,
  author: { name, email: `${name.toLowerCase()}@example.org` },
  date,
  message: 'news: delete',
});
const gone: DeletedItem[] = [
  {
    id: '7',
    title: workshop.title as string,
    deleted: deletedBy('d7', 'Ana', '2026-03-06T17:00:00Z'),
    restoreFrom: 'c7',
  },
  {
    id: '3',
    title: 'Old newsletter',
    deleted: deletedBy('d3', 'Ben', '2026-02-01T10:00:00Z'),
    restoreFrom: 'c3',
  },
  { id: '2', title: '', deleted: deletedBy('d2', 'Ben', '2026-01-01T10:00:00Z'), restoreFrom: 'c2' },
];

let api: ApiServer;
/** What the server holds: the live items and the deleted ones; a restore moves one across. */
let live: AdminItem[];
let deleted: DeletedItem[];
let refuseRestore: string | null;

beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  live = [kept];
  deleted = [...gone];
  refuseRestore = null;
  api.answer((req) => {
    const url = new URL(req.url, api.origin);
    if (url.pathname === '/api/admin/items')
      return { json: { items: live, total: live.length, page: 1, per: 25, pages: 1 } };
    if (url.pathname === '/api/deleted') return { json: { entity: 'news', items: deleted } };
    if (url.pathname === '/api/history/version' && url.searchParams.get('commit') === 'c7')
      return { json: { commit: 'c7', item: workshop } };
    if (url.pathname === '/api/history/restore' && req.method === 'POST') {
      if (refuseRestore) return { status: 400, json: { error: refuseRestore } };
      const { id } = req.body as { id: string };
      const back = deleted.find((d) => d.id === id)!;
      deleted = deleted.filter((d) => d.id !== id);
      const item = newsItem(id, back.title);
      live = [...live, item];
      return { json: { ...item, message: 'Restored.' } };
    }
    return { status: 404, json: { error: 'Not found' } };
  });
});

function showSection() {
  render(
    <MemoryRouter initialEntries={['/NewsAdminPage']}>
      <CollectionSection def={news} extras={newsExtras} />
    </MemoryRouter>,
  );
}

const restores = () =>
  api.requests.filter((r) => r.url.startsWith('/api/history/restore')).map((r) => r.body);

async function unfold(user: ReturnType<typeof userEvent.setup>) {
  const toggle = screen.getByRole('button', { name: 'Recently deleted' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  toggle.focus();
  await user.keyboard('{Enter}');
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return within(await screen.findByRole('list', { name: 'Deleted items' }));
}

describe('Recently deleted, under a collection’s list', () => {
  it('is read only when unfolded, then lists each item with who deleted it and when', async () => {
    const user = userEvent.setup();
    showSection();
    await screen.findByRole('link', { name: 'Kept news' });
    expect(api.requests.some((r) => r.url.startsWith('/api/deleted'))).toBe(false);
    const list = await unfold(user);
    expect(api.requests.filter((r) => r.url.startsWith('/api/deleted')).map((r) => r.url)).toEqual([
      '/api/deleted?entity=news&media=url&shape=typed',
    ]);
    expect(screen.getByText('3 deleted items, the most recently deleted first.')).toBeInTheDocument();
    const lines = list.getAllByRole('listitem');
    expect(lines.map((li) => li.querySelector('.admin-row-title')?.textContent)).toEqual([
      'Spring workshop in Boston',
      'Old newsletter',
      'Item 2',
    ]);
    expect(lines[0]).toHaveTextContent(/Deleted .*2026.* by Ana/);
    expect(lines[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-03-06T17:00:00Z');
    expect(within(lines[1]!).getByRole('button', { name: 'Restore “Old newsletter”' })).toBeEnabled();
  });

  it('narrows to the items whose title has every word typed, or whose number it is', async () => {
    const user = userEvent.setup();
    showSection();
    const list = await unfold(user);
    const filter = screen.getByRole('searchbox', { name: 'Filter deleted items by title or number' });
    await user.type(filter, 'boston spring');
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Spring workshop in Boston'),
    ]);
    expect(screen.getByText('1 of 3 deleted items match “boston spring”.')).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, '2');
    expect(
      list.getAllByRole('listitem').map((li) => li.querySelector('.admin-row-title')?.textContent),
    ).toEqual(['Item 2']);
    await user.clear(filter);
    await user.type(filter, 'zeppelin');
    expect(screen.queryByRole('list', { name: 'Deleted items' })).toBeNull();
    expect(screen.getByText('No deleted items match “zeppelin”.')).toBeInTheDocument();
  });

  it('restores an item in one click: it joins the list, leaves the deleted ones, and a notice says so', async () => {
    const user = userEvent.setup();
    showSection();
    const list = await unfold(user);
    await user.click(list.getByRole('button', { name: 'Restore “Spring workshop in Boston”' }));
    expect(restores()).toEqual([{ entity: 'news', id: '7', commit: 'c7' }]);
    expect(
      await screen.findByText('Restored “Spring workshop in Boston”. It is back in the list above.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Spring workshop in Boston' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        list.getAllByRole('listitem').map((li) => li.querySelector('.admin-row-title')?.textContent),
      ).toEqual(['Old newsletter', 'Item 2']),
    );
    // The line that took its place has the focus, so the keyboard carries on from there.
    expect(list.getByRole('button', { name: 'Restore “Old newsletter”' })).toHaveFocus();
    expect(screen.getByText('2 deleted items, the most recently deleted first.')).toBeInTheDocument();
  });

  it('shows an item as it was before the delete, restores it from there, and Escape goes back', async () => {
    const user = userEvent.setup();
    showSection();
    const list = await unfold(user);
    const viewButton = list.getByRole('button', {
      name: 'View “Spring workshop in Boston” as it was before it was deleted',
    });
    await user.click(viewButton);
    let dialog = await screen.findByRole('dialog', {
      name: 'Spring workshop in Boston, before it was deleted',
    });
    expect(dialog).toHaveTextContent(/Deleted .*2026.* by Ana/);
    expect(await within(dialog).findByText('Workshop details.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(viewButton).toHaveFocus();
    expect(restores()).toEqual([]);

    await user.click(viewButton);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restore it' }));
    expect(restores()).toEqual([{ entity: 'news', id: '7', commit: 'c7' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText('Restored “Spring workshop in Boston”. It is back in the list above.'),
    ).toBeInTheDocument();
  });

  it('says why a restore was refused, and keeps the item in the deleted list', async () => {
    refuseRestore = 'The page URL /winterofcs is already used by "Winter of CS".';
    const user = userEvent.setup();
    showSection();
    const list = await unfold(user);
    await user.click(list.getByRole('button', { name: 'Restore “Old newsletter”' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refuseRestore);
    expect(list.getByRole('button', { name: 'Restore “Old newsletter”' })).toBeEnabled();
    expect(list.getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows 25 lines at first and the rest on request, the keyboard carrying on from the first added', async () => {
    deleted = Array.from({ length: 30 }, (_, i) => ({
      ...gone[1]!,
      id: String(100 - i),
      title: `Newsletter ${100 - i}`,
    }));
    const user = userEvent.setup();
    render(<RecentlyDeleted def={news} deletes={0} onRestored={vi.fn()} onError={vi.fn()} />);
    const list = await unfold(user);
    expect(list.getAllByRole('listitem')).toHaveLength(25);
    const more = screen.getByRole('button', { name: 'Show more (5 not shown)' });
    more.focus();
    await user.keyboard('{Enter}');
    expect(list.getAllByRole('listitem')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: /^Show more/ })).toBeNull();
    expect(
      list.getByRole('button', { name: 'View “Newsletter 75” as it was before it was deleted' }),
    ).toHaveFocus();
  });

  it('is read again when this tab deletes an item of the collection', async () => {
    const user = userEvent.setup();
    const props = { def: news, onRestored: vi.fn(), onError: vi.fn() };
    const { rerender } = render(<RecentlyDeleted {...props} deletes={0} />);
    const list = await unfold(user);
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    deleted = [{ ...gone[0]!, id: '9', title: 'Just deleted' }, ...deleted];
    rerender(<RecentlyDeleted {...props} deletes={1} />);
    expect(await list.findByText('Just deleted')).toBeInTheDocument();
  });
});
