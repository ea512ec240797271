// Inviting someone (a link shown to copy: no mail server needed), and the invites and password-reset
// links not used yet, each of which can be withdrawn.
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../api.ts';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { FormError } from './Field.tsx';
import { makeInvite, withdrawLink, type Invite, type MadeLink, type ResetLink } from './accountsApi.ts';
import { aRole, ROLE_DESCRIPTIONS, type Role } from './accountWords.ts';
import { localTime } from '../dates.ts';
import { LinkToCopy } from './LinkToCopy.tsx';
import { RoleChoices } from './RoleChoices.tsx';

export function InviteForm({ onMade }: { onMade: () => void }) {
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

/** An open link as listed: what it does, in words, and how to withdraw it. */
interface OpenLink {
  kind: 'invite' | 'reset';
  id: string;
  what: string;
  expires: string;
}

const WITHDRAW_WORDS = {
  invite: {
    ask: 'Withdraw this invite? The link no longer works, and no one can join with it.',
    done: 'The invite is withdrawn: its link no longer works.',
  },
  reset: {
    ask: 'Withdraw this password-reset link? It no longer works; the account’s password stays as it is.',
    done: 'The password-reset link is withdrawn: it no longer works.',
  },
};

/** The invites and password-reset links not used yet, each of which can be withdrawn. */
export function OpenLinks({
  invites,
  resets,
  onChanged,
}: {
  invites: Invite[];
  resets: ResetLink[];
  onChanged: () => void;
}) {
  const id = useId();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const links: OpenLink[] = [
    ...invites.map((inv) => ({
      kind: 'invite' as const,
      id: inv.id,
      expires: inv.expires,
      what: `Invite as ${aRole(inv.role)}, made by ${inv.by} on ${localTime(inv.created)}`,
    })),
    ...resets.map((r) => ({
      kind: 'reset' as const,
      id: r.id,
      expires: r.expires,
      what: `Password-reset link for ${r.username}, made by ${r.by} on ${localTime(r.created)}`,
    })),
  ];
  if (!links.length) return null;
  const withdraw = async (link: OpenLink) => {
    if (!window.confirm(WITHDRAW_WORDS[link.kind].ask)) return;
    setBusy(true);
    try {
      await withdrawLink(link.kind, link.id);
      notice.success(WITHDRAW_WORDS[link.kind].done);
      onChanged();
    } catch (err) {
      notice.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Links not used yet</h2>
      <p className="admin-muted">
        Invites and password-reset links stop working when they are used, withdrawn or out of date, or when
        the admin who made them is no longer an admin.
      </p>
      <ul className="admin-rows">
        {links.map((link) => (
          <li key={`${link.kind}-${link.id}`} className="admin-row">
            <span>
              {link.what}; works until <time dateTime={link.expires}>{localTime(link.expires)}</time>
            </span>
            <button
              type="button"
              className="admin-button admin-button-small admin-button-danger"
              disabled={busy}
              onClick={() => void withdraw(link)}
            >
              Withdraw<span className="visually-hidden">: {link.what}</span>
            </button>
          </li>
        ))}
      </ul>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}
