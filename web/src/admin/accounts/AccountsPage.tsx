// /admin/accounts (admins): who can sign in and what each may do. Invite someone by a link shown to
// copy (no mail server needed), withdraw invites not used yet, change a role, disable or enable an
// account (its sessions end at once), make a password-reset link, and require two-step sign-in per
// role, and revoke anyone's token for scripts. What the server refuses (the last admin, yourself) is
// said in its own words.
import { AdminFrame } from '../AdminFrame.tsx';
import { useAuth } from '../auth.ts';
import { getAccounts } from './accountsApi.ts';
import { useSignedInRead } from './useSignedInRead.ts';
import { InviteForm, OpenLinks } from './Invites.tsx';
import { AccountList } from './AccountList.tsx';
import { TwoStepRule } from './TwoStepRule.tsx';
import { EveryonesTokens } from './ScriptTokens.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';

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
      {error && !data && <LoadFailed what="the accounts" error={error} onRetry={reload} />}
      {!data && !error && (
        <p className="admin-loading" role="status">
          Loading the accounts…
        </p>
      )}
      {data && (
        <>
          <OpenLinks invites={data.invites} resets={data.resets} onChanged={reload} />
          <AccountList users={data.users} me={me} onChanged={reload} />
          <TwoStepRule settings={data.settings.requireTwoFactor} onChanged={reload} />
        </>
      )}
      <EveryonesTokens />
    </>
  );
}
