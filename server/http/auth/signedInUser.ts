// The signed-in user as the admin reads it (auth_check.php, sign-in answers, pages drawn on the
// server): who, their role, what it may do, and whether two-step sign-in is on or still owed.
import type { User } from '../../accounts/users.ts';
import type { Accounts } from '../../accounts/accounts.ts';
import { permissionsOf } from '../../schema/roles.ts';
import type { SignedInUser } from '../../schema/accountViews.ts';

export type { SignedInUser } from '../../schema/accountViews.ts';

export const signedInUser = (u: User, accounts: Accounts): SignedInUser => ({
  username: u.username,
  name: u.name,
  email: u.email,
  role: u.role,
  can: permissionsOf(u.role),
  twoFactor: !!u.twoFactor,
  mustSetUpTwoFactor: accounts.mustSetUpTwoFactor(u),
});
