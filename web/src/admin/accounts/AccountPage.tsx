// /admin/account: your own account, for every role. Your name and email, your password, where you are
// signed in (each session ended on its own, or all at once), two-step sign-in, and tokens for scripts.
// Someone whose role requires two-step sign-in and has not set it up lands here and stays until it is
// on (AdminFrame).
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AdminFrame } from '../AdminFrame.tsx';
import { fieldErrorsOf, messageOf } from '../api.ts';
import { checkAuth, forgetSession, signOut, useAuth, type AdminUser } from '../auth.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Notice, useNotice } from '../ui/Notice.tsx';
import {
  changePassword,
  endSession,
  getMyAccount,
  saveProfile,
  signOutEverywhere,
  type Session,
} from './accountsApi.ts';
import { useSignedInRead } from './useSignedInRead.ts';
import { newPasswordProblem, ROLE_DESCRIPTIONS, ROLE_LABELS } from './accountWords.ts';
import { localTime } from '../dates.ts';
import {
  Field,
  NewPasswordFields,
  type FieldErrors,
  FormError,
  SubmitButton,
  useFormProblems,
} from './Field.tsx';
import { TwoStepSignIn } from './TwoStepSignIn.tsx';
import { NoticeEmails } from './NoticeEmails.tsx';
import { ScriptTokens } from './ScriptTokens.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';

export default function AccountPage() {
  return (
    <AdminFrame title="Your account" savesContent={false}>
      <AccountView />
    </AdminFrame>
  );
}

/** The account and its sessions, read once signed in and again after each change. */
const useMyAccount = () => useSignedInRead(getMyAccount);

function AccountView() {
  const auth = useAuth();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const { data, error, reload } = useMyAccount();
  const [mustSetUp] = useState(() => !!user?.mustSetUpTwoFactor);
  if (!user) return null;
  // Two-step sign-in changes what the sign-in check says (the frame lets them on once it is on).
  const afterTwoStep = async () => {
    await checkAuth();
    reload();
  };
  return (
    <>
      {user.mustSetUpTwoFactor && (
        <div className="admin-notice admin-notice-warning" role="note">
          <p>
            <strong>Please turn on two-step sign-in before you go on.</strong> The site’s admins require it
            for every {ROLE_LABELS[user.role].toLowerCase()} account, so that a stolen password alone is not
            enough to change the website. Until it is on, the rest of the admin stays closed to you. It takes
            about a minute, with your phone.
          </p>
        </div>
      )}
      {mustSetUp && !user.mustSetUpTwoFactor && (
        <div className="admin-notice admin-notice-success" role="status">
          <p>Thank you: your account is set up. Keep your recovery codes, then go on to the admin.</p>
          <Link className="admin-button admin-button-primary" to="/admin">
            Go to the admin home
          </Link>
        </div>
      )}
      {/* Each part in its own place, so the two-step part keeps its recovery codes on screen when
          turning it on opens the rest of the page. */}
      {!user.mustSetUpTwoFactor && (
        <section className="admin-section" aria-labelledby="account-role">
          <h2 id="account-role">Your role</h2>
          <p>
            <strong>{ROLE_LABELS[user.role]}</strong>: {ROLE_DESCRIPTIONS[user.role]} An admin can change it.
          </p>
        </section>
      )}
      {!user.mustSetUpTwoFactor && <ProfileForm user={user} />}
      {!user.mustSetUpTwoFactor && data && (
        <NoticeEmails role={user.role} email={user.email} settings={data.notify} />
      )}
      {!user.mustSetUpTwoFactor && <PasswordForm username={user.username} onChanged={reload} />}
      <TwoStepSignIn user={user} onChanged={afterTwoStep} />
      {error && !data && <LoadFailed what="where you are signed in" error={error} onRetry={reload} />}
      {!data && !error && (
        <p className="admin-loading" role="status">
          Loading where you are signed in…
        </p>
      )}
      {data && <Sessions sessions={data.sessions} onChanged={reload} />}
      {!user.mustSetUpTwoFactor && <ScriptTokens role={user.role} />}
    </>
  );
}

