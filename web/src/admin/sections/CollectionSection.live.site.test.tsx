// @vitest-environment jsdom
// The news section of the admin against the real CMS (a test site: real git, the real admin list and
// /api/stream), every request of the page counted on its way there. This tab's own create, save,
// move in the order and restore are drawn from the save's answer: no list or item is read again.
// Someone else's save is one request for the one item it wrote; their delete, none; a hand edit,
// which the stream cannot name item by item, reads the page shown again, once.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestSite, type TestSite } from '../../../../server/testing/testSite.ts';
import { collections, entities } from '../../../../server/schema/registry.ts';
import { serializeItem } from '../../../../server/content/index/fileFormat.ts';
import { startApiServer, type ApiServer, type SeenRequest } from '../../test/apiServer.ts';
import { installEventSource, TestEventSource } from '../../test/eventSource.ts';
import { newsExtras } from '../extras/news.tsx';
import { CollectionSection } from './CollectionSection.tsx';

const news = collections.find((c) => c.name === 'news')!;
const OTHER = { username: 'bea', password: 'another long password' };

let site: TestSite;
let api: ApiServer;
/** Bea, another member of staff, saving from her own browser. */
let bea = '';

beforeAll(async () => {
  installEventSource();
  site = await startTestSite();
  await site.deps.users.add({ username: OTHER.username, password: OTHER.password, name: 'Bea' });
  bea = await site.signIn(OTHER.username, OTHER.password);
  const cookie = await site.signIn();
  api = await startApiServer({ forwardTo: { url: site.url, cookie } });
});
afterAll(async () => {
  for (const stream of TestEventSource.opened) stream.close();
  await api?.close();
  await site?.stop();
});
// Each test opens the section anew (Testing Library unmounts after each); the tab's cache and its
// stream stay, as they do when a person moves between the admin's pages.
beforeEach(async () => {
  renderNews();
  await waitFor(() => expect(lines().length).toBeGreaterThan(1), LONG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

// Generous waits: the machine may be busy with other suites (each wait ends as soon as it holds).
const LONG = { timeout: 10_000 };

const stream = () => TestEventSource.opened.at(-1)!;
const changesHeard = () => stream().heard.get('change') ?? 0;

/** The page's requests from now on, but the stream itself. */
function counting() {
  const from = api.requests.length;
  return {
    // An open item's translation states (translations/TranslationStatus.tsx) are read again after
    // each save of it, which can put them out of date: they are neither the list nor the item.
    reads: (): SeenRequest[] =>
      api.requests
        .slice(from)
        .filter(
          (r) =>
            r.method === 'GET' && !r.url.startsWith('/api/stream') && !r.url.startsWith('/api/translations/'),
        ),
    writes: (): SeenRequest[] => api.requests.slice(from).filter((r) => r.method !== 'GET'),
  };
}

/**
 * Waits until the stream has told the page of the change (this tab's own too: it must do nothing
 * with it), then a while for anything the page would ask because of it.
 */
async function streamed(before: number) {
  await waitFor(() => expect(changesHeard()).toBeGreaterThan(before), LONG);
  await new Promise((r) => setTimeout(r, 500));
}

/** The lines the page shows, by id, in its order. */
const lines = () =>
  within(screen.getByRole('list', { name: /^News items, page/ }))
    .getAllByRole('link')
    .map((a) => ({ id: a.getAttribute('data-item'), title: a.textContent }));

/** What the server's own first page holds now, asked outside the page (not counted). */
async function serverPage(): Promise<{ id: string; title: string }[]> {
  const res = await site.api('/api/admin/items?entity=news&per=25');
  const { items } = (await res.json()) as { items: { id: string; title: string }[] };
  return items.map((i) => ({ id: i.id, title: i.title }));
}

async function shownAsServerHasIt() {
  const server = await serverPage();
  await waitFor(() => expect(lines().map((l) => l.id)).toEqual(server.map((i) => i.id)), LONG);
  expect(lines().map((l) => l.title)).toEqual(server.map((i) => i.title));
}

function renderNews() {
  render(
    <MemoryRouter initialEntries={['/NewsAdminPage']}>
      <CollectionSection def={news} extras={newsExtras} />
    </MemoryRouter>,
  );
}

async function openLine(user: ReturnType<typeof userEvent.setup>, id: string) {
  const link = screen.getAllByRole('link').find((a) => a.getAttribute('data-item') === id)!;
  await user.click(link);
  await screen.findByRole('button', { name: 'Update' }, LONG);
}

const setField = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
};

describe("this tab's own changes", () => {
  it('shows the list, and connects to the stream', async () => {
    await waitFor(() => expect(stream().heard.get('ready')).toBe(1), LONG);
    await shownAsServerHasIt();
  });

  it('a new item goes into its place in the list from the save’s answer: nothing is read again', async () => {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a news item' }));
    await setField(user, /^Title/, 'Robotics night in Salem');
    await setField(user, /^Date/, '2027-01-15');
    const seen = changesHeard();
    const count = counting();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Submitted', {}, LONG);
    await streamed(seen);
    expect(count.writes().map((w) => w.method)).toEqual(['POST']);
    expect(count.reads()).toEqual([]);
    // Newest first: it heads the list, where the server puts it.
    expect(lines()[0]!.title).toBe('Robotics night in Salem');
    await shownAsServerHasIt();
  });

  it('a save that moves an item in the order redraws the list from the answer: nothing is read again', async () => {
    const user = userEvent.setup();
    const oldest = lines().at(-1)!;
    await openLine(user, oldest.id!);
    await setField(user, /^Date/, '2027-02-01');
    const seen = changesHeard();
    const count = counting();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Updated successfully!', {}, LONG);
    await streamed(seen);
    expect(count.writes().map((w) => w.method)).toEqual(['PUT']);
    expect(count.reads()).toEqual([]);
    expect(lines()[0]!.id).toBe(oldest.id);
    await shownAsServerHasIt();
  });

  it('a plain save changes its line from the answer: nothing is read again', async () => {
    const user = userEvent.setup();
    const second = lines()[1]!;
    await openLine(user, second.id!);
    await setField(user, /^Title/, 'Summer camp, renamed');
    const seen = changesHeard();
    const count = counting();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Updated successfully!', {}, LONG);
    await streamed(seen);
    expect(count.reads()).toEqual([]);
    expect(lines()[1]).toEqual({ id: second.id, title: 'Summer camp, renamed' });
    await shownAsServerHasIt();
  });

  it('a restored version goes into the item and its line from the answer: nothing is read again', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const moved = lines()[0]!;
    await openLine(user, moved.id!);
    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: /^History of/ }, LONG);
    const [restore] = await within(dialog).findAllByRole(
      'button',
      { name: /^Restore the version saved/ },
      LONG,
    );
    const seen = changesHeard();
    const count = counting();
    await user.click(restore!);
    await screen.findByText(/^Restored the version saved/, {}, LONG);
    await streamed(seen);
    expect(count.writes().map((w) => [w.method, w.url.split('?')[0]])).toEqual([
      ['POST', '/api/history/restore'],
    ]);
    expect(count.reads()).toEqual([]);
    // The form shows the version brought back: the item is last again, by its old date.
    expect(screen.getByLabelText(/^Date/)).not.toHaveValue('2027-02-01');
    await user.click(screen.getByRole('button', { name: /^Cancel|^Close/ }));
    await waitFor(() => expect(lines().at(-1)!.id).toBe(moved.id), LONG);
    await shownAsServerHasIt();
  });
});

