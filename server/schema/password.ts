// The password rule: the one check for a new password, run by the accounts service before it hashes
// (server/accounts/users.ts) and by the admin's forms before anything is sent. Pure TypeScript.

/** The shortest password accepted. */
export const MIN_PASSWORD_LENGTH = 10;
/** bcrypt reads only the first 72 bytes; a longer password would be silently truncated. */
const MAX_PASSWORD_BYTES = 72;

/** What is wrong with a new password, or undefined when nothing is. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES)
    return `The password must be at most ${MAX_PASSWORD_BYTES} bytes long.`;
  return undefined;
}
