import type { Db, Tx } from '../../db/client';
import { auditEntries } from '../../db/schema/index';

export interface AuditInput {
  actorId: string | null;
  agencyId: string | null;
  entity: string;
  entityId: string;
  action: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Written inside the same transaction as the change it records. */
export async function writeAudit(db: Db | Tx, entry: AuditInput): Promise<void> {
  await db.insert(auditEntries).values({
    ...entry,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
