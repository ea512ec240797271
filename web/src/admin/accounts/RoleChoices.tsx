// The roles as <option>s, for every role picker on the accounts page.
import { ROLE_LABELS, ROLES } from './accountWords.ts';

export function RoleChoices() {
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {ROLE_LABELS[r]}
    </option>
  ));
}
