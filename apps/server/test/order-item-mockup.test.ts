import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencies, catalogs, catalogVariants, orderItems, orders, sellerTeams } from '../src/db/schema/index';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

/**
 * GET /api/orders/:id gives each line its catalog's first mockup, so a line without artwork (a
 * dropship item) shows the catalog's picture instead of an empty box.
 */
const t = useApiTest();
const { call } = t;
const ADDRESS = { fullName: 'Ada Lovelace', address1: '1 Main St', city: 'Austin', province: 'TX', zipCode: '78701', country: 'United States', countryCode: 'US' };

async function dropshipOrder() {
  const db = t.database.db;
  const [agency] = await db.select().from(agencies).where(eq(agencies.code, 'DEMO'));
  const [team] = await db.select().from(sellerTeams).where(eq(sellerTeams.name, 'Demo Seller'));
  const [variant] = await db
    .select({ id: catalogVariants.id, code: catalogVariants.catalogVariantCode, catalogId: catalogs.id, gallery: catalogs.mockupGallery })
    .from(catalogVariants)
    .innerJoin(catalogs, eq(catalogs.id, catalogVariants.catalogId))
    .where(and(eq(catalogs.type, 'drop'), eq(catalogs.dropship, true)))
    .limit(1);
  const [order] = await db
    .insert(orders)
    .values({ agencyId: agency!.id, sellerTeamId: team!.id, orderName: '#MOCKUP-1', orderType: 'drop', ...ADDRESS, totalPriceCents: 3000, chargedCents: 0 })
    .returning();
  const base = { orderId: order!.id, agencyId: agency!.id, sellerTeamId: team!.id, quantity: 1, priceCents: 1500 };
  await db.insert(orderItems).values([
    { ...base, position: 0, sku: variant!.code, catalogVariantId: variant!.id, catalogId: variant!.catalogId },
    { ...base, position: 1, sku: 'NOT-IN-A-CATALOG', catalogVariantId: null, catalogId: null },
  ]);
  return { orderId: order!.id, mockup: variant!.gallery[0]! };
}

describe("an order line's catalog mockup", () => {
  it('comes with a line that has no artwork, and is null for a line outside any catalog', async () => {
    const { orderId, mockup } = await dropshipOrder();
    expect(mockup).toMatch(/\.svg$/);
    const res = await call(PERSONA.SELLER, 'GET', `/api/orders/${orderId}`);
    expect(res.status).toBe(200);
    const [line, stray] = res.body.data.items;
    expect(line).toMatchObject({ artworks: [], mockup });
    expect(stray).toMatchObject({ artworks: [], mockup: null });
  });
});
