// /admin/accounts (admins): who can sign in and what each may do. Invite someone by a link shown to
// copy (no mail server needed), withdraw invites not used yet, change a role, disable or enable an
// account (its sessions end at once), make a password-reset link, and require two-step sign-in per
// role. What the server refuses (the last admin, yourself) is said in its own words.
import { useId, useState, type FormEvent } from 'react';
import { AdminFrame } from '../AdminFrame.tsx';
import { messageOf } from '../api.ts';
import { useAuth } from '../auth.ts';
import { Modal } from '../ui/Modal.tsx';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { FormError } from './Field.tsx';
import {
  changeAccount,
  getAccounts,
  makeInvite,
  makeResetLink,
  saveRequireTwoFactor,
  withdrawInvite,
  type Account,
  type Invite,
  type MadeLink,
  type RequireTwoFactor,
} from './accountsApi.ts';
import { useSignedInRead } from './useSignedInRead.ts';
import { accountTime, aRole, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from './accountWords.ts';
import { LinkToCopy } from './LinkToCopy.tsx';

const INTRO =
  'Everyone who can sign in to the admin, and what their role lets them do. ' +
  'To add a colleague, make an invite link and send it to them yourself.';

export default function AccountsPage() {
  return (
    <AdminFrame title="Accounts" intro={<p>{INTRO}</p>} savesContent={false} needs="accounts">
      <AccountsView />
    </AdminFrame>
  );
}

const useAccounts = () => useSignedInRead(getAccounts);

function AccountsView() {
  const { data, error, reload } = useAccounts();
  const auth = useAuth();
  const me = auth.status === 'signedIn' ? auth.user.username : '';
  return (
    <>
      <InviteForm onMade={reload} />
      {error && !data && (
        <div className="admin-notice admin-notice-error" role="alert">
          <p>Could not load the accounts: {error}</p>
          <button type="button" className="admin-button" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {!data && !error && (
        <p className="admin-loading" role="status">
          Loading the accounts…
        </p>
      )}
      {data && (
        <>
          <OpenInvites invites={data.invites} onChanged={reload} />
          <AccountList users={data.users} me={me} onChanged={reload} />
          <TwoStepRule settings={data.settings.requireTwoFactor} onChanged={reload} />
        </>
      )}
    </>
  );
}

function RoleChoices() {
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {ROLE_LABELS[r]}
    </option>
  ));
}

function InviteForm({ onMade }: { onMade: () => void }) {
  const id = useId();
  const [role, setRole] = useState<Role>('contributor');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<(MadeLink & { role: Role }) | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setMade(null);
    try {
      const link = await makeInvite(role);
      setMade({ url: link.url, expires: link.expires, role });
      onMade();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Invite someone</h2>
      <form className="admin-card admin-add admin-invite-form" onSubmit={(e) => void submit(e)}>
        <div className="admin-field">
          <label htmlFor={`${id}-role`}>Their role</label>
          <select
            id={`${id}-role`}
            value={role}
            aria-describedby={`${id}-role-help`}
            onChange={(e) => setRole(e.target.value as Role)}
          >
            <RoleChoices />
          </select>
          <p id={`${id}-role-help`} className="admin-help">
            {ROLE_DESCRIPTIONS[role]}
          </p>
        </div>
        <p className="admin-help">
          The link lets one person make their own account, with their own password, as {aRole(role)}. It works
          once, for 7 days.
        </p>
        <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
          {busy ? 'Making the link…' : 'Make an invite link'}
        </button>
        <FormError error={error} />
      </form>
      {made && (
        <LinkToCopy url={made.url} expires={made.expires} label="Invite link">
          <p>
            An invite to join as <strong>{aRole(made.role)}</strong>. Send it to the person you are inviting,
            for example by email: opening it, they choose their user name and password.
          </p>
        </LinkToCopy>
      )}
    </section>
  );
}

function OpenInvites({ invites, onChanged }: { invites: Invite[]; onChanged: () => void }) {
  const id = useId();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  if (!invites.length) return null;
  const withdraw = async (invite: Invite) => {
    if (!window.confirm(`Withdraw this invite? The link no longer works, and no one can join with it.`))
      return;
    setBusy(true);
    try {
      await withdrawInvite(invite.id);
      notice.success('The invite is withdrawn: its link no longer works.');
      onChanged();
    } catch (err) {
      notice.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Invites not used yet</h2>
      <ul className="admin-rows">
        {invites.map((inv) => {
          const what = `Invite as ${aRole(inv.role)}, made by ${inv.by} on ${accountTime(inv.created)}`;
          return (
            <li key={inv.id} className="admin-row">
              <span>
                {what}; works until <time dateTime={inv.expires}>{accountTime(inv.expires)}</time>
              </span>
              <button
                type="button"
                className="admin-button admin-button-small admin-button-danger"
                disabled={busy}
                onClick={() => void withdraw(inv)}
              >
                Withdraw<span className="visually-hidden">: {what}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}

function AccountList({ users, me, onChanged }: { users: Account[]; me: string; onChanged: () => void }) {
  const id = useId();
  const notice = useNotice();
  const [disabling, setDisabling] = useState<Account | null>(null);
  const [busy, setBusy] = useState(false);
  const [reset, setReset] = useState<(MadeLink & { name: string }) | null>(null);
  const sorted = [...users].sort(
    (a, b) =>
      Number(a.disabled) - Number(b.disabled) || (a.name || a.username).localeCompare(b.name || b.username),
  );
  const act = async (what: () => Promise<string>) => {
    setBusy(true);
    try {
      notice.success(await what());
      onChanged();
      return true;
    } catch (err) {
      notice.error(messageOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const nameOf = (u: Account) => u.name || u.username;
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Accounts</h2>
      <ul className="admin-rows admin-accounts">
        {sorted.map((u) => (
          <AccountLine
            key={u.username}
            user={u}
            me={u.username.toLowerCase() === me.toLowerCase()}
            busy={busy}
            onRole={(role) =>
              void act(async () => {
                await changeAccount(u.username, { role });
                return `${nameOf(u)} is now ${aRole(role)}.`;
              })
            }
            onDisable={() => setDisabling(u)}
            onEnable={() =>
              void act(async () => {
                await changeAccount(u.username, { disabled: false });
                return `${nameOf(u)} can sign in again.`;
              })
            }
            onReset={() =>
              void act(async () => {
                const link = await makeResetLink(u.username);
                setReset({ ...link, name: nameOf(u) });
                return `A password-reset link for ${nameOf(u)} is ready below.`;
              })
            }
          />
        ))}
      </ul>
      {reset && (
        <LinkToCopy url={reset.url} expires={reset.expires} label={`Password-reset link for ${reset.name}`}>
          <p>
            A link for <strong>{reset.name}</strong> to choose a new password. Send it to them yourself; their
            current password works until they use it.
          </p>
        </LinkToCopy>
      )}
      <Modal
        open={disabling !== null}
        onClose={() => setDisabling(null)}
        title={`Disable ${disabling ? nameOf(disabling) : ''}’s account?`}
        className="admin-dialog"
      >
        {disabling && (
          <>
            <p>
              {nameOf(disabling)} is signed out everywhere at once: anything they have not saved is lost. They
              cannot sign in again until an admin enables the account. What they made and changed stays.
            </p>
            <div className="admin-actions">
              <button
                type="button"
                className="admin-button admin-button-danger"
                disabled={busy}
                onClick={() => {
                  const u = disabling;
                  void act(async () => {
                    await changeAccount(u.username, { disabled: true });
                    return `${nameOf(u)}’s account is disabled, and they are signed out.`;
                  }).then(() => setDisabling(null));
                }}
              >
                Disable the account
              </button>
              <button type="button" className="admin-button" onClick={() => setDisabling(null)}>
                Cancel
              </button>
            </div>
          </>
        )}
      </Modal>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}

function AccountLine({
  user: u,
  me,
  busy,
  onRole,
  onDisable,
  onEnable,
  onReset,
}: {
  user: Account;
  me: boolean;
  busy: boolean;
  onRole: (role: Role) => void;
  onDisable: () => void;
  onEnable: () => void;
  onReset: () => void;
}) {
  const id = useId();
  const [role, setRole] = useState<Role>(u.role);
  // The list read again after a change: the role shown is the one kept.
  const [kept, setKept] = useState(u.role);
  if (kept !== u.role) {
    setKept(u.role);
    setRole(u.role);
  }
  const name = u.name || u.username;
  return (
    <li className={`admin-row admin-account${u.disabled ? ' is-disabled' : ''}`}>
      <div className="admin-account-who">
        <h3 id={`${id}-name`} className="admin-row-title">
          {name}
          {me && <span className="admin-muted"> (you)</span>}
        </h3>
        <span className="admin-row-meta">
          <span>
            User name <strong>{u.username}</strong>
          </span>
          {u.email && <span>{u.email}</span>}
        </span>
        <span className="admin-row-meta">
          <span className="admin-badge">{ROLE_LABELS[u.role]}</span>
          <span className={u.twoFactor ? 'admin-badge admin-badge-on' : 'admin-badge admin-badge-off'}>
            Two-step sign-in {u.twoFactor ? 'on' : 'off'}
          </span>
          {u.disabled && <span className="admin-badge admin-badge-disabled">Disabled</span>}
          <span>
            {u.lastSignIn ? (
              <>
                Last signed in <time dateTime={u.lastSignIn}>{accountTime(u.lastSignIn)}</time>
              </>
            ) : (
              'Never signed in'
            )}
          </span>
        </span>
      </div>
      <div className="admin-account-actions">
        <form
          className="admin-account-role"
          onSubmit={(e) => {
            e.preventDefault();
            if (role !== u.role) onRole(role);
          }}
        >
          <label htmlFor={`${id}-role`}>
            Role <span className="visually-hidden">of {name}</span>
          </label>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <RoleChoices />
          </select>
          <button
            type="submit"
            className="admin-button admin-button-small"
            aria-disabled={busy || role === u.role || undefined}
          >
            Change role <span className="visually-hidden">of {name}</span>
          </button>
        </form>
        <div className="admin-actions">
          {u.disabled ? (
            <button
              type="button"
              className="admin-button admin-button-small"
              disabled={busy}
              onClick={onEnable}
            >
              Enable the account <span className="visually-hidden">of {name}</span>
            </button>
          ) : (
            <button
              type="button"
              className="admin-button admin-button-small admin-button-danger"
              disabled={busy}
              onClick={onDisable}
            >
              Disable the account <span className="visually-hidden">of {name}</span>
            </button>
          )}
          <button type="button" className="admin-button admin-button-small" disabled={busy} onClick={onReset}>
            Make a password-reset link <span className="visually-hidden">for {name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

function TwoStepRule({ settings, onChanged }: { settings: RequireTwoFactor; onChanged: () => void }) {
  const id = useId();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<RequireTwoFactor | null>(null);
  const shown = pending ?? settings;
  const change = async (role: Role, on: boolean) => {
    const next = { ...shown, [role]: on };
    setBusy(true);
    setPending(next);
    try {
      await saveRequireTwoFactor(next);
      notice.success(
        on
          ? `Saved: every ${ROLE_LABELS[role].toLowerCase()} must use two-step sign-in. Those without it can do nothing else in the admin until they set it up on their account page.`
          : `Saved: two-step sign-in is up to each ${ROLE_LABELS[role].toLowerCase()}.`,
      );
      onChanged();
    } catch (err) {
      notice.error(`The setting was not changed: ${messageOf(err)}`);
    } finally {
      setPending(null);
      setBusy(false);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Two-step sign-in</h2>
      <div className="admin-card">
        <fieldset className="admin-field" aria-describedby={`${id}-help`}>
          <legend>Require two-step sign-in for</legend>
          {ROLES.map((r) => (
            <div className="admin-check" key={r}>
              <input
                id={`${id}-${r}`}
                type="checkbox"
                checked={shown[r]}
                aria-disabled={busy || undefined}
                onChange={(e) => {
                  if (!busy) void change(r, e.target.checked);
                }}
              />
              <label htmlFor={`${id}-${r}`}>{ROLE_LABELS[r]}s</label>
            </div>
          ))}
          <p id={`${id}-help`} className="admin-help">
            A setting for the whole site, saved as soon as you change it. Someone of a ticked role who has not
            set up two-step sign-in can do nothing else in the admin until they do, and is led to their
            account page to set it up.
          </p>
        </fieldset>
      </div>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}
