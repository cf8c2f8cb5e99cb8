/**
 * Before the stores table, the one store link was a Shopify access token kept in each order's metadata
 * (`orders.metadata.store = { platform, shopDomain, accessToken }`). This start-up step, run once per
 * database, moves it (docs/stores.md, "From order metadata to stores"):
 *   - one store per agency and shop, owned by the team of the newest order naming it (a shop is one
 *     team's; another team's orders of the same shop lose the link, counted in the log);
 *   - the newest token, sealed by the SecretBox;
 *   - the orders linked by store_id and `metadata.store` removed;
 *   - every audit row that quoted a moved token gets the token replaced.
 * It cannot be a SQL migration: sealing needs the key, which the database never sees.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { storeConnection } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { appSettings, auditEntries, orders } from '../../db/schema/index';
import { sealCredentials } from './store-credentials';
import { findShop, insertStore, updateStore } from './stores.repo';

const DONE_FLAG = 'stores_legacy_connections_moved';
const BATCH = 500;
export const REDACTED_TOKEN = '[moved to the store credentials]';

type LegacyOrder = { id: string; agencyId: string; sellerTeamId: string; metadata: Record<string, unknown> };

export async function migrateLegacyStoreConnections(ctx: AppContext): Promise<{ stores: number; orders: number; unlinked: number }> {
  const [done] = await ctx.db.select().from(appSettings).where(eq(appSettings.key, DONE_FLAG));
  const totals = { stores: 0, orders: 0, unlinked: 0 };
  if (done) return totals;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rows: LegacyOrder[] = await tx
        .select({ id: orders.id, agencyId: orders.agencyId, sellerTeamId: orders.sellerTeamId, metadata: orders.metadata })
        .from(orders)
        .where(sql`${orders.metadata} ? 'store'`)
        .orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`)
        .limit(BATCH)
        .for('update');
      await moveBatch(ctx, tx, rows, totals);
      return rows.length;
    });
    if (batch < BATCH) break;
  }
  await ctx.db.insert(appSettings).values({ key: DONE_FLAG, value: JSON.stringify({ ...totals, at: new Date().toISOString() }) }).onConflictDoNothing();
  return totals;
}

async function moveBatch(ctx: AppContext, tx: Tx, rows: LegacyOrder[], totals: { stores: number; orders: number; unlinked: number }) {
  const tokens = new Set<string>();
  const linked = new Map<string, string[]>();
  for (const row of rows) {
    const parsed = storeConnection.safeParse(row.metadata['store']);
    if (parsed.success) {
      tokens.add(parsed.data.accessToken);
      const store = await storeFor(ctx, tx, row, parsed.data, totals);
      if (store) linked.set(store, [...(linked.get(store) ?? []), row.id]);
      else totals.unlinked++;
    } else totals.unlinked++;
  }
  for (const [storeId, ids] of linked) {
    await tx.update(orders).set({ storeId }).where(inArray(orders.id, ids));
    totals.orders += ids.length;
  }
  await tx.update(orders).set({ metadata: sql`${orders.metadata} - 'store'` }).where(inArray(orders.id, rows.map((r) => r.id)));
  for (const token of tokens) await redactAudit(tx, token);
}

/** The agency's store of this shop, created from the newest order naming it (rows come newest first). */
async function storeFor(
  ctx: AppContext,
  tx: Tx,
  row: LegacyOrder,
  link: { shopDomain: string; accessToken: string },
  totals: { stores: number },
): Promise<string | null> {
  const shopDomain = link.shopDomain.trim().toLowerCase();
  const existing = await findShop(tx, row.agencyId, 'shopify', shopDomain);
  if (existing) return existing.sellerTeamId === row.sellerTeamId ? existing.id : null;
  const store = await insertStore(tx, {
    agencyId: row.agencyId,
    sellerTeamId: row.sellerTeamId,
    platform: 'shopify',
    name: shopDomain.replace(/\.myshopify\.com$/, ''),
    shopDomain,
    status: 'connected',
    connectedAt: new Date(),
  });
  // Sealed after the insert: the ciphertext is bound to the row's id.
  await updateStore(tx, { agencyId: store.agencyId }, store.id, sealCredentials(ctx.secrets, store, { accessToken: link.accessToken }));
  totals.stores++;
  return store.id;
}

/**
 * Audit rows keep before/after values: a quoted token is replaced wherever it sits. A token that JSON
 * would escape (not seen from Shopify) cannot be replaced inside the text safely: the value is dropped.
 */
async function redactAudit(tx: Tx, token: string) {
  const plain = /^[A-Za-z0-9_.-]+$/.test(token);
  for (const key of ['before', 'after'] as const) {
    const column = auditEntries[key];
    await tx
      .update(auditEntries)
      .set({ [key]: plain ? sql`replace(${column}::text, ${token}, ${REDACTED_TOKEN})::jsonb` : sql`null` })
      .where(and(sql`${column} is not null`, sql`strpos(${column}::text, ${token}) > 0`));
  }
}
