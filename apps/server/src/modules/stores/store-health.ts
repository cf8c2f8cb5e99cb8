/**
 * A store's health (docs/stores.md, "Store health"): the platform's deliveries of the last days (received, failed,
 * not imported, waiting), the last pull and what it caught up (orders a lost webhook would have missed), credentials
 * about to expire, the last webhook check. One indexed range read of store_webhooks (store_webhooks_store_idx).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { STORE_HEALTH_DAYS, STORE_MSG, STORE_TOKEN_WARNING_DAYS, type Actor, type StoreHealth } from '@fbo/shared';
import type { AppContext } from '../../context';
import { storeWebhooks } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { findStore } from './stores.repo';
import { storeScope } from './stores.service';

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function storeHealth(ctx: AppContext, actor: Actor, storeId: string): Promise<{ data: StoreHealth }> {
  const store = await findStore(ctx.db, storeScope(actor), storeId);
  if (!store) throw notFound(STORE_MSG.notFound);
  const since = new Date(Date.now() - STORE_HEALTH_DAYS * DAY_MS);
  const [counts] = await ctx.db
    .select({
      received: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${storeWebhooks.status} = 'failed'))::int`,
      ignored: sql<number>`(count(*) filter (where ${storeWebhooks.status} = 'ignored'))::int`,
      waiting: sql<number>`(count(*) filter (where ${storeWebhooks.status} = 'received'))::int`,
      lastReceivedAt: sql<string | null>`max(${storeWebhooks.receivedAt})`,
    })
    .from(storeWebhooks)
    .where(and(eq(storeWebhooks.agencyId, store.agencyId), eq(storeWebhooks.storeId, store.id), gte(storeWebhooks.receivedAt, since)));
  const expires = store.tokenExpiresAt;
  return {
    data: {
      deliveries: {
        received: counts?.received ?? 0,
        failed: counts?.failed ?? 0,
        ignored: counts?.ignored ?? 0,
        waiting: counts?.waiting ?? 0,
        lastReceivedAt: counts?.lastReceivedAt ? new Date(counts.lastReceivedAt).toISOString() : null,
      },
      lastReconciledAt: iso(store.lastReconciledAt),
      lastReconcile: store.lastReconcile ?? null,
      tokenExpiresAt: iso(expires),
      tokenExpiresSoon: !!expires && store.status !== 'disconnected' && expires.getTime() - Date.now() < STORE_TOKEN_WARNING_DAYS * DAY_MS,
      webhooksCheckedAt: iso(store.webhooksCheckedAt),
    },
  };
}
