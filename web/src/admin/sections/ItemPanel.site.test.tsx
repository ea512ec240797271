// @vitest-environment jsdom
// An opened item against a real HTTP server on loopback: the delete confirmation (cancel keeps the
// item, confirm deletes the version shown, a newer save asks again), the history dialog with its
// compare view, and an edit dialog that asks before Escape drops typed changes. Focus goes back to
// the button that opened a dialog. window.confirm is the browser's own prompt, answered here.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { collections } from '../../../../server/schema/registry.ts';
import { startApiServer, type ApiServer, type Handler } from '../../test/apiServer.ts';
import type { AdminItem } from '../api.ts';
import type { Commit } from '../entityApi.ts';
import { newsExtras } from '../extras/news.tsx';
import { profileExtras } from '../extras/simple.ts';
import { DISCARD_MESSAGE } from '../ui/unsaved.tsx';
import { ItemPanel } from './ItemPanel.tsx';

const collection = (name: string) => collections.find((c) => c.name === name)!;
const news = collection('news');
const profile = collection('profiles');

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
  // The markdown editor is loaded lazily when an item opens; on a busy machine its first load (the
  // editor and its markdown renderer, transformed for this worker) took longer than a test's wait,
  // and all six tests failed together. Loaded here, under the hook's longer limit, it is at hand.
  await import('../form/MdEditor.tsx');
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const item: AdminItem = {
  id: '7',
  version: 'v1',
  title: 'Spring workshop in Boston',
  link: '',
  what: '',
  when_date: '2026-03-05',
  show_from: '',
  show_until: '',
};
const commits: Commit[] = [
  {
    oid: 'c2',
    author: { name: 'Ben', email: 'ben@example.org' },
    date: '2026-03-06T10:00:00Z',
    message: 'news: update 7',
  },
  {
    oid: 'c1',
    author: { name: 'Ana', email: 'ana@example.org' },
    date: '2026-03-05T10:00:00Z',
    message: 'news: create 7',
  },
];
const versions: Record<string, AdminItem> = {
  c2: item,
  c1: { ...item, version: 'v0', title: 'Spring workshop in Denver' },
};

/** The CMS's answers for item 7 and its history; anything else is left to `more`. */
function serve(more: Handler = () => ({ status: 404, json: { error: 'Not found' } })) {
  api.answer((req, sent) => {
    const url = new URL(req.url, api.origin);
    if (req.method === 'GET' && url.pathname === '/api/news.php' && url.searchParams.get('id') === '7')
      return { json: item };
    if (url.pathname === '/api/history') return { json: { commits } };
    if (url.pathname === '/api/history/version')
      return { json: { item: versions[url.searchParams.get('commit') ?? ''] } };
    return more(req, sent);
  });
}

const deletes = () => api.requests.filter((r) => r.method === 'DELETE').map((r) => r.url);

function openNews() {
  const calls = { onClose: vi.fn(), onSaved: vi.fn(), onDeleted: vi.fn() };
  const notify = { success: vi.fn(), error: vi.fn() };
  render(<ItemPanel def={news} extras={newsExtras} id="7" notify={notify} {...calls} />);
  return { calls, notify };
}

describe('deleting an item', () => {
  it('asks first, and Cancel leaves the item alone', async () => {
    serve();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    const { calls } = openNews();
    const remove = await screen.findByRole('button', { name: 'Delete Entry Above' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this news item?');
    expect(remove).toHaveFocus();
    expect(deletes()).toEqual([]);
    expect(calls.onDeleted).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Spring workshop in Boston');
  });

  it('deletes the version shown once confirmed', async () => {
    serve(() => ({ json: {} }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    const { calls } = openNews();
    await user.click(await screen.findByRole('button', { name: 'Delete Entry Above' }));
    await waitFor(() => expect(calls.onDeleted).toHaveBeenCalledTimes(1));
    expect(deletes()).toEqual(['/api/news.php?id=7&version=v1&media=url&shape=typed']);
  });

  it('asks again, naming their version, when someone else saved it meanwhile', async () => {
    const theirs = { ...item, title: 'Spring workshop (moved)', version: 'v2' };
    serve((req) =>
      req.url.includes('version=v1')
        ? { status: 409, json: { error: 'Changed by someone else.', current: theirs } }
        : { json: {} },
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(true).mockReturnValueOnce(false);
    const user = userEvent.setup();
    const { calls, notify } = openNews();
    await user.click(await screen.findByRole('button', { name: 'Delete Entry Above' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    expect(confirm).toHaveBeenLastCalledWith(
      'Someone else changed “Spring workshop (moved)” after this page loaded it. Delete it anyway?',
    );
    // Declined: their version stays, and nothing is reported as failed.
    expect(deletes()).toEqual(['/api/news.php?id=7&version=v1&media=url&shape=typed']);
    expect(calls.onDeleted).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();

    confirm.mockReturnValueOnce(true).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Delete Entry Above' }));
    await waitFor(() => expect(calls.onDeleted).toHaveBeenCalledTimes(1));
    expect(deletes().slice(1)).toEqual([
      '/api/news.php?id=7&version=v1&media=url&shape=typed',
      '/api/news.php?id=7&version=v2&media=url&shape=typed',
    ]);
  });
});

describe('the history dialog', () => {
  it('lists the saves, compares one with the current version, and Escape returns to History', async () => {
    serve();
    const user = userEvent.setup();
    openNews();
    const opener = await screen.findByRole('button', { name: 'History' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'History of Spring workshop in Boston' });
    const list = await within(dialog).findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/Ben.*Edited \(current version\)/),
      expect.stringMatching(/Ana.*Created/),
    ]);

    await user.click(within(dialog).getByRole('button', { name: /^Compare the version saved/ }));
    expect(await within(dialog).findByText(/1 of 8 fields differ/)).toBeInTheDocument();
    const title = within(dialog).getByRole('region', { name: 'Title' });
    expect(title.querySelector('del')).toHaveTextContent('[only in this version: Denver]');
    expect(title.querySelector('ins')).toHaveTextContent('[only in the current version: Boston]');

    await user.click(within(dialog).getByRole('button', { name: 'Back to the list' }));
    expect(within(dialog).getByRole('list')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});

describe('an item edited in a dialog', () => {
  const person: AdminItem = { id: '3', version: 'p1', name: 'Ana Ruiz', title: 'Director', headshot: '' };

  function openProfile() {
    api.answer((req) =>
      req.url.startsWith('/api/about_us.php?id=3') ? { json: person } : { status: 404, json: {} },
    );
    const onClose = vi.fn();
    const notify = { success: vi.fn(), error: vi.fn() };
    render(
      <ItemPanel
        def={profile}
        extras={profileExtras}
        id="3"
        notify={notify}
        onClose={onClose}
        onSaved={vi.fn()}
        onDeleted={vi.fn()}
      />,
    );
    return onClose;
  }

  it('closes on Escape at once when nothing was typed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    const onClose = openProfile();
    const dialog = screen.getByRole('dialog', { name: /^Edit / });
    await within(dialog).findByLabelText(/^Name/);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(true);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before Escape or Cancel drops typed changes, and keeps them when told to', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    const onClose = openProfile();
    const name = await screen.findByLabelText(/^Name/);
    await user.type(name, ' Díaz');
    await user.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledWith(DISCARD_MESSAGE);
    expect(onClose).not.toHaveBeenCalled();
    expect(name).toHaveValue('Ana Ruiz Díaz');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();

    confirm.mockReturnValue(true);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
