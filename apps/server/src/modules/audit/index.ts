/** The audit log: every change that matters is recorded in the same transaction as the change. */
export { writeAudit, type AuditInput } from './audit-log';