describe("someone else's changes, heard on the stream", () => {
  const asBea = (pathname: string, init: RequestInit & { json?: unknown }) =>
    site.api(pathname, { ...init, headers: { cookie: bea } });

  it('their save is one request, for the one item it wrote', async () => {
    const target = lines()[2]!;
    const seen = changesHeard();
    const count = counting();
    const res = await asBea(`/api/news.php?id=${target.id}`, {
      method: 'PUT',
      json: { title: 'Renamed by Bea' },
    });
    expect(res.status).toBe(200);
    await streamed(seen);
    await waitFor(() => expect(lines()[2]).toEqual({ id: target.id, title: 'Renamed by Bea' }), LONG);
    expect(count.reads().map((r) => r.url)).toEqual([
      `/api/news.php?id=${target.id}&admin=1&media=url&shape=typed`,
    ]);
    await shownAsServerHasIt();
  });

  it('their new item is one request, and its line goes into its place', async () => {
    const seen = changesHeard();
    const count = counting();
    const res = await asBea('/api/news.php', {
      method: 'POST',
      json: { title: 'Added by Bea', when_date: '2026-12-24' },
    });
    const { id } = (await res.json()) as { id: string };
    await streamed(seen);
    await waitFor(() => expect(lines().some((l) => l.title === 'Added by Bea')).toBe(true), LONG);
    expect(count.reads().map((r) => r.url)).toEqual([`/api/news.php?id=${id}&admin=1&media=url&shape=typed`]);
    await shownAsServerHasIt();
  });

  it('their delete needs no request: the stream says which item went', async () => {
    const gone = lines().find((l) => l.title === 'Added by Bea')!;
    const seen = changesHeard();
    const count = counting();
    expect((await asBea(`/api/news.php?id=${gone.id}`, { method: 'DELETE' })).status).toBe(200);
    await streamed(seen);
    await waitFor(() => expect(lines().some((l) => l.id === gone.id)).toBe(false), LONG);
    expect(count.reads()).toEqual([]);
    await shownAsServerHasIt();
  });

  it('a hand edit, which the stream cannot name item by item, reads the page shown again, once', async () => {
    const target = lines()[0]!;
    const seen = changesHeard();
    const count = counting();
    await writeFile(
      path.join(site.siteDir, `content/news/${target.id}.md`),
      serializeItem(entities.news, {
        title: 'Edited by hand',
        link: '',
        when_date: '2027-03-01',
        what: 'x',
      }),
    );
    await streamed(seen);
    await waitFor(() => expect(lines()[0]).toEqual({ id: target.id, title: 'Edited by hand' }), LONG);
    expect(count.reads().map((r) => r.url.split('?')[0])).toEqual(['/api/admin/items']);
    await shownAsServerHasIt();
  });
});
