// The accounts, disabled ones last: each one's role changed, disabled or removed (after asking; its
// sessions end at once) or enabled, or a password-reset link made for it. What the server refuses (the
// last admin, yourself) is said in its own words.
import { useId, useState } from 'react';
import { messageOf } from '../api.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { changeAccount, makeResetLink, removeAccount, type Account, type MadeLink } from './accountsApi.ts';
import { aRole } from './accountWords.ts';
import { LinkToCopy } from './LinkToCopy.tsx';
import { AccountLine } from './AccountLine.tsx';

const CONFIRM_WORDS = {
  disable: (name: string) =>
    `${name} is signed out everywhere at once: anything they have not saved is lost. They cannot sign in again until an admin enables the account. What they made and changed stays.`,
  remove: (name: string) =>
    `${name} is signed out everywhere at once, and the account is gone for good: they cannot sign in again, and links made for them or by them stop working. What they made and changed stays. To let them back later, disable the account instead.`,
};

export function AccountList({
  users,
  me,
  onChanged,
}: {
  users: Account[];
  me: string;
  onChanged: () => void;
}) {
  const id = useId();
  const notice = useNotice();
  const [asking, setAsking] = useState<{ about: 'disable' | 'remove'; user: Account } | null>(null);
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
            onDisable={() => setAsking({ about: 'disable', user: u })}
            onRemove={() => setAsking({ about: 'remove', user: u })}
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
      <ConfirmDialog
        open={asking !== null}
        title={
          asking
            ? `${asking.about === 'disable' ? 'Disable' : 'Remove'} ${nameOf(asking.user)}’s account?`
            : ''
        }
        confirmLabel={asking?.about === 'disable' ? 'Disable the account' : 'Remove the account'}
        busy={busy}
        onConfirm={() => {
          if (!asking) return;
          const { about, user: u } = asking;
          void act(async () => {
            if (about === 'disable') {
              await changeAccount(u.username, { disabled: true });
              return `${nameOf(u)}’s account is disabled, and they are signed out.`;
            }
            await removeAccount(u.username);
            return `${nameOf(u)}’s account is removed, and they are signed out.`;
          }).then(() => setAsking(null));
        }}
        onCancel={() => setAsking(null)}
      >
        {asking && <p>{CONFIRM_WORDS[asking.about](nameOf(asking.user))}</p>}
      </ConfirmDialog>
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}
