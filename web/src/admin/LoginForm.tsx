// The sign-in form: shown at /admin and on every admin route to a signed-out visitor.
import { useId, useState, type FormEvent } from 'react';
import { signIn } from './auth.ts';

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
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const problem = await signIn(username, password);
    setBusy(false);
    if (problem) setError(problem);
  };

  return (
    <form className="admin-login" onSubmit={onSubmit} aria-labelledby={`${id}-h`}>
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
