// @vitest-environment jsdom
// The Accounts page against the real CMS, as the site's admin: an invite made for a role shows its
// link to copy (which the server then answers for) and is listed until withdrawn; a role changed; an
// account disabled after the dialog (its session ends at once) and enabled again, or removed; a
// password-reset link, listed until withdrawn; the server's refusal to change your own role, in its words; and the two-step rule per role.
// Someone who is not an admin is told the page is not for them.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import AccountsPage from './AccountsPage.tsx';

const CARLA = {
  username: 'carla',
  password: 'carla-long-password-1',
  name: 'Carla Contributor',
  email: 'carla@example.org',
  role: 'contributor' as const,
};

let cms: RealCms;
let admin = '';
beforeAll(async () => {
  cms = await startRealCms();
  admin = cms.site.cookie;
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => cms?.stop());

function show() {
  const router = createMemoryRouter([{ path: '/admin/accounts', element: <AccountsPage /> }], {
    initialEntries: ['/admin/accounts'],
  });
  render(<RouterProvider router={router} />);
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section')!;
const accountLine = async (name: string) =>
  (await screen.findByRole('heading', { level: 3, name: new RegExp(`^${name}`) })).closest('li')!;

describe('the Accounts page', () => {
  it('makes an invite link for the role chosen, lists it, and withdraws it', async () => {
    const user = userEvent.setup();
    await cms.showAs(admin);
    show();
    const invite = await section('Invite someone');
    await user.selectOptions(within(invite).getByLabelText('Their role'), 'Editor');
    expect(within(invite).getByLabelText('Their role')).toHaveAccessibleDescription(
      expect.stringContaining('Changes the live site'),
    );
    await user.click(within(invite).getByRole('button', { name: 'Make an invite link' }));
    const link = await within(invite).findByLabelText<HTMLInputElement>('Invite link');
    expect(link.value).toMatch(/\/admin\/invite\/[\w-]+$/);
    expect(invite).toHaveTextContent('An invite to join as an editor.');
    expect(invite).toHaveTextContent('Copy this link now: it is shown only once.');
    const token = link.value.split('/').pop()!;
    const opened = await call(cms, `/api/invites/${token}`, { cookie: '' });
    expect(opened.body.role).toBe('editor');
    // Expires in 7 days (give or take the test's own minutes).
    const days = (Date.parse(String(opened.body.expires)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const open = await section('Links not used yet');
    const line = await within(open).findByText(/^Invite as an editor, made by admin/);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(line.closest('li')!).getByRole('button', { name: /^Withdraw/ }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Links not used yet' })).toBeNull());
    expect((await call(cms, `/api/invites/${token}`, { cookie: '' })).status).toBe(404);
  });

  it('changes a role, and says in plain words when the server refuses (your own role)', async () => {
    const user = userEvent.setup();
    await cms.colleague(CARLA);
    await cms.showAs(admin);
    show();
    const carla = await accountLine('Carla Contributor');
    expect(carla).toHaveTextContent('Contributor');
    expect(carla).toHaveTextContent('Two-step sign-in off');
    expect(carla).toHaveTextContent('Last signed in');
    await user.selectOptions(within(carla).getByLabelText('Role of Carla Contributor'), 'Editor');
    await user.click(within(carla).getByRole('button', { name: 'Change role of Carla Contributor' }));
    await screen.findByText('Carla Contributor is now an editor.');
    expect(cms.site.deps.users.get('carla')?.role).toBe('editor');

    const me = await accountLine('Site administrator');
    expect(me).toHaveTextContent('(you)');
    await user.selectOptions(within(me).getByLabelText('Role of Site administrator'), 'Contributor');
    await user.click(within(me).getByRole('button', { name: 'Change role of Site administrator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot change your own role. Ask another admin.',
    );
    expect(cms.site.deps.users.get('admin')?.role).toBe('admin');
    await call(cms, '/api/users/carla', { method: 'PATCH', json: { role: 'contributor' }, cookie: admin });
  });

  it('disables an account after saying its sessions end at once, and enables it again', async () => {
    const user = userEvent.setup();
    const carlasBrowser = await cms.colleague(CARLA);
    await cms.showAs(admin);
    show();
    const carla = await accountLine('Carla Contributor');
    await user.click(within(carla).getByRole('button', { name: 'Disable the account of Carla Contributor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Carla Contributor’s account?' });
    expect(dialog).toHaveTextContent('is signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Disable the account' }));
    await screen.findByText('Carla Contributor’s account is disabled, and they are signed out.');
    await waitFor(async () => expect(await accountLine('Carla Contributor')).toHaveTextContent('Disabled'));
    expect((await call(cms, '/api/account', { cookie: carlasBrowser })).status).toBe(401);
    const refused = await cms.site.api('/api/login.php', {
      method: 'POST',
      json: { username: CARLA.username, password: CARLA.password },
      headers: { cookie: '' },
    });
    expect(refused.status).toBe(401);

    await user.click(
      within(await accountLine('Carla Contributor')).getByRole('button', {
        name: 'Enable the account of Carla Contributor',
      }),
    );
    await screen.findByText('Carla Contributor can sign in again.');
    expect(cms.site.deps.users.get('carla')?.disabled).toBeFalsy();
  });

  it('makes a password-reset link to hand on', async () => {
    const user = userEvent.setup();
    await cms.colleague(CARLA);
    await cms.showAs(admin);
    show();
    const carla = await accountLine('Carla Contributor');
    await user.click(
      within(carla).getByRole('button', { name: 'Make a password-reset link for Carla Contributor' }),
    );
    const link = await screen.findByLabelText<HTMLInputElement>('Password-reset link for Carla Contributor');
    expect(link.value).toMatch(/\/admin\/reset\/[\w-]+$/);
    const opened = await call(cms, `/api/resets/${link.value.split('/').pop()}`, { cookie: '' });
    expect(opened.body.username).toBe('carla');

    // Listed among the links not used yet until withdrawn; then it no longer opens.
    const open = await section('Links not used yet');
    const line = await within(open).findByText(/^Password-reset link for carla, made by admin/);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(line.closest('li')!).getByRole('button', { name: /^Withdraw/ }));
    await screen.findByText('The password-reset link is withdrawn: it no longer works.');
    expect((await call(cms, `/api/resets/${link.value.split('/').pop()}`, { cookie: '' })).status).toBe(404);
  });

  it('removes an account after saying what that means; its sessions end at once', async () => {
    const user = userEvent.setup();
    const dora = { ...CARLA, username: 'dora', name: 'Dora Departing', email: 'dora@example.org' };
    const dorasBrowser = await cms.colleague(dora);
    await cms.showAs(admin);
    show();
    expect(
      within(await accountLine('Site administrator')).queryByRole('button', { name: /^Remove the account/ }),
    ).toBeNull();
    await user.click(
      within(await accountLine('Dora Departing')).getByRole('button', {
        name: 'Remove the account of Dora Departing',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Dora Departing’s account?' });
    expect(dialog).toHaveTextContent('the account is gone for good');
    await user.click(within(dialog).getByRole('button', { name: 'Remove the account' }));
    await screen.findByText('Dora Departing’s account is removed, and they are signed out.');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: /^Dora Departing/ })).toBeNull(),
    );
    expect((await call(cms, '/api/account', { cookie: dorasBrowser })).status).toBe(401);
    expect(cms.site.deps.users.get('dora')).toBeUndefined();
  });

  it('requires two-step sign-in for a role when its box is ticked', async () => {
    const user = userEvent.setup();
    await cms.showAs(admin);
    show();
    const rule = await section('Two-step sign-in');
    const box = within(rule).getByRole('checkbox', { name: 'Contributors' });
    expect(within(rule).getByRole('group', { name: 'Require two-step sign-in for' })).toBeInTheDocument();
    expect(box).not.toBeChecked();
    await user.click(box);
    await within(rule).findByText(/Saved: every contributor must use two-step sign-in\./);
    expect((await call(cms, '/api/users', { cookie: admin })).body.settings).toEqual({
      requireTwoFactor: { contributor: true, editor: false, admin: false },
    });
    await waitFor(() => expect(within(rule).getByRole('checkbox', { name: 'Contributors' })).toBeChecked());
    await user.click(within(rule).getByRole('checkbox', { name: 'Contributors' }));
    await within(rule).findByText(/Saved: two-step sign-in is up to each contributor\./);
    expect(cms.site.deps.accounts.settings.requireTwoFactor.contributor).toBe(false);
  });

  it('tells someone who is not an admin that the page is for admins, and lists nothing', async () => {
    await cms.showAs(await cms.colleague({ ...CARLA, username: 'dora', name: 'Dora' }));
    const before = cms.api.requests.length;
    show();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This page is for admins only, and your role is “Contributor”.',
    );
    expect(screen.queryByRole('heading', { name: 'Invite someone' })).toBeNull();
    expect(cms.api.requests.slice(before).filter((r) => r.url.startsWith('/api/users'))).toEqual([]);
  });
});
