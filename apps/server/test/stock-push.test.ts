/**
 * Stock pushed to the shops (docs/warehouses.md "Alerts and store stock"), against the local Shopify fake: a store
 * variant mapped to a warehouse product, a receipt movement queues one push job for the owning team (a second batch
 * while it waits joins it), the job sets the shop's available units to the product's available stock summed over the
 * active warehouses (an inactive one does not count, reservations do), variants not mapped to a warehouse product are
 * left alone, and a manual store is skipped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PERSONA } from './helpers/personas';
import { connectShop, useShopifyApiTest } from './helpers/shopify-shop';
import { teamNamed } from './helpers/orders';
import type { FakeProduct } from '../fakes/shopify';
import { jobs, products, productVariants, stores, warehouseProducts, warehouses } from '../src/db/schema/index';
import { moveStock, STOCK_PUSH_JOB, type StockMove } from '../src/modules/warehouses';

const { t, fake } = useShopifyApiTest();
const db = () => t.database.db;
const SHOP = 'stock-push-shop.myshopify.com';
let team: Awaited<ReturnType<typeof teamNamed>>;
let shopProduct: FakeProduct;
let warehouseProductId: string;
let dal: string;
let closed: string;

const move = (m: Omit<StockMove, 'warehouseProductId'>[]) => db().transaction((tx) => moveStock(tx, team.agencyId, m.map((x) => ({ ...x, warehouseProductId }))));
const pushJobs = (status: 'queued' | 'done') => db().select().from(jobs).where(and(eq(jobs.kind, STOCK_PUSH_JOB), eq(jobs.dedupeKey, `${team.agencyId}:${team.id}`), eq(jobs.status, status)));
const inShop = (variantId: number) => fake().inventory(SHOP).find((r) => r.variantId === variantId)!;

async function storeProduct(storeId: string, serverId: string | null, variants: { serverId: string | null; sku: string; warehouseProductId: string | null }[]) {
  const [p] = await db().insert(products).values({ agencyId: team.agencyId, sellerTeamId: team.id, storeId, serverId, title: 'Stocked mug' }).returning();
  await db().insert(productVariants).values(variants.map((v, i) => ({
    agencyId: team.agencyId, productId: p!.id, serverId: v.serverId, position: i, sku: v.sku, priceCents: 1500,
    warehouseProductId: v.warehouseProductId, mappingStatus: v.warehouseProductId ? 1 : 0,
  })));
}

beforeAll(async () => {
  team = await teamNamed(db(), 'Demo Seller');
  await connectShop(t, PERSONA.SELLER, SHOP);
  await t.app.jobs.drain();
  [shopProduct] = fake().seedProducts(SHOP, { count: 1, variantsPerProduct: 2 });
  const [store] = await db().select().from(stores).where(and(eq(stores.agencyId, team.agencyId), eq(stores.shopDomain, SHOP)));
  const [wp] = await db().insert(warehouseProducts).values({ agencyId: team.agencyId, ownerTeamId: team.id, sku: 'PUSH-MUG', name: 'Stocked mug' }).returning();
  warehouseProductId = wp!.id;
  const [a, b] = shopProduct!.variants;
  // The first shop variant is fulfilled from the warehouse; the second is print on demand (not mapped to stock).
  await storeProduct(store!.id, String(shopProduct!.id), [
    { serverId: String(a!.id), sku: a!.sku, warehouseProductId },
    { serverId: String(b!.id), sku: b!.sku, warehouseProductId: null },
  ]);
  // The same warehouse product sold through a manual store too (ids from its CSV): nothing to call there.
  const [manual] = await db().select().from(stores).where(and(eq(stores.agencyId, team.agencyId), eq(stores.sellerTeamId, team.id), eq(stores.platform, 'manual')));
  expect(manual).toBeDefined();
  await storeProduct(manual!.id, 'manual-1', [{ serverId: 'manual-1-1', sku: 'PUSH-MUG-MANUAL', warehouseProductId }]);
  const [dallas] = await db().select().from(warehouses).where(and(eq(warehouses.agencyId, team.agencyId), eq(warehouses.code, 'DAL')));
  dal = dallas!.id;
  const [off] = await db().insert(warehouses).values({ agencyId: team.agencyId, name: 'Closed', code: `OFF-${Date.now() % 100000}`, warehouseTeamId: dallas!.warehouseTeamId, active: false }).returning();
  closed = off!.id;
  // Earlier pushes of the team (the seed's, the connect's) out of the way.
  await t.app.jobs.drain();
});

describe('stock pushed to the shops', () => {
  it('a receipt queues one push for the team; a second batch while it waits joins it', async () => {
    await move([{ warehouseId: dal, kind: 'receipt', quantity: 4 }]);
    await move([{ warehouseId: dal, kind: 'receipt', quantity: 3 }]);
    expect(await pushJobs('queued')).toHaveLength(1);
  });

  it('the job sets the mapped variant to the available units; the unmapped variant is left alone', async () => {
    await t.app.jobs.drain();
    expect(await pushJobs('queued')).toHaveLength(0);
    const [a, b] = shopProduct.variants;
    expect(inShop(a!.id)).toMatchObject({ tracked: true, available: 7, availableForSale: true });
    expect(inShop(b!.id)).toMatchObject({ tracked: false });
    const done = await pushJobs('done');
    expect(done.at(-1)!.result).toMatchObject({ ok: true, stores: 1, pushed: 1, skipped: 1 });
  });

  it('available = on hand less reserved over the active warehouses only', async () => {
    await move([{ warehouseId: closed, kind: 'receipt', quantity: 100 }, { warehouseId: dal, kind: 'reserve', quantity: 2 }]);
    await t.app.jobs.drain();
    expect(inShop(shopProduct.variants[0]!.id).available).toBe(5);
  });

  it('a shipment (on hand and reserved both fall) changes nothing available: no push is queued', async () => {
    await move([{ warehouseId: dal, kind: 'ship', quantity: 2 }]);
    expect(await pushJobs('queued')).toHaveLength(0);
  });

  it('a batch meeting a push already running queues one follow-up behind it (the running one may have read before it)', async () => {
    await move([{ warehouseId: dal, kind: 'receipt', quantity: 1 }]);
    const [queued] = await pushJobs('queued');
    // As a worker would have it: claimed, reading the levels.
    await db().update(jobs).set({ status: 'running' }).where(eq(jobs.id, queued!.id));
    await move([{ warehouseId: dal, kind: 'receipt', quantity: 1 }]);
    await move([{ warehouseId: dal, kind: 'receipt', quantity: 1 }]);
    const next = await db().select().from(jobs).where(and(eq(jobs.kind, STOCK_PUSH_JOB), eq(jobs.dedupeKey, `${team.agencyId}:${team.id}:next`), eq(jobs.status, 'queued')));
    expect(next).toHaveLength(1);
    await db().update(jobs).set({ status: 'queued' }).where(eq(jobs.id, queued!.id));
    await t.app.jobs.drain();
    expect(inShop(shopProduct.variants[0]!.id).available).toBe(8);
  });

  it('down to 0: the shop sells none', async () => {
    await move([{ warehouseId: dal, kind: 'adjust', quantity: 8, direction: -1 }]);
    await t.app.jobs.drain();
    expect(inShop(shopProduct.variants[0]!.id)).toMatchObject({ available: 0, availableForSale: false });
  });
});
