/**
 * PUT /api/products/{id}/sync-to-item (docs/stores.md "Mapping", "Sync to item"): a mapping made after a store
 * order came applies to the team's open orders waiting for it. Lines of mapped variants get their catalog
 * variant and the mapping's artwork in empty slots; lines of ignored variants are removed (the order stays, even
 * empty); unmapped lines and orders past Unfulfilled/Rejected are untouched. The orders' "needs mapping" flags
 * (detail items, list rows) follow. Another team's product is 404; accounting may not change products (403).
 * The demo hoodie's mapping and the orders made here are put back afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PRODUCT_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { auditEntries, jobs, orderEvents, orderItems, orders, productVariants, products, stores } from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, SELLER_ACCOUNTING, OTHER_SELLER, OWNER } = PERSONA;

const TEE = '01930000-0000-7000-8000-000000000001';
const HOODIE = '01930000-0000-7000-8000-000000000002';
const MUG = '01930000-0000-7000-8000-000000000003';
const ART = '/uploads/demo/hoodie-front.png';
const KEPT = '/uploads/demo/buyer-back.png';

type VariantRow = typeof productVariants.$inferSelect;
type ProductRow = typeof products.$inferSelect;
let hoodie: ProductRow;
let mugProduct: ProductRow;
let savedVariants: VariantRow[];
let hoodieVariants: VariantRow[];
let teeVariant: VariantRow;
let mugVariant: VariantRow;
const ids: Record<'open' | 'review' | 'rejected' | 'onlyIgnored' | 'unknownVariant' | 'fromStore' | 'personalized', string> = {
  open: '', review: '', rejected: '', onlyIgnored: '', unknownVariant: '', fromStore: '', personalized: '',
};

const variantsOf = (productId: string) =>
  db().select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(productVariants.position);

/** A store order of the demo team whose lines name store variants (catalog variant not resolved yet). */
async function storeOrder(name: string, status: string, lines: { variant: VariantRow; artwork2?: string }[], over: Partial<typeof orders.$inferInsert> = {}) {
  const [order] = await db()
    .insert(orders)
    .values({ agencyId: hoodie.agencyId, sellerTeamId: hoodie.sellerTeamId, orderName: name, status, addressStatus: 1, itemCount: lines.length, ...over })
    .returning();
  await db().insert(orderItems).values(
    lines.map((l, position) => ({
      orderId: order!.id, agencyId: hoodie.agencyId, sellerTeamId: hoodie.sellerTeamId, position, sku: l.variant.sku ?? '', title: l.variant.title,
      productVariantId: l.variant.id, catalogVariantId: null, catalogId: null, quantity: 1, priceCents: 4295, artwork2: l.artwork2 ?? null,
    })),
  );
  return order!.id;
}

const itemsOf = (orderId: string) => db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.position);
const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const listRow = async (name: string) =>
  (await call(SELLER, 'GET', `/api/orders?search=${encodeURIComponent(name)}`)).body.data.find((o: { orderName: string }) => o.orderName === name);

