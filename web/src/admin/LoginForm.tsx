// The sign-in form: shown at /admin and on every admin route to a signed-out visitor. For an account
// with two-step sign-in on, a second step follows the password: the 6-digit code from the person's
// app, or one of their recovery codes when the phone is not at hand.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { signIn, signInWithCode } from './auth.ts';

export function LoginForm({
  heading = 'Admin sign-in',
  initialError,
}: {
  heading?: string;
  initialError?: string;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);
  const [secondStep, setSecondStep] = useState(false);
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const result = await signIn(username, password);
    setBusy(false);
    if (result.status === 'refused') setError(result.error);
    else if (result.status === 'twoFactor') {
      setPassword('');
      setSecondStep(true);
    }
  };

  if (secondStep)
    return (
      <CodeForm
        heading={heading}
        onStartOver={(why) => {
          setSecondStep(false);
          setError(why);
        }}
      />
    );

  return (
    <form className="admin-login" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-h`}>
      <h1 id={`${id}-h`}>{heading}</h1>
      <p className="admin-help">Sign in to edit the website.</p>
      <label htmlFor={`${id}-u`}>Username</label>
      <input
        id={`${id}-u`}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        required
      />
      <label htmlFor={`${id}-p`}>Password</label>
      <input
        id={`${id}-p`}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {error && (
        <p className="admin-notice admin-notice-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

/** The second step: the app's code, or a recovery code instead. */
function CodeForm({
  heading,
  onStartOver,
}: {
  heading: string;
  /** Back to the first step, with why (null: the person chose to). */
  onStartOver: (why: string | null) => void;
}) {
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The box for the code takes the focus as the step appears, and again when the kind of code changes.
  useEffect(() => {
    input.current?.focus();
  }, [recovery]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = recovery ? code.trim() : code.replace(/\s+/g, '');
    if (!recovery && !/^\d{6}$/.test(typed)) {
      setError('Type the 6 digits your app shows for this site.');
      input.current?.focus();
      return;
    }
    if (recovery && !typed) {
      setError('Type one of your recovery codes.');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signInWithCode(recovery ? { recoveryCode: typed } : { code: typed });
    setBusy(false);
    if (result.status === 'startOver') onStartOver(result.error);
    else if (result.status === 'refused') {
      setError(result.error);
      setCode('');
      input.current?.focus();
    }
  };

  const errorId = `${id}-error`;
  return (
    <form className="admin-login" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-h`} noValidate>
      <h1 id={`${id}-h`}>{heading}: second step</h1>
      {recovery ? (
        <p className="admin-help" id={`${id}-help`}>
          Type one of the recovery codes you kept when you turned on two-step sign-in. Each code works once.
        </p>
      ) : (
        <p className="admin-help" id={`${id}-help`}>
          Your account uses two-step sign-in. Open the authenticator app on your phone and type the 6-digit
          code it shows for this site.
        </p>
      )}
      <label htmlFor={`${id}-code`}>{recovery ? 'Recovery code' : '6-digit code'}</label>
      <input
        ref={input}
        id={`${id}-code`}
        name={recovery ? 'recovery-code' : 'one-time-code'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        maxLength={recovery ? 40 : 7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-describedby={`${id}-help${error ? ` ${errorId}` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p id={errorId} className="admin-notice admin-notice-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
        {busy ? 'Checking…' : 'Sign in'}
      </button>
      <button
        type="button"
        className="admin-button admin-button-quiet"
        onClick={() => {
          setRecovery((r) => !r);
          setCode('');
          setError(null);
        }}
      >
        {recovery ? 'Use the code from my app instead' : 'Use a recovery code instead'}
      </button>
      <button type="button" className="admin-button admin-button-quiet" onClick={() => onStartOver(null)}>
        Start again with your user name
      </button>
    </form>
  );
}
