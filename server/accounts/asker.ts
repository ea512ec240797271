// Who asks for an account change, and where every change is reported for the audit log.
import type { AuditEvent } from '../schema/auditEvent.ts';

/** Who asks, and from where: the audit's who and address. */
export interface Asker {
  username: string;
  address?: string;
}

/** The audit callback each account change reports to (who, when, from where). */
export type RecordEvent = (event: AuditEvent) => Promise<void>;
