// /admin/invite/:token: the page an invite link opens. It says which role the invite gives, and the
// person chooses their user name, name, email and password; the new account is signed in and taken
// to the admin home. A used, withdrawn or expired invite gets a plain page saying whom to ask.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, fieldErrorsOf, messageOf } from '../api.ts';
import { useLinkLookup } from './useLinkLookup.ts';
import { signedInAs, useAuth } from '../auth.ts';
import { acceptInvite, getInvite } from './accountsApi.ts';
import { aRole, newPasswordProblem, ROLE_DESCRIPTIONS, type Role } from './accountWords.ts';
import { localTime } from '../dates.ts';
import { Field, NewPasswordFields, type FieldErrors, FormError, SubmitButton } from './Field.tsx';
import { LinkGone, LinkPage } from './LinkPage.tsx';

export default function InvitePage() {
  const token = useParams().token ?? '';
  const { state: invite, setState: setInvite, retry } = useLinkLookup(token, getInvite);

  return (
    <LinkPage title={invite.at === 'gone' ? 'This invite has ended' : 'Join the website’s staff'}>
      {invite.at === 'loading' && (
        <p className="admin-loading" role="status">
          Opening the invite…
        </p>
      )}
      {invite.at === 'failed' && (
        <div className="admin-notice admin-notice-error" role="alert">
          <p>Could not open the invite: {invite.error}</p>
          <button type="button" className="admin-button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {invite.at === 'gone' && (
        <LinkGone
          what="invite link"
          lasts="invites work for 7 days"
          ask="Ask the person who invited you, or another admin of the site, to send you a new invite."
        />
      )}
      {invite.at === 'open' && (
        <JoinForm
          token={token}
          role={invite.role}
          expires={invite.expires}
          onGone={() => setInvite({ at: 'gone' })}
        />
      )}
    </LinkPage>
  );
}

function JoinForm({
  token,
  role,
  expires,
  onGone,
}: {
  token: string;
  role: Role;
  expires: string;
  onGone: () => void;
}) {
  const navigate = useNavigate();
  const auth = useAuth();
  const [form, setForm] = useState({ username: '', name: '', email: '', password: '', repeat: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problems: FieldErrors = {};
    if (!form.username.trim()) problems.username = 'Choose a user name.';
    if (!form.name.trim()) problems.name = 'Please enter your name.';
    if (!form.email.trim()) problems.email = 'Please enter your email address.';
    const pw = newPasswordProblem(form.password, form.repeat);
    if (pw) problems[pw.field] = pw.message;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const answer = await acceptInvite(token, {
        username: form.username.trim(),
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
      });
      signedInAs(answer.user);
      void navigate('/admin', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 410)) return onGone();
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      setError(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        You are invited to make an account for this website’s admin as <strong>{aRole(role)}</strong>:{' '}
        {ROLE_DESCRIPTIONS[role]}
      </p>
      <p className="admin-muted">
        The invite works until <time dateTime={expires}>{localTime(expires)}</time>, once.
      </p>
      {auth.status === 'signedIn' && (
        <p className="admin-notice admin-notice-info">
          You are signed in as {auth.user.name || auth.user.username} in this browser. Making the new account
          signs you in as the new account instead.
        </p>
      )}
      <form
        className="admin-card admin-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label="Make your account"
      >
        <Field
          label="User name"
          help="What you sign in with: 2 to 40 letters, digits, dots, dashes or underscores, for example jsmith."
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          value={form.username}
          onValue={set('username')}
          error={errors.username}
        />
        <Field
          label="Your name"
          help="As colleagues see it on drafts and in the history of changes."
          autoComplete="name"
          maxLength={100}
          value={form.name}
          onValue={set('name')}
          error={errors.name}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          onValue={set('email')}
          error={errors.email}
        />
        <NewPasswordFields
          label="Password"
          password={form.password}
          repeat={form.repeat}
          onPassword={set('password')}
          onRepeat={set('repeat')}
          errors={errors}
        />
        <FormError error={error} />
        <SubmitButton busy={busy} busyLabel="Making your account…" label="Make my account" />
      </form>
    </>
  );
}
