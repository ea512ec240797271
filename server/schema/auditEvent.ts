// What the audit log records (no Node APIs here: the admin's audit page imports these types too).

/** The admin page that lists the audit log. */
export const AUDIT_LOG_ROUTE = '/AuditLogAdminPage';

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-in-throttled',
  'sign-out',
  'save',
  'delete',
  'restore',
  'user-add',
  'user-password',
  'user-remove',
  'webhook-pull',
  'draft-create',
  'draft-submit',
  'draft-approve',
  'draft-request-changes',
  'draft-publish',
  'draft-discard',
  'draft-schedule',
  'draft-share',
  'draft-share-revoke',
  'user-role',
  'user-disable',
  'user-enable',
  'user-profile',
  'invite-create',
  'invite-use',
  'invite-withdraw',
  'reset-withdraw',
  'reset-create',
  'reset-use',
  'two-factor-on',
  'two-factor-off',
  'two-factor-failed',
  'recovery-code-used',
  'recovery-codes-renewed',
  'session-end',
  'sign-out-everywhere',
  'account-settings',
  'token-create',
  'token-revoke',
  'notice-failed',
  'contact-busy',
  'contact-full',
  'media-upload',
  'media-describe',
  'media-replace',
  'media-delete',
  'media-restore',
  'import',
  'webhook-add',
  'webhook-remove',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One thing that happened, as a caller hands it to `AuditLog.record`. */
export interface AuditEvent {
  action: AuditAction;
  /** The username that acted (or tried to: a failed sign-in's name as typed); 'webhook' for pulls. */
  who?: string;
  /** The network address it came from (sign-ins, failures, throttling, webhook calls). */
  address?: string;
  /** Saves, deletes and restores: the entity's name and the item's id (drafts: the draft's id). */
  entity?: string;
  id?: string;
  /** The commit the action made (saves, deletes, restores, pulls); absent when it changed nothing. */
  commit?: string;
  /** Plain words: "created", "nothing changed", "restored from 1a2b3c4", "main from origin". */
  detail?: string;
}

/** A recorded event: the event with the time it was written (ISO 8601, UTC). */
export interface AuditEntry extends AuditEvent {
  time: string;
}

export const isAuditAction = (v: unknown): v is AuditAction =>
  typeof v === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(v);
