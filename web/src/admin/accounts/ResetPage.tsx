// /admin/reset/:token: the page a password-reset link opens. The person chooses a new password (typed
// twice); every session of the account ends, and they sign in with it. A used or expired link gets a
// plain page saying whom to ask.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, fieldErrorsOf, messageOf } from '../api.ts';
import { useLinkLookup } from './useLinkLookup.ts';
import { checkAuth } from '../auth.ts';
import { getReset, resetPassword } from './accountsApi.ts';
import { newPasswordProblem } from './accountWords.ts';
import { localTime } from '../dates.ts';
import { NewPasswordFields, type FieldErrors, FormError, SubmitButton } from './Field.tsx';
import { LinkGone, LinkPage } from './LinkPage.tsx';

const ASK = 'Ask an admin of the site for a new password-reset link.';

export default function ResetPage() {
  const token = useParams().token ?? '';
  const {
    state: link,
    setState: setLink,
    retry,
  } = useLinkLookup<{ username: string; expires: string }, { at: 'done'; username: string }>(token, getReset);

  const title =
    link.at === 'gone'
      ? 'This link has ended'
      : link.at === 'done'
        ? 'Your password is changed'
        : 'Choose a new password';
  return (
    <LinkPage title={title}>
      {link.at === 'loading' && (
        <p className="admin-loading" role="status">
          Opening the link…
        </p>
      )}
      {link.at === 'failed' && (
        <div className="admin-notice admin-notice-error" role="alert">
          <p>Could not open the link: {link.error}</p>
          <button type="button" className="admin-button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {link.at === 'gone' && <LinkGone what="password-reset link" lasts="they work for 24 hours" ask={ASK} />}
      {link.at === 'open' && (
        <NewPasswordForm
          token={token}
          username={link.username}
          expires={link.expires}
          onGone={() => setLink({ at: 'gone' })}
          onDone={() => {
            // Every session of the account has ended: this browser's too, if it was signed in as them.
            void checkAuth();
            setLink({ at: 'done', username: link.username });
          }}
        />
      )}
      {link.at === 'done' && <Done username={link.username} />}
    </LinkPage>
  );
}

function Done({ username }: { username: string }) {
  const signIn = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    signIn.current?.focus();
  }, []);
  return (
    <div className="admin-notice admin-notice-success" role="status">
      <p>
        The password of <strong>{username}</strong> is changed, and every browser that was signed in to it is
        signed out. Sign in with the new password now.
      </p>
      <Link ref={signIn} className="admin-button admin-button-primary" to="/admin">
        Sign in
      </Link>
    </div>
  );
}

function NewPasswordForm({
  token,
  username,
  expires,
  onGone,
  onDone,
}: {
  token: string;
  username: string;
  expires: string;
  onGone: () => void;
  onDone: () => void;
}) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problem = newPasswordProblem(password, repeat);
    setErrors(problem ? { [problem.field]: problem.message } : {});
    if (problem) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 410)) return onGone();
      setErrors(fieldErrorsOf(err));
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <>
      <p>
        Choose a new password for the account <strong>{username}</strong>. This link works until{' '}
        <time dateTime={expires}>{localTime(expires)}</time>, once.
      </p>
      <form
        className="admin-card admin-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label="Your new password"
      >
        <input type="hidden" name="username" autoComplete="username" value={username} />
        <NewPasswordFields
          label="New password"
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          errors={errors}
        />
        <FormError error={error} />
        <SubmitButton busy={busy} busyLabel="Saving…" label="Save the new password" />
      </form>
    </>
  );
}
