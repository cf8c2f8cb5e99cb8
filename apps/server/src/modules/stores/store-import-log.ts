/**
 * A store's import log (docs/stores.md, "Orders from stores"): the platform's webhook deliveries, newest first,
 * with what became of each. The seller reads its own stores', the agency its sellers'; bodies never leave.
 */
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { STORE_MSG, type Actor, type StoreImportLogQuery } from '@fbo/shared';
import type { AppContext } from '../../context';
import { storeWebhooks } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { listAnswer, pageWithCappedCount, withPage } from '../../lib/list';
import { findStore } from './stores.repo';
import { storeScope } from './stores.service';

export async function importLog(ctx: AppContext, actor: Actor, storeId: string, q: StoreImportLogQuery) {
  const store = await findStore(ctx.db, storeScope(actor), storeId);
  if (!store) throw notFound(STORE_MSG.notFound);
  const where = and(
    eq(storeWebhooks.agencyId, store.agencyId),
    eq(storeWebhooks.storeId, store.id),
    q.status ? eq(storeWebhooks.status, q.status) : undefined,
    q.topic ? eq(storeWebhooks.topic, q.topic) : undefined,
  );
  const { payload: _payload, ...columns } = getTableColumns(storeWebhooks);
  const { rows, count } = await pageWithCappedCount(ctx.db, sql`${storeWebhooks}`, where, q, (total) =>
    withPage(ctx.db.select({ ...columns, ...total }).from(storeWebhooks), where, [desc(storeWebhooks.receivedAt), desc(storeWebhooks.id)], q),
  );
  return listAnswer(
    rows.map((r) => ({
      id: r.id, topic: r.topic, subject: r.subject, status: r.status, note: r.note, receivedAt: r.receivedAt.toISOString(), processedAt: r.processedAt?.toISOString() ?? null,
    })),
    count,
    q,
  );
}
