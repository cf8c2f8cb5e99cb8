/**
 * The orders export walks keyset pages by (created_at, id). The orders of one import batch share a
 * microsecond timestamp; a cursor that lost the microseconds (a JS Date) skipped the rest of such a
 * group when a page ended inside it.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, sellerTeams } from '../src/db/schema/index';
import type { ResolvedFilters } from '../src/modules/orders/order-filters';
import { countForExport, exportOrderBatch, type ExportCursor } from '../src/modules/orders/orders.repo';
import { useApiTest } from './helpers/api';

const t = useApiTest();
const db = () => t.database.db;

describe('orders export pages', () => {
  it('read every order once when a page ends inside a group sharing a microsecond timestamp', async () => {
    const [team] = await db().select({ id: sellerTeams.id, agencyId: sellerTeams.agencyId }).from(sellerTeams).innerJoin(orders, eq(orders.sellerTeamId, sellerTeams.id)).limit(1);
    const scope = { agencyId: team!.agencyId, sellerTeamId: team!.id, designRequestsOnly: false };
    const teamOrders = await db().select({ id: orders.id }).from(orders).where(eq(orders.sellerTeamId, team!.id));
    expect(teamOrders.length).toBeGreaterThanOrEqual(3);
    // As one import batch writes them: one transaction, one now() with microseconds.
    await db().update(orders).set({ createdAt: sql`'2030-01-01 00:00:00.123456+00'::timestamptz` }).where(eq(orders.sellerTeamId, team!.id));

    const filters = {} as ResolvedFilters;
    const seen: string[] = [];
    let after: ExportCursor | null = null;
    for (let page = 0; page < teamOrders.length + 2; page++) {
      const batch = await exportOrderBatch(db(), scope, filters, after, 2);
      if (batch.length === 0) break;
      seen.push(...batch.map((b) => b.o.id));
      const last = batch[batch.length - 1]!;
      after = { createdAt: last.cursorAt, id: last.o.id };
    }
    expect(seen).toHaveLength(await countForExport(db(), scope, filters));
    expect(new Set(seen)).toEqual(new Set(teamOrders.map((o) => o.id)));
  });
});
