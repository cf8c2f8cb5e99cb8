/** The stores whose orders can be read from their shop: connected platform stores (Shopify, WooCommerce, Etsy) holding credentials, demo stores left alone. */
import { and, asc, eq, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { stores } from '../../db/schema/index';

export function pullableCondition(): SQL {
  return and(ne(stores.platform, 'manual'), eq(stores.status, 'connected'), eq(stores.isDemo, false), isNotNull(stores.credentials))!;
}

/** A team's pullable stores, oldest first (the order the Stores page lists them in reverse). */
export async function pullableStores(db: Db | Tx, agencyId: string, sellerTeamId: string) {
  return db
    .select({ agencyId: stores.agencyId, id: stores.id, sellerTeamId: stores.sellerTeamId, name: stores.name, shopDomain: stores.shopDomain })
    .from(stores)
    .where(and(eq(stores.agencyId, agencyId), eq(stores.sellerTeamId, sellerTeamId), pullableCondition()))
    .orderBy(asc(stores.createdAt));
}
