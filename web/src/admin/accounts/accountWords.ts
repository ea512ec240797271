// Words and small checks the account screens share: roles, and the password rule the server applies
// (server/schema/password.ts), checked before anything is sent.
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '../../../../server/schema/roles.ts';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../../../server/schema/password.ts';

export { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role };

/** The server's shortest password (server/schema/password.ts). */
export const MIN_PASSWORD = MIN_PASSWORD_LENGTH;

/** What is wrong with a new password and its repeat, or null. */
export function newPasswordProblem(
  password: string,
  repeat: string,
): { field: 'password' | 'repeat'; message: string } | null {
  const problem = passwordProblem(password);
  if (problem) return { field: 'password', message: problem };
  if (password !== repeat) return { field: 'repeat', message: 'The two passwords are not the same.' };
  return null;
}

/** A role with its article, for sentences ("an editor", "a contributor"). */
export const aRole = (role: Role): string =>
  `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${ROLE_LABELS[role].toLowerCase()}`;

/** A key for the authenticator app in groups of four, easier to read and type. */
export const groupedKey = (secret: string): string => secret.replace(/(.{4})/g, '$1 ').trim();

/** The recovery codes as the downloaded text file holds them. */
export function recoveryCodesText(codes: string[], site: string, username: string): string {
  return [
    `Recovery codes for ${username} at ${site}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe, apart from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}
