// @vitest-environment jsdom
// The bell, "Waiting for you" and the email choices against the real CMS (a test site with a mail
// server set, its real /api/stream): an editor's open admin home hears of a draft sent for review
// without a reload, the notice leads to the draft and counts as read, "Mark all read" empties the
// count, Escape closes the panel back onto the bell, and the account page saves email choices.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../../../server/testing/testSite.ts';
import { startSmtp, type TestSmtp } from '../../../../server/testing/noticeReceivers.ts';
import { NO_NOTICES } from '../../../../server/contact/noticeSettings.ts';
import type { NotificationsAnswer } from '../../../../server/schema/notifications.ts';
import { startApiServer, type ApiServer } from '../../test/apiServer.ts';
import { installEventSource, TestEventSource } from '../../test/eventSource.ts';
import { checkAuth } from '../auth.ts';
import AdminHome from '../AdminHome.tsx';
import AccountPage from '../accounts/AccountPage.tsx';
import { CONTRIBUTOR as CORA, REVIEWER as EDITH } from '../../../../server/testing/reviewTeam.ts';

let site: TestSite;
let smtp: TestSmtp;
let api: ApiServer;
let cora = '';
let edith = '';

beforeAll(async () => {
  installEventSource();
  smtp = await startSmtp();
  site = await startTestSite({
    notices: {
      ...NO_NOTICES,
      email: { url: smtp.url('notices', 'smtp-secret'), to: ['office@example.org'], from: 'cms@example.org' },
    },
  });
  for (const p of [CORA, EDITH]) await site.deps.users.add(p);
  cora = await site.signIn(CORA.username, CORA.password);
  edith = await site.signIn(EDITH.username, EDITH.password);
  api = await startApiServer({ forwardTo: { url: site.url, cookie: edith } });
  await checkAuth();
});
afterAll(async () => {
  for (const stream of TestEventSource.opened) stream.close();
  await api?.close();
  await site?.stop();
  await smtp?.close();
});

/** Cora makes a draft and sends it for review from her own browser. */
async function coraSubmits(title: string): Promise<string> {
  const made = await site.api('/api/drafts', { method: 'POST', json: { title }, headers: { cookie: cora } });
  const id = String(((await made.json()) as { id: string }).id);
  const sent = await site.api(`/api/drafts/${id}/submit`, {
    method: 'POST',
    json: {},
    headers: { cookie: cora },
  });
  expect(sent.status).toBe(200);
  return id;
}

const editorsNotices = async () =>
  (await (
    await site.api('/api/notifications', { headers: { cookie: edith } })
  ).json()) as NotificationsAnswer;

function showHome() {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route path="/admin" element={<AdminHome />} />
        <Route path="/admin/drafts/:id" element={<p>The draft’s page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const bell = () => screen.getByRole('button', { name: /^Notices/ });

describe('the bell and “Waiting for you”', () => {
  it('shows a draft sent for review as it happens, and following it opens the draft and reads it', async () => {
    const user = userEvent.setup();
    showHome();
    const waiting = (await screen.findByRole('heading', { name: 'Waiting for you' })).closest('section')!;
    await within(waiting).findByText('Nothing is waiting for you right now.');
    await waitFor(() => expect(TestEventSource.opened.at(-1)?.heard.get('ready')).toBeGreaterThan(0));
    expect(bell()).toHaveAccessibleName('Notices');

    const id = await coraSubmits('Summer camp page');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notices, 1 unread'));
    expect(bell().nextElementSibling).toHaveTextContent('1 unread notice'); // said by screen readers
    const inList = await within(waiting).findByRole('link', {
      name: /^Unread: ?Cora Contributor sent “Summer camp page” for review\.$/,
    });
    expect(inList).toHaveAttribute('href', `/admin/drafts/${id}`);
    // The draft itself waits for review, and stays there once its notice is read.
    const toReview = await within(waiting).findByRole('heading', { name: 'Drafts to review' });
    expect(toReview.nextElementSibling).toHaveTextContent(
      /“Summer camp page”sent for review by Cora Contributor/,
    );

    await user.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Your notices' });
    await user.click(within(panel).getByRole('link', { name: /Summer camp page/ }));
    await screen.findByText('The draft’s page');
    await waitFor(async () => expect((await editorsNotices()).unread).toBe(0));
  });

  it('keeps a draft in review waiting for its reviewers after its notice is read', async () => {
    showHome();
    const waiting = (await screen.findByRole('heading', { name: 'Waiting for you' })).closest('section')!;
    await within(waiting).findByRole('link', { name: '“Summer camp page”' });
    expect(within(waiting).queryByRole('heading', { name: 'Notices you have not read' })).toBeNull();
  });

  it('marks all read, and Escape closes the panel back onto the bell', async () => {
    const user = userEvent.setup();
    showHome();
    await coraSubmits('Donate page');
    await coraSubmits('Careers page');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notices, 2 unread'));
    await user.click(bell());
    const panel = screen.getByRole('region', { name: 'Your notices' });
    expect(within(panel).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3); // read ones stay
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notices'));
    expect((await editorsNotices()).unread).toBe(0);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Your notices' })).toBeNull();
    expect(bell()).toHaveFocus();
  });
});

describe('notices by email on the account page', () => {
  it('offers what an editor can get, the defaults ticked, and saves a change', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/admin/account']}>
        <Routes>
          <Route path="/admin/account" element={<AccountPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const section = (await screen.findByRole('heading', { name: 'Notices by email' })).closest('section')!;
    const boxes = await within(section).findAllByRole('checkbox');
    expect(boxes.map((b) => b.parentElement!.textContent)).toEqual([
      'A draft is sent for my review',
      'A draft of mine is sent back for changes, or a publish I scheduled is called off',
      'A draft of mine is approved or published',
      'Someone comments on a draft I work on',
      'A visitor sends a message through the contact form',
    ]);
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true, false, false]);
    await user.click(
      within(section).getByRole('checkbox', { name: 'Someone comments on a draft I work on' }),
    );
    await user.click(within(section).getByRole('checkbox', { name: 'A draft is sent for my review' }));
    await user.click(within(section).getByRole('button', { name: 'Save email choices' }));
    await within(section).findByText('Saved which notices come by email.');
    const account = (await (await site.api('/api/account', { headers: { cookie: edith } })).json()) as {
      notify: { email: Record<string, boolean> };
    };
    expect(account.notify.email).toMatchObject({ submitted: false, comments: true, changes: true });
  });
});