function ProfileForm({ user }: { user: AdminUser }) {
  const id = useId();
  const notice = useNotice();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: FieldErrors = {};
    if (!name.trim()) problems.name = 'Please enter a name.';
    if (!email.trim()) problems.email = 'Please enter an email address.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const saved = await saveProfile({ name: name.trim(), email: email.trim() });
      setName(saved.name);
      setEmail(saved.email);
      notice.success('Saved your name and email.');
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      notice.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Your name and email</h2>
      <form className="admin-card admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="admin-muted">
          Your user name is <strong>{user.username}</strong>; it cannot be changed. Your name shows in the
          history of what you change and on drafts.
        </p>
        <Field
          label="Name"
          autoComplete="name"
          value={name}
          onValue={setName}
          error={errors.name}
          maxLength={100}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onValue={setEmail}
          error={errors.email}
        />
        <SubmitButton busy={busy} busyLabel="Saving…" label="Save name and email" />
      </form>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}

function PasswordForm({ username, onChanged }: { username: string; onChanged: () => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { errors, setErrors, error, setError, failed } = useFormProblems();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    setError(null);
    const problems: FieldErrors = {};
    if (!current) problems.current = 'Type your current password.';
    const problem = newPasswordProblem(password, repeat);
    if (problem) problems[problem.field] = problem.message;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await changePassword(current, password);
      setCurrent('');
      setPassword('');
      setRepeat('');
      setDone(true);
      onChanged();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Change your password</h2>
      <form className="admin-card admin-form" onSubmit={(e) => void submit(e)} noValidate>
        {/* Password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={username} />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onValue={setCurrent}
          error={errors.current}
        />
        <NewPasswordFields
          label="New password"
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          errors={errors}
        />
        <FormError error={error} />
        {done && (
          <p className="admin-notice admin-notice-success" role="status">
            Your password is changed. You stay signed in here; everywhere else you were signed in, you are
            signed out.
          </p>
        )}
        <SubmitButton busy={busy} busyLabel="Changing…" label="Change the password" />
      </form>
    </section>
  );
}

function Sessions({ sessions, onChanged }: { sessions: Session[]; onChanged: () => void }) {
  const id = useId();
  const notice = useNotice();
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  // The current browser first, then the most recently active.
  const sorted = [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive),
  );
  const end = async (s: Session) => {
    if (s.current) {
      await signOut();
      return;
    }
    setBusy(s.id);
    try {
      await endSession(s.id);
      notice.success(`Signed out ${s.browser}.`);
      onChanged();
    } catch (err) {
      notice.error(messageOf(err));
    } finally {
      setBusy(null);
    }
  };
  const everywhere = async () => {
    setBusy('all');
    try {
      await signOutEverywhere();
      forgetSession();
    } catch (err) {
      setAsking(false);
      notice.error(messageOf(err));
      setBusy(null);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Where you are signed in</h2>
      <p className="admin-help">
        Each browser where you signed in and did not sign out. If you do not recognise one, sign it out and
        change your password.
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table admin-sessions">
          <thead>
            <tr>
              <th scope="col">Browser</th>
              <th scope="col">Address</th>
              <th scope="col">Last active</th>
              <th scope="col">
                <span className="visually-hidden">Sign out</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((s) => (
              <tr key={s.id}>
                <td data-label="Browser">
                  {s.browser || 'Unknown browser'}
                  {s.current && <strong className="admin-badge admin-badge-on">This browser</strong>}
                </td>
                <td data-label="Address">{s.address}</td>
                <td data-label="Last active">
                  <time dateTime={s.lastActive}>{localTime(s.lastActive)}</time>
                </td>
                <td>
                  <button
                    type="button"
                    className="admin-button admin-button-small"
                    disabled={busy !== null}
                    onClick={() => void end(s)}
                  >
                    Sign out{' '}
                    <span className="visually-hidden">
                      {s.current ? 'this browser' : `${s.browser}, last active ${localTime(s.lastActive)}`}
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button-danger" onClick={() => setAsking(true)}>
          Sign out everywhere
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        busy={busy === 'all'}
        onConfirm={() => void everywhere()}
        onCancel={() => setAsking(false)}
      >
        <p>
          Every browser where you are signed in is signed out at once, this one too. Anything not saved in
          them is lost. You can sign in again straight away.
        </p>
      </ConfirmDialog>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}
