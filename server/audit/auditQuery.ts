// Filtering the audit log (who, what, when) and writing it as CSV, for the admin's audit page.
import { AppError } from '../schema/errors.ts';
import { type AuditAction, type AuditEntry, isAuditAction } from '../schema/auditEvent.ts';

export interface AuditFilter {
  /** Part of the username (or address), any case. */
  who?: string;
  action?: AuditAction;
  /** Instants: entries at or after `from`, before `to`. */
  from?: Date;
  to?: Date;
}

const one = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function instant(v: unknown, name: string): Date | undefined {
  const s = one(v);
  if (s === undefined) return undefined;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) {
    const message = `"${name}" must be a date and time such as 2026-11-22T08:00:00Z.`;
    throw new AppError(400, message, { [name]: 'Not a date' });
  }
  return d;
}

/** The filter a query asks for; 400 for an unknown action or a time that is not one. */
export function parseAuditFilter(query: Record<string, unknown>): AuditFilter {
  const action = one(query.action);
  if (action !== undefined && !isAuditAction(action)) {
    throw new AppError(400, `There is no action "${action}" in the audit log.`, { action: 'Unknown' });
  }
  return {
    who: one(query.who)?.toLowerCase(),
    action,
    from: instant(query.from, 'from'),
    to: instant(query.to, 'to'),
  };
}

/** The entries that match, newest first. */
export function filterAudit(entries: readonly AuditEntry[], f: AuditFilter): AuditEntry[] {
  const from = f.from?.getTime() ?? -Infinity;
  const to = f.to?.getTime() ?? Infinity;
  const out: AuditEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    const t = Date.parse(e.time);
    if (t < from || t >= to) continue;
    if (f.action && e.action !== f.action) continue;
    if (f.who && !`${e.who ?? ''}\n${e.address ?? ''}`.toLowerCase().includes(f.who)) continue;
    out.push(e);
  }
  return out;
}

export const CSV_COLUMNS = ['time', 'action', 'who', 'address', 'entity', 'id', 'commit', 'detail'] as const;

/**
 * RFC 4180 CSV with a header row. A cell that a spreadsheet would run as a formula (=, +, -, @, tab,
 * CR at its start: a failed sign-in's username is typed by strangers) gets a leading apostrophe.
 */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const cell = (v: string | undefined) => {
    let s = v ?? '';
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const rows = [CSV_COLUMNS.join(','), ...entries.map((e) => CSV_COLUMNS.map((c) => cell(e[c])).join(','))];
  return `${rows.join('\r\n')}\r\n`;
}
