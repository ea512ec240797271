// Two-step sign-in on your own account: turned on in three steps (the app scans the picture or takes
// the key typed, a code from it confirms, then the ten recovery codes once); while on, new recovery
// codes or turning it off, each after the password. A role that requires it cannot turn it off (the
// server says so).
import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf, messageOf } from '../api.ts';
import type { AdminUser } from '../auth.ts';
import { confirmTwoFactor, newRecoveryCodes, startTwoFactor, turnOffTwoFactor } from './accountsApi.ts';
import { groupedKey } from './accountWords.ts';
import { Field, FormError } from './Field.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

type Step =
  | { at: 'idle' }
  | { at: 'scan'; secret: string; qrSvg: string }
  | { at: 'codes'; codes: string[]; fresh: boolean }
  | { at: 'password'; purpose: 'codes' | 'off' };

export function TwoStepSignIn({ user, onChanged }: { user: AdminUser; onChanged: () => Promise<void> }) {
  const id = useId();
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const begin = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const key = await startTwoFactor();
      setStep({ at: 'scan', secret: key.secret, qrSvg: key.qrSvg });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-section admin-two-step" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Two-step sign-in</h2>
      <p>
        With two-step sign-in, signing in needs your password and a 6-digit code from an authenticator app on
        your phone (such as Google Authenticator, Microsoft Authenticator or 2FAS). Someone who learns your
        password still cannot sign in as you.
      </p>
      <p className="admin-two-step-state">
        Two-step sign-in is{' '}
        <strong className={user.twoFactor ? 'admin-badge admin-badge-on' : 'admin-badge admin-badge-off'}>
          {user.twoFactor ? 'on' : 'off'}
        </strong>{' '}
        for your account.
      </p>
      <FormError error={error} />
      {done && (
        <p className="admin-notice admin-notice-success" role="status">
          {done}
        </p>
      )}
      {step.at === 'scan' ? (
        <SetUp
          secret={step.secret}
          qrSvg={step.qrSvg}
          onCancel={() => setStep({ at: 'idle' })}
          onConfirmed={async (codes) => {
            setStep({ at: 'codes', codes, fresh: true });
            await onChanged();
          }}
        />
      ) : step.at === 'codes' ? (
        <RecoveryCodes
          codes={step.codes}
          username={user.username}
          onDone={() => {
            setDone(
              step.fresh
                ? 'Two-step sign-in is on. Next time you sign in, have your phone at hand.'
                : 'Your new recovery codes are ready; the old ones no longer work.',
            );
            setStep({ at: 'idle' });
          }}
        />
      ) : step.at === 'password' ? (
        <PasswordStep
          purpose={step.purpose}
          onCancel={() => setStep({ at: 'idle' })}
          onCodes={(codes) => setStep({ at: 'codes', codes, fresh: false })}
          onOff={async () => {
            await onChanged();
            setStep({ at: 'idle' });
            setDone('Two-step sign-in is off. You sign in with your password alone.');
          }}
        />
      ) : user.twoFactor ? (
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              setDone(null);
              setStep({ at: 'password', purpose: 'codes' });
            }}
          >
            Make new recovery codes
          </button>
          <button
            type="button"
            className="admin-button admin-button-danger"
            onClick={() => {
              setDone(null);
              setStep({ at: 'password', purpose: 'off' });
            }}
          >
            Turn off two-step sign-in
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="admin-button admin-button-primary"
          disabled={busy}
          onClick={() => void begin()}
        >
          {busy ? 'Starting…' : 'Turn on two-step sign-in'}
        </button>
      )}
    </section>
  );
}

/** Steps 1 and 2: the app takes the key (picture or typed), and a code from it turns it on. */
function SetUp({
  secret,
  qrSvg,
  onCancel,
  onConfirmed,
}: {
  secret: string;
  qrSvg: string;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError('Type the 6 digits your app shows for this site.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const { recoveryCodes } = await confirmTwoFactor(typed);
      await onConfirmed(recoveryCodes);
    } catch (err) {
      setError(
        fieldErrorsOf(err).code ??
          (messageOf(err) ||
            'That code is not right. Codes change every 30 seconds: type the one your app shows now.'),
      );
      setBusy(false);
    }
  };
  return (
    <div className="admin-card admin-two-step-setup">
      <h3>1. Add this site to your authenticator app</h3>
      <p>In the app, choose to add an account, then scan this picture with your phone’s camera.</p>
      {/* The server's SVG, made by the qrcode library from the key's address, with its own
          role="img" and accessible name: drawn as it is, so it scales sharp at any size. */}
      <div className="admin-qr" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p>Cannot scan it? In the app, choose to enter a key instead, and type this key:</p>
      <p className="admin-key">
        <code>{groupedKey(secret)}</code>
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h3>2. Type the code the app shows</h3>
        <Field
          label="6-digit code from the app"
          help="The app shows a new code every 30 seconds. Type the one it shows now."
          error={error}
          value={code}
          onValue={setCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          spellCheck={false}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            {busy ? 'Checking…' : 'Turn on two-step sign-in'}
          </button>
          <button type="button" className="admin-button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

/** Making new recovery codes or turning two-step sign-in off: each asks for the password first. */
function PasswordStep({
  purpose,
  onCancel,
  onCodes,
  onOff,
}: {
  purpose: 'codes' | 'off';
  onCancel: () => void;
  onCodes: (codes: string[]) => void;
  onOff: () => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError('Type your password.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      if (purpose === 'codes') onCodes((await newRecoveryCodes(password)).recoveryCodes);
      else {
        await turnOffTwoFactor(password);
        await onOff();
      }
    } catch (err) {
      setError(fieldErrorsOf(err).password ?? messageOf(err));
      setBusy(false);
    }
  };
  return (
    <form
      className="admin-card"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={purpose === 'codes' ? 'Make new recovery codes' : 'Turn off two-step sign-in'}
    >
      <p>
        {purpose === 'codes'
          ? 'New codes replace the old ones: the codes you kept before stop working.'
          : 'Without two-step sign-in, your password alone lets anyone sign in as you.'}
      </p>
      <Field
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={error}
        value={password}
        onValue={setPassword}
      />
      <div className="admin-actions">
        <button
          type="submit"
          className={`admin-button ${purpose === 'codes' ? 'admin-button-primary' : 'admin-button-danger'}`}
          disabled={busy}
        >
          {purpose === 'codes' ? 'Make new recovery codes' : 'Turn off two-step sign-in'}
        </button>
        <button type="button" className="admin-button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
