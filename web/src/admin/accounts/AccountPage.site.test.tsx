// @vitest-environment jsdom
// Your account against the real CMS: where you are signed in (this browser marked) with one other
// browser signed out from here while this one stays; your name and password changed; and two-step
// sign-in turned on with a real code computed from the key the page shows, the ten recovery codes
// shown once, new codes made, and turned off again.
import '../../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../../../server/testing/testSite.ts';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import AccountPage from './AccountPage.tsx';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PAT = { username: 'pat', password: 'pat-long-password-1', name: 'Pat Page', email: 'pat@example.org' };

let cms: RealCms;
beforeAll(async () => {
  cms = await startRealCms();
});
afterAll(() => cms?.stop());

/** Signs `user` in from another browser (Firefox on Windows); returns that browser's cookie. */
async function otherBrowser(user: { username: string; password: string }): Promise<string> {
  const res = await cms.site.api('/api/login.php', {
    method: 'POST',
    json: { username: user.username, password: user.password },
    headers: { cookie: '', 'user-agent': FIREFOX },
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function show() {
  const router = createMemoryRouter(
    [
      { path: '/admin/account', element: <AccountPage /> },
      { path: '/admin', element: <p>Admin home</p> },
    ],
    { initialEntries: ['/admin/account'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section')!;

describe('where you are signed in', () => {
  it('lists each browser, marks this one, and signs another out while this one stays', async () => {
    const user = userEvent.setup();
    await cms.showAs(await cms.colleague(PAT));
    const firefox = await otherBrowser(PAT);
    show();
    const sessions = await section('Where you are signed in');
    const rows = await within(sessions).findAllByRole('row');
    // A heading row, this browser first, then Firefox.
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('This browser');
    expect(rows[2]).toHaveTextContent('Firefox on Windows');
    expect(rows[2]).not.toHaveTextContent('This browser');

    await user.click(
      within(rows[2]!).getByRole('button', { name: /^Sign out Firefox on Windows, last active/ }),
    );
    await within(sessions).findByText('Signed out Firefox on Windows.');
    await waitFor(() => expect(within(sessions).getAllByRole('row')).toHaveLength(2));
    // That browser is signed out; this one is not.
    expect((await call(cms, '/api/account', { cookie: firefox })).status).toBe(401);
    expect((await call(cms, '/api/account')).status).toBe(200);
  });

  it('signs out everywhere, this browser too, after asking', async () => {
    const user = userEvent.setup();
    await cms.showAs(await cms.colleague(PAT));
    const firefox = await otherBrowser(PAT);
    show();
    const sessions = await section('Where you are signed in');
    await user.click(within(sessions).getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('this one too');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    // The page shows the sign-in form; neither browser is signed in any more.
    await screen.findByRole('heading', { name: 'Admin sign-in' });
    expect((await call(cms, '/api/account', { cookie: firefox })).status).toBe(401);
    expect((await call(cms, '/api/auth_check.php')).body.status).toBe('unauthenticated');
  });
});

describe('your name, email and password', () => {
  it('saves the name (the header follows), and changes the password after checking it', async () => {
    const user = userEvent.setup();
    await cms.showAs(await cms.colleague(PAT));
    const firefox = await otherBrowser(PAT);
    show();
    const profile = await section('Your name and email');
    const name = within(profile).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Pat Q. Page');
    await user.click(within(profile).getByRole('button', { name: 'Save name and email' }));
    await within(profile).findByText('Saved your name and email.');
    expect(screen.getByText('Signed in as Pat Q. Page')).toBeInTheDocument();
    expect(cms.site.deps.users.get('pat')?.name).toBe('Pat Q. Page');

    const password = await section('Change your password');
    const change = within(password).getByRole('button', { name: 'Change the password' });
    // Checked here first: too short, then not repeated the same.
    await user.type(within(password).getByLabelText('Current password'), PAT.password);
    await user.type(within(password).getByLabelText('New password'), 'short');
    await user.click(change);
    expect(within(password).getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('The password must be at least 10 characters long.'),
    );
    await user.clear(within(password).getByLabelText('New password'));
    await user.type(within(password).getByLabelText('New password'), 'a much longer password');
    await user.type(within(password).getByLabelText('Repeat the new password'), 'a much longer passwort');
    await user.click(change);
    expect(within(password).getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
      'The two passwords are not the same.',
    );
    // The server's refusal of a wrong current password, beside that box.
    await user.clear(within(password).getByLabelText('Current password'));
    await user.type(within(password).getByLabelText('Current password'), 'not my password');
    await user.clear(within(password).getByLabelText('Repeat the new password'));
    await user.type(within(password).getByLabelText('Repeat the new password'), 'a much longer password');
    await user.click(change);
    await waitFor(() =>
      expect(within(password).getByLabelText('Current password')).toHaveAccessibleDescription(
        'Your current password is not right.',
      ),
    );
    await user.clear(within(password).getByLabelText('Current password'));
    await user.type(within(password).getByLabelText('Current password'), PAT.password);
    await user.click(change);
    await within(password).findByText(/Your password is changed\. You stay signed in here/);
    // This browser stays signed in; the other one is signed out; the new password signs in.
    expect((await call(cms, '/api/account')).status).toBe(200);
    expect((await call(cms, '/api/account', { cookie: firefox })).status).toBe(401);
    expect(await cms.site.deps.users.verify('pat', 'a much longer password')).toBeTruthy();
  });
});

describe('two-step sign-in', () => {
  it('turns on with a code from the key shown, shows ten recovery codes once, renews them, and turns off', async () => {
    const user = userEvent.setup();
    await cms.showAs(await cms.colleague({ ...PAT, username: 'quinn', name: 'Quinn' }));
    show();
    const twoStep = await section('Two-step sign-in');
    expect(twoStep).toHaveTextContent('Two-step sign-in is off for your account.');
    await user.click(within(twoStep).getByRole('button', { name: 'Turn on two-step sign-in' }));

    // The picture to scan (the server's SVG, named for screen readers) and the key to type.
    expect(await within(twoStep).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    const key = twoStep.querySelector('.admin-key code')!.textContent;
    expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/ /g, '')), digits: 6, period: 30 });

    const box = within(twoStep).getByLabelText('6-digit code from the app');
    expect(box).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box).toHaveAttribute('inputmode', 'numeric');
    // A wrong code is refused by the server, in its words, beside the box; two-step stays off.
    await user.type(box, '000000');
    await user.click(within(twoStep).getByRole('button', { name: 'Turn on two-step sign-in' }));
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(expect.stringContaining('That code is not right.')),
    );
    expect(cms.site.deps.users.get('quinn')?.twoFactor).toBeUndefined();

    await user.clear(box);
    await user.type(box, totp.generate());
    await user.click(within(twoStep).getByRole('button', { name: 'Turn on two-step sign-in' }));
    const codes = await within(twoStep).findByRole('region', { name: 'Your recovery codes' });
    expect(codes).toHaveTextContent(
      'Keep these codes safe, and keep them now: they are shown only this once.',
    );
    const first = within(codes)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(first).toHaveLength(10);
    for (const c of first) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const download = within(codes).getByRole('link', { name: 'Download them as a text file' });
    expect(download).toHaveAttribute('download', 'recovery-codes-quinn.txt');
    expect(decodeURIComponent(download.getAttribute('href')!)).toContain(first[0]);
    expect(cms.site.deps.users.get('quinn')?.twoFactor).toBeTruthy();

    await user.click(within(codes).getByRole('button', { name: 'I have kept them safe' }));
    expect(within(twoStep).queryByRole('region', { name: 'Your recovery codes' })).toBeNull();
    expect(twoStep).toHaveTextContent('Two-step sign-in is on for your account.');
    expect(within(twoStep).getByRole('status')).toHaveTextContent('Two-step sign-in is on.');
    // Signing in with the password now asks for the code.
    const login = await cms.site.api('/api/login.php', {
      method: 'POST',
      json: { username: 'quinn', password: PAT.password },
      headers: { cookie: '' },
    });
    expect(((await login.json()) as { status: string }).status).toBe('two-factor');

    // New recovery codes, after the password (a wrong one is refused beside its box).
    await user.click(within(twoStep).getByRole('button', { name: 'Make new recovery codes' }));
    const renew = within(twoStep).getByRole('form', { name: 'Make new recovery codes' });
    await user.type(within(renew).getByLabelText('Your password'), 'not my password');
    await user.click(within(renew).getByRole('button', { name: 'Make new recovery codes' }));
    await waitFor(() =>
      expect(within(renew).getByLabelText('Your password')).toHaveAccessibleDescription(
        'Your password is not right.',
      ),
    );
    await user.clear(within(renew).getByLabelText('Your password'));
    await user.type(within(renew).getByLabelText('Your password'), PAT.password);
    await user.click(within(renew).getByRole('button', { name: 'Make new recovery codes' }));
    const again = await within(twoStep).findByRole('region', { name: 'Your recovery codes' });
    const second = within(again)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(second).toHaveLength(10);
    expect(second.filter((c) => first.includes(c))).toEqual([]);
    await user.click(within(again).getByRole('button', { name: 'I have kept them safe' }));
    expect(within(twoStep).getByRole('status')).toHaveTextContent('the old ones no longer work');

    // Turned off, with the password.
    await user.click(within(twoStep).getByRole('button', { name: 'Turn off two-step sign-in' }));
    const off = within(twoStep).getByRole('form', { name: 'Turn off two-step sign-in' });
    await user.type(within(off).getByLabelText('Your password'), PAT.password);
    await user.click(within(off).getByRole('button', { name: 'Turn off two-step sign-in' }));
    await within(twoStep).findByText('Two-step sign-in is off. You sign in with your password alone.');
    expect(twoStep).toHaveTextContent('Two-step sign-in is off for your account.');
    expect(cms.site.deps.users.get('quinn')?.twoFactor).toBeUndefined();
  });

  it('when the role requires it: the page says why first, and the rest of the admin opens once it is on', async () => {
    const user = userEvent.setup();
    await call(cms, '/api/users/settings', {
      method: 'PUT',
      json: { requireTwoFactor: { contributor: true, editor: false, admin: false } },
      cookie: TEST_ADMIN_COOKIE(),
    });
    await cms.showAs(await cms.colleague({ ...PAT, username: 'rosa', name: 'Rosa', role: 'contributor' }));
    show();
    const why = (await screen.findByText(/Please turn on two-step sign-in before you go on\./)).closest('p');
    expect(why).toHaveTextContent('The site’s admins require it for every contributor account');
    // Nothing else of the admin is offered meanwhile, and the server refuses it too.
    expect(screen.queryByRole('link', { name: 'Go Back' })).toBeNull();
    expect(screen.queryByText('Working in:')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Change your password' })).toBeNull();
    expect((await call(cms, '/api/drafts')).status).toBe(403);

    const twoStep = await section('Two-step sign-in');
    await user.click(within(twoStep).getByRole('button', { name: 'Turn on two-step sign-in' }));
    await within(twoStep).findByRole('img', { name: /QR code/ });
    const key = twoStep.querySelector('.admin-key code')!.textContent.replace(/ /g, '');
    const code = new TOTP({ secret: Secret.fromBase32(key) }).generate();
    await user.type(within(twoStep).getByLabelText('6-digit code from the app'), code);
    await user.click(within(twoStep).getByRole('button', { name: 'Turn on two-step sign-in' }));
    // The codes stay on screen while the rest of the page opens.
    const codes = await within(twoStep).findByRole('region', { name: 'Your recovery codes' });
    await screen.findByRole('heading', { name: 'Change your password' });
    expect(codes).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the admin home' })).toHaveAttribute('href', '/admin');
    expect((await call(cms, '/api/drafts')).status).toBe(200);
  });
});

/** The site admin's session, for calls made beside the page (the page may be someone else). */
let adminCookie = '';
const TEST_ADMIN_COOKIE = () => adminCookie;
beforeAll(async () => {
  const res = await cms.site.api('/api/login.php', {
    method: 'POST',
    json: TEST_ADMIN,
    headers: { cookie: '' },
  });
  adminCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
});
