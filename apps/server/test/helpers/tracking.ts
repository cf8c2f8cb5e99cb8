/** Orders for the tracking and store-sync tests. */
import type { Db } from '../../src/db/client';
import { orderItems, orders } from '../../src/db/schema/index';

export const uniq = () => Math.random().toString(36).slice(2, 10);

/** A Shopify store connection (orders.metadata.store) the fake Shopify answers for. */
export const SHOPIFY_STORE = { store: { platform: 'shopify', shopDomain: 'demo-shop.myshopify.com', accessToken: 'shpat_test_token' } };

/** An order of the team in a status, with items (SKUs TRK-A, TRK-B, ...) and the store's order id 450789469. */
export async function makeTrackingOrder(
  db: Db,
  team: { id: string; agencyId: string },
  status = 'InProduction',
  itemCount = 2,
  metadata: Record<string, unknown> = {},
) {
  const [order] = await db
    .insert(orders)
    .values({ agencyId: team.agencyId, sellerTeamId: team.id, orderName: `#T-${uniq()}`, status, itemCount, metadata, externalId: '450789469' })
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
