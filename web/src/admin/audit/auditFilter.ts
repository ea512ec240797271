// The audit page's filter: what the form holds (days in the browser's time zone) and the query the
// server filters with (instants), kept in the page's address so Back and a reload keep it.
import { AUDIT_ACTIONS, type AuditAction } from '../../../../server/schema/auditEvent.ts';

export interface AuditFilterForm {
  who: string;
  action: AuditAction | '';
  /** YYYY-MM-DD, as a date input gives it. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: AuditFilterForm = { who: '', action: '', from: '', to: '' };

export const ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'sign-in-throttled': 'Sign-in refused: too many attempts',
  'sign-out': 'Signed out',
  save: 'Saved',
  delete: 'Deleted',
  restore: 'Restored',
  'user-add': 'User added',
  'user-password': 'Password changed',
  'user-remove': 'User removed',
  'webhook-pull': 'Pulled by webhook',
  'draft-create': 'Draft started',
  'draft-submit': 'Draft sent for review',
  'draft-approve': 'Draft approved',
  'draft-request-changes': 'Draft sent back for changes',
  'draft-publish': 'Draft published',
  'draft-discard': 'Draft discarded',
  'draft-schedule': 'Draft scheduled',
  'draft-share': 'Share link made',
  'draft-share-revoke': 'Share link revoked',
  'user-role': 'Role changed',
  'user-disable': 'Account disabled',
  'user-enable': 'Account enabled',
  'user-profile': 'Name or email changed',
  'invite-create': 'Invite made',
  'invite-use': 'Invite used',
  'invite-withdraw': 'Invite withdrawn',
  'reset-withdraw': 'Password-reset link withdrawn',
  'reset-create': 'Password-reset link made',
  'reset-use': 'Password reset by link',
  'two-factor-on': 'Two-step sign-in turned on',
  'two-factor-off': 'Two-step sign-in turned off',
  'two-factor-failed': 'Wrong two-step code',
  'recovery-code-used': 'Recovery code used',
  'recovery-codes-renewed': 'New recovery codes made',
  'session-end': 'Session ended',
  'sign-out-everywhere': 'Signed out everywhere',
  'account-settings': 'Account settings changed',
  'token-create': 'Token for scripts made',
  'token-revoke': 'Token for scripts revoked',
  'notice-failed': 'Notice of a message not sent',
  'contact-busy': 'Contact form busy: messages refused for the hour',
  'contact-full': 'Contact messages full: new ones refused',
  'media-upload': 'Files uploaded to the media library',
  'media-describe': 'File description or focal point changed',
  'media-replace': 'File replaced',
  'media-delete': 'File deleted',
  'media-restore': 'File restored',
  import: 'Items imported (a spreadsheet or the old site)',
  'webhook-add': 'Webhook added',
  'webhook-remove': 'Webhook removed',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight of a day as an instant; `after`: the midnight that ends it. */
function midnight(day: string, after = false): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + (after ? 1 : 0)).toISOString();
}

/** The form from the page's address. */
export function filterFromSearch(params: URLSearchParams): AuditFilterForm {
  const action = params.get('action') ?? '';
  return {
    who: params.get('who') ?? '',
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : '',
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : '',
  };
}

/** The form as the page's address (only what is set). */
export function searchFromFilter(f: AuditFilterForm): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['who', 'action', 'from', 'to'] as const) {
    if (f[key].trim()) params.set(key, f[key].trim());
  }
  return params;
}

/** The query the server filters with: whole days from `from` to `to`, both included. */
export function serverQuery(f: AuditFilterForm, offset = 0): string {
  const params = new URLSearchParams();
  if (f.who.trim()) params.set('who', f.who.trim());
  if (f.action) params.set('action', f.action);
  const from = midnight(f.from);
  const to = midnight(f.to, true);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (offset) params.set('offset', String(offset));
  return params.toString();
}
