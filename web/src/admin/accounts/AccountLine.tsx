// One account in the list: who it is, its role and state, and the buttons that change them (the
// list does the asking and the saving).
import { useId, useState } from 'react';
import type { Account } from './accountsApi.ts';
import { ROLE_LABELS, type Role } from './accountWords.ts';
import { localTime } from '../dates.ts';
import { RoleChoices } from './RoleChoices.tsx';

export function AccountLine({
  user: u,
  me,
  busy,
  onRole,
  onDisable,
  onEnable,
  onReset,
  onRemove,
}: {
  user: Account;
  me: boolean;
  busy: boolean;
  onRole: (role: Role) => void;
  onDisable: () => void;
  onEnable: () => void;
  onReset: () => void;
  onRemove: () => void;
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
                Last signed in <time dateTime={u.lastSignIn}>{localTime(u.lastSignIn)}</time>
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
            <Action label="Enable the account" about={`of ${name}`} busy={busy} onClick={onEnable} />
          ) : (
            <Action label="Disable the account" about={`of ${name}`} busy={busy} onClick={onDisable} danger />
          )}
          <Action label="Make a password-reset link" about={`for ${name}`} busy={busy} onClick={onReset} />
          {!me && (
            <Action label="Remove the account" about={`of ${name}`} busy={busy} onClick={onRemove} danger />
          )}
        </div>
      </div>
    </li>
  );
}

/** One of an account's buttons: its words, and whose account for a screen reader. */
function Action({
  label,
  about,
  busy,
  onClick,
  danger = false,
}: {
  label: string;
  about: string;
  busy: boolean;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={`admin-button admin-button-small${danger ? ' admin-button-danger' : ''}`}
      disabled={busy}
      onClick={onClick}
    >
      {label} <span className="visually-hidden">{about}</span>
    </button>
  );
}
