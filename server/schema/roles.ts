// Who may do what: one table for the server's checks (routes and the change pipeline) and the admin,
// which hides what a role cannot do. Each role may do what the ones before it may.

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
