// @vitest-environment jsdom
// Signing in with two steps, against the real CMS: after the password of an account with two-step
// sign-in, the form asks for the app's 6-digit code (a box made for one-time codes); a wrong code is
// refused in plain words and the right one signs in. A recovery code works instead, once. Wrong codes
// count like wrong passwords: past the limit the form says how long to wait. An account without
// two-step sign-in signs in with its password alone, as before.
import '../test/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startRealCms, type RealCms } from '../test/realCmsTestKit.ts';
import AdminHome from './AdminHome.tsx';

const TESS = {
  username: 'tess',
  password: 'tess-long-password-1',
  name: 'Tess Two-Step',
  email: 't@example.org',
};

let cms: RealCms;
let totp: TOTP;
let recoveryCodes: string[] = [];

/** Makes the account and turns its two-step sign-in on through its own account page's calls. */
async function withTwoStep(person: typeof TESS) {
  const cookie = await cms.colleague(person);
  const key = await call(cms, '/api/account/two-factor', { json: {}, cookie });
  const app = new TOTP({ secret: Secret.fromBase32(String(key.body.secret)) });
  const on = await call(cms, '/api/account/two-factor/confirm', { json: { code: app.generate() }, cookie });
  return { app, codes: on.body.recoveryCodes as string[] };
}

beforeAll(async () => {
  cms = await startRealCms();
  ({ app: totp, codes: recoveryCodes } = await withTwoStep(TESS));
  expect(recoveryCodes).toHaveLength(10);
});
afterAll(() => cms?.stop());

async function showSignedOut() {
  await cms.showAs('');
  const router = createMemoryRouter([{ path: '/admin', element: <AdminHome /> }], {
    initialEntries: ['/admin'],
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'Admin sign-in' });
}

async function password(user: ReturnType<typeof userEvent.setup>, username: string, pw: string) {
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), pw);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in with two steps', () => {
  it('asks for the app’s code after the password, refuses a wrong one in plain words, and signs in with the right one', async () => {
    const user = userEvent.setup();
    await showSignedOut();
    await password(user, TESS.username, TESS.password);
    await screen.findByRole('heading', { name: 'Admin sign-in: second step' });
    const box = screen.getByLabelText('6-digit code');
    expect(box).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(box).toHaveFocus()); // moved there once the step is drawn
    // Not signed in yet: the password alone opens nothing.
    expect((await call(cms, '/api/account')).status).toBe(401);

    // Not six digits: said before anything is sent.
    await user.type(box, '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Type the 6 digits your app shows for this site.');

    await user.clear(box);
    await user.type(box, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'That code is not right. Type the 6 digits your app shows now.',
      ),
    );
    expect(box).toHaveValue('');

    // The code of the next 30 seconds (the one used to turn it on cannot be used twice).
    await user.type(box, totp.generate({ timestamp: Date.now() + 30_000 }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Signed in as Tess Two-Step');
    expect((await call(cms, '/api/account')).status).toBe(200);
  });

  it('takes a recovery code instead, once', async () => {
    const user = userEvent.setup();
    await showSignedOut();
    await password(user, TESS.username, TESS.password);
    await screen.findByRole('heading', { name: 'Admin sign-in: second step' });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const box = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(box).toHaveFocus()); // moved there once the step is drawn
    expect(box).not.toHaveAttribute('inputmode', 'numeric');
    await user.type(box, recoveryCodes[0]!.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Signed in as Tess Two-Step');

    // The same code again is refused.
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Admin sign-in' });
    await password(user, TESS.username, TESS.password);
    await screen.findByRole('heading', { name: 'Admin sign-in: second step' });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), recoveryCodes[0]!);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'That recovery code is not right, or it was used already.',
      ),
    );
    // Back to the first step on request.
    await user.click(screen.getByRole('button', { name: 'Start again with your user name' }));
    expect(await screen.findByRole('heading', { name: 'Admin sign-in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('says how long to wait once wrong codes pass the limit, as wrong passwords do', async () => {
    const user = userEvent.setup();
    await withTwoStep({ ...TESS, username: 'uma', name: 'Uma' });
    await showSignedOut();
    await password(user, 'uma', TESS.password);
    await screen.findByRole('heading', { name: 'Admin sign-in: second step' });
    const box = screen.getByLabelText('6-digit code');
    for (let i = 0; i < 5; i++) {
      await user.type(box, '000000');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That code is not right.'));
    }
    await user.type(box, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^Too many wrong codes for this account\. Please try again in \d+ minutes\.$/,
      ),
    );
  });

  it('signs an account without two-step sign-in in with the password alone', async () => {
    const user = userEvent.setup();
    await showSignedOut();
    await password(user, 'admin', 'correct horse battery staple');
    const home = await screen.findByText(/^Signed in as /);
    expect(home).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /second step/ })).toBeNull();
    expect(within(document.body).getByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
  });
});
