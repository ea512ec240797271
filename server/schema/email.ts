// Email addresses: the one rule for an address a visitor gives us, run by the contact form in the
// browser and by handle_form.php. Pure TypeScript without zod (like links.ts), so the public
// site's bundle can run it without loading the schema library.

export const EMAIL_INVALID = 'Please enter an email address we can answer, such as name@example.org';

// The address form of HTML's <input type=email>, plus a dot in the domain: one we can write back to.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const EMAIL = new RegExp(`^[a-z0-9.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})+$`, 'i');

/** The message for a filled-in email that is not an address; undefined when it is one or empty. */
export function emailProblem(email: string): string | undefined {
  const v = email.trim();
  return v === '' || EMAIL.test(v) ? undefined : EMAIL_INVALID;
}