beforeAll(async () => {
  [hoodie] = await db().select().from(products).where(eq(products.id, HOODIE));
  expect(hoodie!.title).toBe('Mountains Are Calling Hoodie');
  savedVariants = [...(await variantsOf(HOODIE))];
  // The demo hoodie comes mapped without artwork: its first variant is made unmapped, as if the order came first.
  await db().update(productVariants).set({ catalogVariantId: null, mappingStatus: 0, mappedAt: null }).where(eq(productVariants.id, savedVariants[0]!.id));
  hoodieVariants = await variantsOf(HOODIE);
  teeVariant = (await variantsOf(TEE))[0]!;
  mugVariant = (await variantsOf(MUG))[0]!;
  [mugProduct] = await db().select().from(products).where(eq(products.id, MUG));
  const [v0, v1, v2] = hoodieVariants;
  ids.open = await storeOrder('SYNC-OPEN', 'Unfulfilled', [{ variant: v0!, artwork2: KEPT }, { variant: v1! }, { variant: v2! }, { variant: teeVariant }], { orderType: 'drop' });
  ids.review = await storeOrder('SYNC-REVIEW', 'InReview', [{ variant: v2! }]);
  ids.rejected = await storeOrder('SYNC-REJECTED', 'Rejected', [{ variant: v2! }, { variant: mugVariant }]);
  ids.onlyIgnored = await storeOrder('SYNC-IGNORED', 'Unfulfilled', [{ variant: v1! }]);
  // A store order whose line names a variant the shop has not synced yet: no store variant, still needs mapping.
  const [shop] = await db().select().from(stores).where(and(eq(stores.sellerTeamId, hoodie.sellerTeamId), eq(stores.name, 'Demo Tees')));
  const [unknown] = await db()
    .insert(orders)
    .values({ agencyId: hoodie.agencyId, sellerTeamId: hoodie.sellerTeamId, orderName: 'SYNC-UNKNOWN', status: 'Unfulfilled', addressStatus: 1, itemCount: 1, storeId: shop!.id })
    .returning();
  ids.unknownVariant = unknown!.id;
  // Two orders of the shop itself, arrived an hour ago: one waits for the hoodie's mapping, one holds a personalized mug.
  const arrived = new Date(Date.now() - 3600_000);
  ids.fromStore = await storeOrder('SYNC-STORE', 'Unfulfilled', [{ variant: v2! }], { storeId: shop!.id, createdAt: arrived });
  ids.personalized = await storeOrder('SYNC-PERSONAL', 'Unfulfilled', [{ variant: v2! }, { variant: mugVariant }], { storeId: shop!.id, createdAt: arrived });
  await db().insert(orderItems).values({ orderId: unknown!.id, agencyId: hoodie.agencyId, sellerTeamId: hoodie.sellerTeamId, sku: 'NEW-IN-SHOP', quantity: 1 });
});

afterAll(async () => {
  const made = Object.values(ids).filter(Boolean);
  if (made.length) {
    await db().delete(jobs).where(and(eq(jobs.kind, 'store-orders.submit'), inArray(sql`${jobs.payload}->>'orderId'`, made)));
    await db().delete(orderEvents).where(inArray(orderEvents.orderId, made));
    await db().delete(orderItems).where(inArray(orderItems.orderId, made));
    await db().delete(orders).where(inArray(orders.id, made));
  }
  for (const v of savedVariants ?? []) {
    await db().update(productVariants).set({
      catalogVariantId: v.catalogVariantId, ignored: v.ignored, mappingStatus: v.mappingStatus, mappedAt: v.mappedAt,
      artwork1: v.artwork1, artwork2: v.artwork2, artwork3: v.artwork3, artwork4: v.artwork4, artwork5: v.artwork5, artwork6: v.artwork6,
    }).where(eq(productVariants.id, v.id));
  }
  if (hoodie) await db().update(products).set({ catalogId: hoodie.catalogId, mappingStatus: hoodie.mappingStatus }).where(eq(products.id, HOODIE));
  if (mugVariant) {
    await db().update(productVariants).set({ catalogVariantId: mugVariant.catalogVariantId, mappingStatus: mugVariant.mappingStatus, mappedAt: mugVariant.mappedAt, artwork1: mugVariant.artwork1 }).where(eq(productVariants.id, mugVariant.id));
    await db().update(products).set({ personalized: mugProduct.personalized, catalogId: mugProduct.catalogId, mappingStatus: mugProduct.mappingStatus }).where(eq(products.id, MUG));
  }
});

