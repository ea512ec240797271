// "Tokens for scripts" on your account page: a token lets a program (a newsletter script, a calendar
// sync) use the site's API as you, at most with your role. Listed with when it was last used; made with
// a name and a role no higher than yours, shown once to copy; revoked after asking. Admins see
// everyone's on the Accounts page, to revoke one (EveryonesTokens).
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../api.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { localTime } from '../dates.ts';
import { Field, FormError, useFormProblems } from './Field.tsx';
import { getEveryonesTokens, getTokens, makeToken, revokeToken, type ScriptToken } from './accountsApi.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from './accountWords.ts';
import { useSignedInRead } from './useSignedInRead.ts';
import { CopyBox } from '../ui/CopyBox.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';

export function ScriptTokens({ role }: { role: Role }) {
  const id = useId();
  const { data, error, reload } = useSignedInRead(getTokens);
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Tokens for scripts</h2>
      <p className="admin-help">
        A token lets a program use this site’s API as you, for example a script that adds news from your
        newsletter. It can do at most what your role allows, never manage accounts or tokens, and stops
        working as soon as you revoke it. Keep it as secret as a password.
      </p>
      {error && !data && <LoadFailed what="your tokens" error={error} onRetry={reload} />}
      {data && <TokenList tokens={data.tokens} onRevoked={reload} />}
      <MakeToken role={role} onMade={reload} />
    </section>
  );
}

/** Everyone's tokens, for admins (the Accounts page): whose each is, and revoke any. */
export function EveryonesTokens() {
  const id = useId();
  const { data, error, reload } = useSignedInRead(getEveryonesTokens);
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Tokens for scripts</h2>
      <p className="admin-help">
        Each person makes their own on their account page. Revoke one that should no longer work, for example
        someone’s who left; disabling or removing an account stops all of theirs too.
      </p>
      {error && !data && <LoadFailed what="the tokens" error={error} onRetry={reload} />}
      {data && <TokenList tokens={data.tokens} onRevoked={reload} showOwner />}
    </section>
  );
}

function TokenList({
  tokens,
  onRevoked,
  showOwner = false,
}: {
  tokens: ScriptToken[];
  onRevoked: () => void;
  /** Whose each token is (an admin's list of everyone's). */
  showOwner?: boolean;
}) {
  const notice = useNotice();
  const [asking, setAsking] = useState<ScriptToken | null>(null);
  const [busy, setBusy] = useState(false);
  const revoke = async (t: ScriptToken) => {
    setBusy(true);
    try {
      await revokeToken(t.id);
      notice.success(`Revoked “${t.name}”: it no longer works.`);
      onRevoked();
    } catch (err) {
      notice.error(messageOf(err));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <>
      {tokens.length === 0 ? (
        <p className="admin-muted">{showOwner ? 'No one has a token.' : 'You have no tokens.'}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-sessions admin-tokens">
            <thead>
              <tr>
                <th scope="col">Name</th>
                {showOwner && <th scope="col">Whose</th>}
                <th scope="col">Role</th>
                <th scope="col">Made</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Revoke</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id}>
                  <td data-label="Name">{t.name}</td>
                  {showOwner && <td data-label="Whose">{t.username}</td>}
                  <td data-label="Role">{ROLE_LABELS[t.role]}</td>
                  <td data-label="Made">
                    <time dateTime={t.created}>{localTime(t.created)}</time>
                  </td>
                  <td data-label="Last used">
                    {t.lastUsed ? (
                      <>
                        <time dateTime={t.lastUsed}>{localTime(t.lastUsed)}</time>
                        {t.lastAddress && ` from ${t.lastAddress}`}
                      </>
                    ) : (
                      'Never'
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="admin-button admin-button-small"
                      onClick={() => setAsking(t)}
                    >
                      Revoke{' '}
                      <span className="visually-hidden">
                        “{t.name}”{showOwner && ` of ${t.username}`}
                      </span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Revoke this token?"
        confirmLabel="Revoke the token"
        busy={busy}
        onConfirm={() => asking && void revoke(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>
          “{asking?.name}” stops working at once: any script that uses it will be refused. This cannot be
          undone; you can make a new token instead.
        </p>
      </ConfirmDialog>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </>
  );
}

function MakeToken({ role, onMade }: { role: Role; onMade: () => void }) {
  const id = useId();
  const roles = ROLES.slice(0, ROLES.indexOf(role) + 1);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Role>(roles[0]!);
  const { errors, setErrors, error, setError, failed } = useFormProblems();
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setMade(null);
    if (!name.trim()) return setErrors({ name: 'Give the token a name that says what it is for.' });
    setErrors({});
    setBusy(true);
    try {
      const answer = await makeToken(name.trim(), chosen);
      setMade({ name: answer.view.name, token: answer.token });
      setName('');
      onMade();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <form className="admin-card admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <h3>Make a token</h3>
        <Field
          label="Name"
          help="What the token is for, so you know which to revoke later."
          value={name}
          onValue={setName}
          error={errors.name}
          maxLength={60}
        />
        <div className="admin-field">
          <label htmlFor={`${id}-role`}>What it may do</label>
          <select
            id={`${id}-role`}
            value={chosen}
            aria-describedby={`${id}-role-help${errors.role ? ` ${id}-role-error` : ''}`}
            aria-invalid={errors.role ? true : undefined}
            onChange={(e) => setChosen(e.target.value as Role)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <p id={`${id}-role-help`} className="admin-help">
            {ROLE_DESCRIPTIONS[chosen]}
          </p>
          {errors.role && (
            <p id={`${id}-role-error`} className="admin-field-error">
              {errors.role}
            </p>
          )}
        </div>
        <FormError error={error} />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            {busy ? 'Making the token…' : 'Make the token'}
          </button>
        </div>
      </form>
      {made && <TokenToCopy name={made.name} token={made.token} />}
    </>
  );
}

/** A token just made: shown this once, whole, with a button to copy it. */
function TokenToCopy({ name, token }: { name: string; token: string }) {
  return (
    <div className="admin-card admin-share-made" role="status">
      <p>
        <strong>Copy it now: it will not be shown again.</strong> The site keeps only a fingerprint of “{name}
        ”, so if you lose it, revoke it and make a new one.
      </p>
      <CopyBox value={token} label="Your new token" what="token" />
      <p className="admin-help">
        A script sends it with each call as <code>Authorization: Bearer</code> followed by the token.
      </p>
    </div>
  );
}
