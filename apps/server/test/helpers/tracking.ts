/** Orders for the tracking and store-sync tests. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { orderItems, orders, stores } from '../../src/db/schema/index';
import { resolveSecretBox } from '../../src/lib/secret-box';
import { sealCredentials } from '../../src/modules/stores';

export const uniq = () => Math.random().toString(36).slice(2, 10);

/** A Shopify store the fake Shopify answers for: makeTrackingOrder links the order to it (a stores row). */
export const SHOPIFY_STORE = { store: { platform: 'shopify', shopDomain: 'demo-shop.myshopify.com', accessToken: 'shpat_test_token' } };

/**
 * The team's store of that shop, created once with its token sealed the way the app seals it (the
 * test app runs on the database's development key, which resolveSecretBox reads).
 */
export async function shopifyStoreOf(db: Db, team: { id: string; agencyId: string }, link = SHOPIFY_STORE.store): Promise<string> {
  const [found] = await db.select({ id: stores.id }).from(stores)
    .where(and(eq(stores.agencyId, team.agencyId), eq(stores.platform, 'shopify'), eq(stores.shopDomain, link.shopDomain)));
  if (found) return found.id;
  const [store] = await db.insert(stores)
    .values({ agencyId: team.agencyId, sellerTeamId: team.id, platform: 'shopify', name: 'Demo shop', shopDomain: link.shopDomain, connectedAt: new Date() })
    .returning();
  const sealed = sealCredentials(await resolveSecretBox(db), store!, { accessToken: link.accessToken });
  await db.update(stores).set(sealed).where(and(eq(stores.agencyId, team.agencyId), eq(stores.id, store!.id)));
  return store!.id;
}

/** A store order exists once per (store, store order id): each test order gets its own id. */
let nextStoreOrderId = 450789469;

/**
 * An order of the team in a status, with items (SKUs TRK-A, TRK-B, ...) and a store order id (450789469, then one more per store order).
 * `metadata.store` (SHOPIFY_STORE) stands for "from that store": the order is linked to the team's store of it.
 */
export async function makeTrackingOrder(
  db: Db,
  team: { id: string; agencyId: string },
  status = 'InProduction',
  itemCount = 2,
  metadata: Record<string, unknown> = {},
) {
  const { store, ...rest } = metadata;
  const storeId = store ? await shopifyStoreOf(db, team, store as typeof SHOPIFY_STORE.store) : null;
  const [order] = await db
    .insert(orders)
    .values({ agencyId: team.agencyId, sellerTeamId: team.id, orderName: `#T-${uniq()}`, status, itemCount, metadata: rest, storeId, externalId: storeId ? String(nextStoreOrderId++) : '450789469' })
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      Array.from({ length: itemCount }, (_, i) => ({
        orderId: order!.id,
        agencyId: team.agencyId,
        sellerTeamId: team.id,
        position: i,
        sku: `TRK-${String.fromCharCode(65 + i)}`,
        title: `Tee ${i}`,
        quantity: 1,
        status: 'InProduction',
      })),
    )
    .returning();
  return { order: order!, items };
}
