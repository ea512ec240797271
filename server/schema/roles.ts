// Who may do what: one table for the server's checks (routes and the change operation) and the admin,
// which hides what a role cannot do. Each role may do what the ones before it may.
import { AppError } from './errors.ts';

export const ROLES = ['contributor', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/**
 * - `drafts`: make drafts, save into them, preview, comment, share, submit for review.
 * - `publish`: change the live site (saves, restores), approve, request changes, publish, schedule.
 * - `administer`: accounts, site-wide settings, the audit log, fields that load code on the site.
 */
export type Permission = 'drafts' | 'publish' | 'administer';

/** The least role each permission needs. */
const LEAST: Record<Permission, Role> = { drafts: 'contributor', publish: 'editor', administer: 'admin' };

export function can(role: Role, permission: Permission): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(LEAST[permission]);
}

/** What a role may do, as the admin asks it (auth_check.php's `user.can`). */
export const permissionsOf = (role: Role): Record<Permission, boolean> => ({
  drafts: can(role, 'drafts'),
  publish: can(role, 'publish'),
  administer: can(role, 'administer'),
});

export const ROLE_LABELS: Record<Role, string> = {
  contributor: 'Contributor',
  editor: 'Editor',
  admin: 'Admin',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  contributor: 'Works in drafts and submits them for review; cannot change the live site.',
  editor: 'Changes the live site: saves, approves and publishes drafts, restores.',
  admin: 'Everything an editor does, and accounts, site-wide settings and the audit log.',
};

/** The sentence a refusal says (403): who may do it, in plain words. */
export const REFUSED: Record<Permission, string> = {
  drafts: 'Your account cannot do this.',
  publish:
    'Only editors and admins can change the live site. Save your changes in a draft and submit it for review.',
  administer: 'Only an admin can do this.',
};

/**
 * Every kind of change to the site, as the role table knows it. The change operation
 * (server/content/writer/operation.ts) and the HTTP guard (server/http/auth/requireUser.ts) both ask
 * `authorize`, so a route and the operation behind it cannot disagree.
 */
export const CHANGE_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'bulk',
  'publish',
  'message',
  'import',
] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** What each change needs on the live site and inside a draft (restore, bulk and publish have no draft form). */
const CHANGE_NEEDS: Record<Exclude<ChangeAction, 'message'>, { live: Permission; draft: Permission }> = {
  create: { live: 'publish', draft: 'drafts' },
  update: { live: 'publish', draft: 'drafts' },
  delete: { live: 'publish', draft: 'drafts' },
  restore: { live: 'publish', draft: 'publish' },
  bulk: { live: 'publish', draft: 'publish' },
  // Many items at once, from a file or an old site: as their saves would be, one by one.
  import: { live: 'publish', draft: 'drafts' },
  publish: { live: 'publish', draft: 'publish' },
};

/** The permission a change needs: into a draft or on the live site. */
export const changeNeeds = (action: Exclude<ChangeAction, 'message'>, intoDraft: boolean): Permission =>
  CHANGE_NEEDS[action][intoDraft ? 'draft' : 'live'];

/** What one change asks of the role table. */
export interface ChangeAccess {
  action: ChangeAction;
  /** The change goes into a draft, not the live site. */
  intoDraft?: boolean;
  /** Fields the change sets to a new value that only admins may change (`onlyAdmins`), by key and label. */
  adminOnly?: { key: string; label: string }[];
}

/** Who asks: an account's role, or none for the server's own work started on its shell (a script). */
export interface Asker {
  role?: Role;
}

/**
 * The one answer to "may this person make this change": throws a 403 AppError in plain words, or
 * returns. An asker without a role is the server's shell (`npm run propose-event-dates`), trusted as
 * the machine's owner; every change made for a signed-in person or on their behalf (a scheduled
 * publish) carries that person's role.
 */
export function authorize(asker: Asker, access: ChangeAccess): void {
  const role = asker.role;
  const { action } = access;
  // A visitor's message through the contact form is the one change anyone may ask for.
  if (role === undefined || action === 'message') return;
  const permission = changeNeeds(action, access.intoDraft ?? false);
  if (!can(role, permission)) throw new AppError(403, REFUSED[permission]);
  const guarded = access.adminOnly ?? [];
  if (guarded.length && !can(role, 'administer'))
    throw new AppError(
      403,
      `Only an admin can change ${guarded.map((f) => f.label).join(', ')}.`,
      Object.fromEntries(guarded.map((f) => [f.key, 'Only an admin can change this.'])),
    );
}
