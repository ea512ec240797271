// @vitest-environment jsdom
// The pages an invite or a password-reset link opens, against the real CMS, for someone signed out:
// the invite names its role, checks the form before sending, makes the account, signs it in and
// goes to the admin home; the reset sets a new password and leads to sign-in; a link used once
// more (or unknown) gets a plain page saying whom to ask.
import '../../test/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startRealCms, type RealCms } from '../../test/realCmsTestKit.ts';
import InvitePage from './InvitePage.tsx';
import ResetPage from './ResetPage.tsx';

let cms: RealCms;
let admin = '';
beforeAll(async () => {
  cms = await startRealCms();
  admin = cms.site.cookie;
});
afterAll(() => cms?.stop());

function show(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/invite/:token', element: <InvitePage /> },
      { path: '/admin/reset/:token', element: <ResetPage /> },
      { path: '/admin', element: <p>The admin home</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const tokenOf = (url: unknown) => String(url).split('/').pop()!;

describe('an invite link', () => {
  it('names the role, checks the form, makes the account, signs it in and opens the admin home', async () => {
    const user = userEvent.setup();
    const made = await call(cms, '/api/users/invites', { json: { role: 'contributor' }, cookie: admin });
    await cms.showAs('');
    const router = show(`/admin/invite/${tokenOf(made.body.url)}`);
    await screen.findByRole('heading', { level: 1, name: 'Join the website’s staff' });
    expect(await screen.findByText(/You are invited to make an account/)).toHaveTextContent(
      'as a contributor',
    );

    const form = screen.getByRole('form', { name: 'Make your account' });
    await user.type(screen.getByLabelText('User name'), 'nina');
    await user.type(screen.getByLabelText('Your name'), 'Nina Newcomer');
    await user.type(screen.getByLabelText('Email'), 'nina@example.org');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.type(screen.getByLabelText('Repeat the password'), 'a long enough passwort');
    await user.click(screen.getByRole('button', { name: 'Make my account' }));
    expect(screen.getByLabelText('Repeat the password')).toHaveAccessibleDescription(
      'The two passwords are not the same.',
    );
    expect(cms.api.requests.filter((r) => r.method === 'POST' && r.url.startsWith('/api/invites/'))).toEqual(
      [],
    );
    expect(form).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Make my account' }));
    await screen.findByText('The admin home');
    expect(router.state.location.pathname).toBe('/admin');
    const me = await call(cms, '/api/auth_check.php');
    expect(me.body.status).toBe('authenticated');
    expect(me.body.user).toMatchObject({ username: 'nina', role: 'contributor' });

    // The same link again: used.
    await cms.showAs('');
    show(`/admin/invite/${tokenOf(made.body.url)}`);
    await screen.findByRole('heading', { level: 1, name: 'This invite has ended' });
    expect(screen.getByText(/This invite link does not work any more/)).toBeInTheDocument();
    expect(screen.getByText(/Ask the person who invited you, or another admin/)).toBeInTheDocument();
  });
});

describe('a password-reset link', () => {
  it('sets a new password, then leads to sign-in; the link works once', async () => {
    const user = userEvent.setup();
    await cms.colleague({
      username: 'olga',
      password: 'olga-long-password-1',
      name: 'Olga',
      email: 'o@example.org',
    });
    const made = await call(cms, '/api/users/olga/reset', { json: {}, cookie: admin });
    await cms.showAs('');
    show(`/admin/reset/${tokenOf(made.body.url)}`);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    expect(await screen.findByText(/Choose a new password for the account/)).toHaveTextContent('olga');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat the new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('The password must be at least 10 characters long.'),
    );
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('New password'), 'olga’s new long password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'olga’s new long password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    await screen.findByRole('heading', { level: 1, name: 'Your password is changed' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/admin');
    expect(await cms.site.deps.users.verify('olga', 'olga’s new long password')).toBeTruthy();

    show(`/admin/reset/${tokenOf(made.body.url)}`);
    await screen.findByRole('heading', { level: 1, name: 'This link has ended' });
    expect(screen.getByText(/Ask an admin of the site for a new password-reset link\./)).toBeInTheDocument();
  });
});
