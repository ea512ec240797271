// @vitest-environment jsdom
// A draft's page against the real CMS: the steps each state offers (and those the approval setting
// keeps from an author, said in words), each step taken from the keyboard or mouse reaching the
// server, the compare of the draft with the live site, and a publish that clashes with the live site
// settled in the conflict resolver, whose choices go with the publish and decide what goes live.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EDITOR } from '../../../../server/http/routes/writesTestKit.ts';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import DraftPage from './DraftPage.tsx';

let cms: RealCms;
let edith: string;

beforeAll(async () => {
  cms = await startRealCms();
  edith = await cms.colleague(EDITOR);
});
afterAll(() => cms?.stop());
afterEach(() => {
  vi.restoreAllMocks();
});

const newDraft = async (title: string, cookie?: string) =>
  String((await call(cms, '/api/drafts', { json: { title }, cookie })).body.id);
const saveNews = async (
  draft: string | null,
  json: Record<string, unknown>,
  id?: string,
  cookie?: string,
) => {
  const q = [id ? `id=${id}` : '', draft ? `draft=${draft}` : '', 'shape=typed'].filter(Boolean).join('&');
  const res = await call(cms, `/api/news.php?${q}`, { method: id ? 'PUT' : 'POST', json, cookie });
  expect(res.status).toBeLessThan(300);
  return String(res.body.id);
};
const stateOf = async (id: string) => String((await call(cms, `/api/drafts/${id}`)).body.state);

function open(id: string) {
  const router = createMemoryRouter([{ path: '/admin/drafts/:id', element: <DraftPage /> }], {
    initialEntries: [`/admin/drafts/${id}`],
  });
  render(<RouterProvider router={router} />);
}

const steps = async () => {
  const region = (await screen.findByRole('heading', { level: 2, name: 'Review and publish' })).closest(
    'section',
  )!;
  return {
    region,
    buttons: () =>
      within(region)
        .queryAllByRole('button')
        .map((b) => b.textContent),
  };
};
const actions = () => cms.api.requests.filter((r) => r.method === 'POST' && r.url.startsWith('/api/drafts/'));