describe('sync-to-item', () => {
  it('shows the store lines as needing mapping, with their store variant, on the detail (seller and agency) and the list', async () => {
    const detail = await call(SELLER, 'GET', `/api/orders/${ids.open}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.items.map((i: { productVariantId: string; needsMapping: boolean }) => [i.productVariantId, i.needsMapping])).toEqual([
      [hoodieVariants[0]!.id, true], [hoodieVariants[1]!.id, true], [hoodieVariants[2]!.id, true], [teeVariant.id, true],
    ]);
    const agency = await call(OWNER, 'GET', `/api/orders/${ids.open}`);
    expect(agency.body.data.items[0]).toMatchObject({ productVariantId: hoodieVariants[0]!.id, needsMapping: true });
    expect(await listRow('SYNC-OPEN')).toMatchObject({ needsMapping: true, itemCount: 4 });
    // Demo orders made from catalog SKUs need nothing; a file's SKU that is in no catalog (#1002) is not a mapping's to fix.
    const unknown = await call(SELLER, 'GET', `/api/orders/${ids.unknownVariant}`);
    expect(unknown.body.data.items[0]).toMatchObject({ productVariantId: null, needsMapping: true });
    expect(await listRow('SYNC-UNKNOWN')).toMatchObject({ needsMapping: true });
    const list = await call(SELLER, 'GET', '/api/orders?limit=50');
    const fileOrder = list.body.data.find((o: { orderName: string }) => o.orderName === '#1002');
    const fileItems = (await call(SELLER, 'GET', `/api/orders/${fileOrder.id}`)).body.data.items;
    expect(fileItems.some((i: { catalogVariantCode: string | null; needsMapping: boolean }) => i.catalogVariantCode === null && !i.needsMapping)).toBe(true);
    expect(list.body.data.filter((o: { orderName: string; needsMapping: boolean }) => !o.orderName.startsWith('SYNC-') && o.needsMapping)).toEqual([]);
  });

  it('refuses accounting (403) and another team or tenant (404); an unknown product is 404', async () => {
    expect((await call(SELLER_ACCOUNTING, 'PUT', `/api/products/${HOODIE}/sync-to-item`)).status).toBe(403);
    expect((await call(OWNER, 'PUT', `/api/products/${HOODIE}/sync-to-item`)).status).toBe(403);
    const other = await call(OTHER_SELLER, 'PUT', `/api/products/${HOODIE}/sync-to-item`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(PRODUCT_MSG.notFound);
    expect((await call(SELLER, 'PUT', '/api/products/01930000-0000-7000-8000-0000000000ff/sync-to-item')).status).toBe(404);
    expect((await call(SELLER, 'PUT', '/api/products/nope/sync-to-item')).status).toBe(400);
    expect((await itemsOf(ids.open)).every((i) => i.catalogVariantId === null)).toBe(true);
  });

  it('after mapping, resolves the open orders\u2019 lines with the mapping\u2019s artwork, removes ignored lines, leaves the rest', async () => {
    const [v0, v1, v2] = hoodieVariants;
    const catalogId = hoodie.catalogId!;
    const target = savedVariants[0]!.catalogVariantId!;
    expect((await call(SELLER, 'PUT', `/api/mapping/variants/${v0!.id}`, { catalogId, catalogVariantId: target, artwork1: ART, artwork2: '/uploads/demo/not-used.png' })).status).toBe(200);
    expect((await call(SELLER, 'PUT', `/api/mapping/variants/${v1!.id}`, { catalogId, catalogVariantId: null, ignored: true })).status).toBe(200);

    const res = await call(SELLER, 'PUT', `/api/products/${HOODIE}/sync-to-item`);
    expect(res.status).toBe(200);
    // open: v0 and v2 resolved, v1 removed; rejected: v2 resolved; only-ignored: its one line removed; the two shop orders' v2.
    expect(res.body).toEqual({ message: PRODUCT_MSG.syncToItemDone(5), data: { orders: 5, items: 7 } });
    expect(res.body.message).toBe('Mapping applied to 5 orders');

    const open = await itemsOf(ids.open);
    expect(open.map((i) => i.productVariantId)).toEqual([v0!.id, v2!.id, teeVariant.id]);
    const [saved2] = savedVariants.filter((v) => v.id === v2!.id);
    expect(open[0]).toMatchObject({ catalogVariantId: target, catalogId, artwork1: ART, artwork2: KEPT });
    expect(open[0]!.color && open[0]!.size).toBeTruthy();
    expect(open[1]).toMatchObject({ catalogVariantId: saved2!.catalogVariantId, catalogId, artwork1: null });
    // The tee is another product: its line waits for the tee's own sync.
    expect(open[2]).toMatchObject({ catalogVariantId: null, catalogId: null });
    expect(await orderRow(ids.open)).toMatchObject({ itemCount: 3, orderType: 'pod', status: 'Unfulfilled' });

    const events = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, ids.open), eq(orderEvents.action, 'sync-to-item')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'item', message: 'Mapping applied to the items', data: { productId: HOODIE, resolved: 2, removed: 1 } });
    const audit = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, HOODIE), eq(auditEntries.action, 'sync-to-item')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ orders: 5, items: 7 });

    // In review: priced from its lines already, never changed here.
    expect((await itemsOf(ids.review))[0]).toMatchObject({ catalogVariantId: null });
    expect(await db().select().from(orderEvents).where(eq(orderEvents.orderId, ids.review))).toHaveLength(0);
    // Rejected: the hoodie line resolved, the mug (not mapped) unchanged.
    expect((await itemsOf(ids.rejected)).map((i) => i.catalogVariantId === null)).toEqual([false, true]);
    // Only an ignored line: the order stays, empty.
    expect(await itemsOf(ids.onlyIgnored)).toHaveLength(0);
    expect(await orderRow(ids.onlyIgnored)).toMatchObject({ itemCount: 0, status: 'Unfulfilled' });
  });

  it('shows the resolved lines as mapped on the detail and the list; a second sync finds nothing to do', async () => {
    const detail = await call(SELLER, 'GET', `/api/orders/${ids.open}`);
    expect(detail.body.data.items.map((i: { needsMapping: boolean }) => i.needsMapping)).toEqual([false, false, true]);
    expect(detail.body.data.timeline.some((e: { action: string; message: string }) => e.action === 'sync-to-item' && e.message === 'Mapping applied to the items')).toBe(true);
    expect(await listRow('SYNC-REJECTED')).toMatchObject({ needsMapping: true });
    expect(await listRow('SYNC-REVIEW')).toMatchObject({ needsMapping: true });
    expect(await listRow('SYNC-IGNORED')).toMatchObject({ needsMapping: false, itemCount: 0 });

    const again = await call(SELLER, 'PUT', `/api/products/${HOODIE}/sync-to-item`);
    expect(again.body).toEqual({ message: PRODUCT_MSG.syncToItemNone, data: { orders: 0, items: 0 } });

    // The tee (mapped with artwork in the demo data) resolves the last line: nothing needs mapping any more.
    const tee = await call(SELLER, 'PUT', `/api/products/${TEE}/sync-to-item`);
    expect(tee.body.data).toEqual({ orders: 1, items: 1 });
    expect((await itemsOf(ids.open))[2]!.artwork1).toBeTruthy();
    const after = await call(SELLER, 'GET', `/api/orders/${ids.open}`);
    expect(after.body.data.items.every((i: { needsMapping: boolean }) => !i.needsMapping)).toBe(true);
    expect(await listRow('SYNC-OPEN')).toMatchObject({ needsMapping: false });
  });

  it('submits a shop’s order its mapping made ready after the store’s delay from its arrival; never a personalized one or a file’s', async () => {
    const submits = await db().select().from(jobs).where(eq(jobs.kind, 'store-orders.submit'));
    const forOrder = (id: string) => submits.filter((j) => j.payload['orderId'] === id);
    // The shop's order: every line mapped now, its store's delay (0) long over: due at once.
    expect(forOrder(ids.fromStore)).toHaveLength(1);
    expect(forOrder(ids.fromStore)[0]!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    // Not ready: the mug line is still unmapped; a file's order (no store) and an order in review are never auto-submitted.
    for (const id of [ids.personalized, ids.open, ids.rejected, ids.review, ids.onlyIgnored]) expect(forOrder(id)).toHaveLength(0);

    await t.app.jobs.drain();
    const submitted = await orderRow(ids.fromStore);
    expect(submitted.status).not.toBe('Unfulfilled');
    const timeline = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, ids.fromStore), eq(orderEvents.kind, 'status')));
    expect(timeline.map((e) => e.fromStatus)).toContain('Unfulfilled');

    // The mug mapped (as the tee is), but marked personalized: its order waits for the artwork made from the buyer's input.
    const [teeProduct] = await db().select().from(products).where(eq(products.id, TEE));
    const mapped = await call(SELLER, 'PUT', `/api/mapping/variants/${mugVariant.id}`, { catalogId: teeProduct!.catalogId, catalogVariantId: teeVariant.catalogVariantId });
    expect(mapped.status).toBe(200);
    await db().update(products).set({ personalized: true }).where(eq(products.id, MUG));
    const mug = await call(SELLER, 'PUT', `/api/products/${MUG}/sync-to-item`);
    expect(mug.body.data.orders).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(jobs).where(and(eq(jobs.kind, 'store-orders.submit'), sql`${jobs.payload}->>'orderId' = ${ids.personalized}`))).toHaveLength(0);
    expect((await orderRow(ids.personalized)).status).toBe('Unfulfilled');
  });
});