describe('the steps a draft offers', () => {
  it('being edited by me: send for review, publish, schedule, discard; sending reaches the server', async () => {
    const user = userEvent.setup();
    const id = await newDraft('Mine, being edited');
    await saveNews(id, { title: 'A new item', when_date: '2026-11-20' });
    open(id);
    const { region, buttons } = await steps();
    await waitFor(() =>
      expect(buttons()).toEqual([
        'Send for review',
        'Publish now',
        'Schedule publishing',
        'Discard the draft',
      ]),
    );
    expect(
      screen.getByText(/This draft is being edited\. Nothing in it is on the live site yet\./),
    ).toBeInTheDocument();
    within(region).getByRole('button', { name: 'Send for review' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(region).findByText('Sent for review.')).toBeInTheDocument();
    expect(await stateOf(id)).toBe('in-review');
    // The page follows: a reviewer's steps now.
    await waitFor(() => expect(buttons()).toContain('Approve'));
  });

  it('waiting for review: a colleague asks for changes with a note, which its authors see as a comment', async () => {
    const user = userEvent.setup();
    const id = await newDraft('Edith’s, in review', edith);
    await saveNews(id, { title: 'Edith’s item', when_date: '2026-11-20' }, undefined, edith);
    await call(cms, `/api/drafts/${id}/submit`, { json: {}, cookie: edith });
    open(id);
    const { region, buttons } = await steps();
    await waitFor(() =>
      expect(buttons()).toEqual([
        'Approve',
        'Ask for changes',
        'Publish now',
        'Schedule publishing',
        'Discard the draft',
      ]),
    );
    await user.click(within(region).getByRole('button', { name: 'Ask for changes' }));
    await user.type(within(region).getByLabelText(/What should change\?/), 'Please add the room number.');
    await user.click(within(region).getByRole('button', { name: 'Send back for changes' }));
    expect(await within(region).findByText('Sent back to its authors for changes.')).toBeInTheDocument();
    expect(actions().at(-1)).toMatchObject({
      url: `/api/drafts/${id}/request-changes?media=url&shape=typed`,
      body: { note: 'Please add the room number.' },
    });
    const comments = (await screen.findByRole('heading', { level: 2, name: 'Comments' })).closest('section')!;
    expect(await within(comments).findByText('Please add the room number.')).toBeInTheDocument();
    expect(await stateOf(id)).toBe('changes-requested');
    expect(screen.getByText(/A reviewer sent this draft back for changes/)).toBeInTheDocument();
  });

  it('with approval needed, an author cannot approve or publish: the page says why; a colleague approves', async () => {
    await call(cms, '/api/drafts/settings', { method: 'PUT', json: { needsApproval: true } });
    try {
      const id = await newDraft('Needs a second pair of eyes');
      await saveNews(id, { title: 'Checked item', when_date: '2026-11-20' });
      await call(cms, `/api/drafts/${id}/submit`, { json: {} });
      open(id);
      const { region, buttons } = await steps();
      await waitFor(() => expect(buttons()).toEqual(['Ask for changes', 'Discard the draft']));
      expect(region).toHaveTextContent(
        'Approve: You wrote part of this draft, so someone else has to approve it.',
      );
      expect(region).toHaveTextContent(/Publish now: This site needs a draft to be approved/);
      expect(await call(cms, `/api/drafts/${id}/approve`, { json: {}, cookie: edith })).toMatchObject({
        status: 200,
      });
    } finally {
      await call(cms, '/api/drafts/settings', { method: 'PUT', json: { needsApproval: false } });
    }
  });

  it('schedules publishing for a date and time', async () => {
    const user = userEvent.setup();
    const id = await newDraft('For next week');
    await saveNews(id, { title: 'Next week', when_date: '2026-11-27' });
    open(id);
    const { region } = await steps();
    await user.click(within(region).getByRole('button', { name: 'Schedule publishing' }));
    const when = within(region).getByLabelText('Publish on (date and time)');
    await user.clear(when);
    await user.type(when, '2031-03-05T09:30');
    await user.click(within(region).getByRole('button', { name: 'Schedule' }));
    expect(await within(region).findByText('Scheduled.')).toBeInTheDocument();
    const at = new Date('2031-03-05T09:30').toISOString();
    expect((await call(cms, `/api/drafts/${id}`)).body.publishAt).toBe(at);
    await waitFor(() => expect(region).toHaveTextContent(/it will be published on Mar 5, 2031, 9:30 AM/));
  });

  it('discards only after the dialog is confirmed', async () => {
    const user = userEvent.setup();
    const id = await newDraft('Not needed after all');
    open(id);
    const { region } = await steps();
    await user.click(within(region).getByRole('button', { name: 'Discard the draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(await stateOf(id)).toBe('editing');
    await user.click(within(region).getByRole('button', { name: 'Discard the draft' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard this draft?' })).getByRole('button', {
        name: 'Discard the draft',
      }),
    );
    await waitFor(async () => expect(await stateOf(id)).toBe('discarded'));
    expect(await screen.findByText(/This draft was discarded/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Review and publish' })).toBeNull();
  });
});

describe('what the draft changes, and publishing it', () => {
  it('compares each item with the live site, field by field, and leads to its preview and its form', async () => {
    const item = await saveNews(null, { title: 'Robotics night in Salem', when_date: '2026-10-01' });
    const id = await newDraft('Move robotics night');
    await saveNews(id, { title: 'Robotics night in Eugene' }, item);
    open(id);
    const change = (
      await screen.findByRole('heading', { level: 3, name: 'News item “Robotics night in Eugene”' })
    ).closest('article')!;
    expect(change).toHaveTextContent('Changed in this draft');
    expect(within(change).getByRole('status')).toHaveTextContent('1 of 8 fields differ.');
    const title = within(change).getByRole('region', { name: 'Title News item “Robotics night in Eugene”' });
    expect(title.querySelector('del')).toHaveTextContent('[only on the live site: Salem]');
    expect(title.querySelector('ins')).toHaveTextContent('[only in this draft: Eugene]');
    expect(within(change).getByRole('link', { name: /^Preview its page/ })).toHaveAttribute(
      'href',
      `/preview/${id}/news`,
    );
    expect(within(change).getByRole('link', { name: /^Edit in this draft/ })).toHaveAttribute(
      'href',
      `/NewsAdminPage?news=${item}&draft=${id}`,
    );
  });

  it('a publish that clashes with the live site asks per field, and sends the choices with the publish', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const item = await saveNews(null, { title: 'Open house', what: 'Come along.', when_date: '2026-10-02' });
    const id = await newDraft('Open house details');
    await saveNews(id, { title: 'Open house (draft title)', what: 'Come along, bring a friend.' }, item);
    await saveNews(null, { title: 'Open house (live title)' }, item); // meanwhile, on the live site
    open(id);
    const { region } = await steps();
    await user.click(await within(region).findByRole('button', { name: 'Publish now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose what to keep' });
    const field = within(dialog).getByRole('group', { name: 'Title' });
    const side = (name: string) => within(field).getByText(name).closest('figure');
    expect(side('The live site now')).toHaveTextContent('Open house (live title)');
    expect(side('This draft')).toHaveTextContent('Open house (draft title)');
    expect(await stateOf(id)).toBe('editing'); // nothing published yet
    // Every clash needs a choice first.
    await user.click(within(dialog).getByRole('button', { name: 'Publish with these choices' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose one side for every item above');
    await user.click(within(field).getByRole('radio', { name: /Keep the live site’s/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish with these choices' }));
    await waitFor(async () => expect(await stateOf(id)).toBe('published'));
    expect(actions().at(-1)).toMatchObject({
      url: `/api/drafts/${id}/publish?media=url&shape=typed`,
      body: { picks: { [`content/news/${item}.md`]: { title: 'live' } } },
    });
    const live = (await call(cms, `/api/news.php?id=${item}&shape=typed`)).body;
    expect([live.title, live.what]).toEqual(['Open house (live title)', 'Come along, bring a friend.']);
    expect(
      await screen.findByText(/This draft was published: its changes are on the live site/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Choose what to keep' })).toBeNull();
  });
});

describe('comments and share links', () => {
  it('adds a comment, and makes a share link shown whole once, listed, then withdrawn', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const id = await newDraft('Talked about');
    open(id);
    const comments = (await screen.findByRole('heading', { level: 2, name: 'Comments' })).closest('section')!;
    await user.type(within(comments).getByLabelText('Add a comment'), 'Looks good to me.');
    await user.click(within(comments).getByRole('button', { name: 'Add the comment' }));
    expect(await within(comments).findByRole('listitem')).toHaveTextContent(
      /^Site administrator · .*Looks good to me\.$/,
    );
    expect(within(comments).getByLabelText('Add a comment')).toHaveValue('');

    const shares = screen.getByRole('heading', { level: 2, name: 'Share a preview' }).closest('section')!;
    await user.selectOptions(within(shares).getByLabelText('The link works for'), '3');
    await user.click(within(shares).getByRole('button', { name: 'Make a share link' }));
    const url = await within(shares).findByLabelText<HTMLInputElement>('Share link');
    expect(url.value).toMatch(new RegExp(`^${cms.api.origin}/share/[A-Za-z0-9_-]{32}/$`));
    const page = await fetch(`${cms.site.url}${new URL(url.value).pathname}news`);
    expect(page.status).toBe(200);
    expect(
      await within(shares).findByText(/^Link made by Site administrator on .*: works until /),
    ).toBeInTheDocument();
    await user.click(within(shares).getByRole('button', { name: /^Withdraw/ }));
    expect(await within(shares).findByText(/withdrawn on /)).toBeInTheDocument();
    expect((await fetch(`${cms.site.url}${new URL(url.value).pathname}news`)).status).toBe(404);
  });
});
