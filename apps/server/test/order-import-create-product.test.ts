/**
 * createProduct on the file import (docs/stores.md, "Orders from files"): a SKU that is neither a catalog variant nor
 * a variant of the team's products becomes an unmapped product of a manual store of the team (the one the line's
 * Store column names, else the team's first), and its line is imported waiting for the mapping ("needs mapping");
 * a variant of the team's products not mapped yet waits the same way. A Store column naming no manual store of the
 * team fails the row. Mapping the product and applying it to open orders (sync-to-item) resolves the lines.
 * The template format is used (it carries the Store column; Shopify's export has none but may be given one).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ORDER_IMPORT_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { postOrderFile, sellerScope, type SellerScope } from './helpers/order-import-files';
import { PERSONA } from './helpers/personas';
import { catalogVariants, orderItems, orders, productVariants, products, stores } from '../src/db/schema/index';

const t = useApiTest();
const db = () => t.database.db;
const { SELLER } = PERSONA;
let scope: SellerScope;
let secondStore: string;
const HEAD = 'Order Name,Full Name,Address 1,City,Province,Zip Code,Country Code,SKU,Quantity,Price,Store';
const row = (name: string, sku: string, store = '', title = '') => `${name},Buyer ${name},1 Main St,Boston,MA,02134,US,${sku},1,19.50,${store}${title}`;

async function importFile(text: string, fields: Record<string, string> = { createProduct: 'true' }) {
  const res = await postOrderFile(t, SELLER, 'orders.csv', text, fields);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  return (await t.call(SELLER, 'GET', `/api/jobs/${res.json().data.jobId}`)).body.data;
}

const orderNamed = async (name: string) => (await db().select().from(orders).where(and(eq(orders.sellerTeamId, scope.teamId), eq(orders.orderName, name))))[0];
const itemsOf = (orderId: string) => db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
const variantOf = async (sku: string) =>
  (await db().select({ v: productVariants, storeId: products.storeId, productId: products.id }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(eq(productVariants.sku, sku)))[0];

beforeAll(async () => {
  scope = await sellerScope(db());
  // A second manual store of the team, for the Store column.
  const made = await t.call(SELLER, 'POST', '/api/stores', { platform: 'manual', name: 'Craft Fair Booth' });
  expect(made.status).toBe(201);
  secondStore = made.body.data.id;
});

describe('createProduct', () => {
  it('previews the unknown SKU as ready (no failure) when createProduct is on, and as failed when off', async () => {
    const text = [HEAD, row('#CP-PREVIEW', 'CP-NEW-PREVIEW')].join('\n');
    const on = await postOrderFile(t, SELLER, 'o.csv', text, { dryRun: 'true', createProduct: 'true' });
    expect(on.json().data).toMatchObject({ ordersReady: 1, failedRows: 0 });
    const off = await postOrderFile(t, SELLER, 'o.csv', text, { dryRun: 'true' });
    expect(off.json().data).toMatchObject({ ordersReady: 0, failedRows: 1, failures: [{ reason: ORDER_IMPORT_MSG.unknownSku('CP-NEW-PREVIEW') }] });
  });

  it('makes products of unknown SKUs in the store the line names (else the first manual store) and imports their lines waiting', async () => {
    const text = [
      HEAD,
      row('#CP-1', scope.skus[0]!),
      row('#CP-1', 'CP-NEW-A', 'craft fair booth'),
      row('#CP-2', 'CP-NEW-B'),
      row('#CP-3', 'CP-NEW-C', 'No Such Store'),
    ].join('\n');
    const job = await importFile(text);
    expect(job.result).toMatchObject({ ok: true, created: 2, failed: 1, productsCreated: 2 });
    expect(job.result.message).toContain(ORDER_IMPORT_MSG.linesWaiting(2));

    const a = await variantOf('CP-NEW-A');
    expect(a).toMatchObject({ storeId: secondStore, v: { catalogVariantId: null, mappingStatus: 0 } });
    const b = await variantOf('CP-NEW-B');
    const [first] = await db().select().from(stores).where(and(eq(stores.sellerTeamId, scope.teamId), eq(stores.platform, 'manual'))).orderBy(asc(stores.createdAt), asc(stores.id));
    expect(b!.storeId).toBe(first!.id);
    expect(await variantOf('CP-NEW-C')).toBeUndefined();

    const one = await orderNamed('#CP-1');
    expect(one).toMatchObject({ status: 'Unfulfilled', orderType: expect.any(String) });
    const lines = await itemsOf(one!.id);
    expect(lines.map((l) => [l.sku, Boolean(l.catalogVariantId), l.productVariantId])).toEqual([[scope.skus[0], true, null], ['CP-NEW-A', false, a!.v.id]]);
    const two = await orderNamed('#CP-2');
    expect(two!.orderType).toBe('pod');
    expect((await itemsOf(two!.id))[0]).toMatchObject({ sku: 'CP-NEW-B', catalogVariantId: null, productVariantId: b!.v.id, priceCents: 1950 });
    expect(await orderNamed('#CP-3')).toBeUndefined();
    const detail = await t.call(SELLER, 'GET', `/api/orders/import/${job.result.importId}/detail`);
    expect(detail.body.data.failures).toEqual([{ row: 5, orderName: '#CP-3', reason: ORDER_IMPORT_MSG.storeNotManual('No Such Store') }]);
    // The orders say what they wait for.
    const listed = (await t.call(SELLER, 'GET', '/api/orders?search=CP-2')).body.data.find((o: { orderName: string }) => o.orderName === '#CP-2');
    expect(listed).toMatchObject({ needsMapping: true });
  });

  it('imports a line of a product not mapped yet waiting too, and the mapping resolves the lines later', async () => {
    const b = (await variantOf('CP-NEW-B'))!;
    const job = await importFile([HEAD, row('#CP-4', 'CP-NEW-B')].join('\n'));
    expect(job.result).toMatchObject({ created: 1, failed: 0 });
    expect(job.result.productsCreated).toBeUndefined();
    const four = (await orderNamed('#CP-4'))!;
    expect((await itemsOf(four.id))[0]).toMatchObject({ catalogVariantId: null, productVariantId: b.v.id });

    const [cv] = await db().select().from(catalogVariants).where(eq(catalogVariants.catalogVariantCode, scope.skus[0]!));
    expect((await t.call(SELLER, 'PUT', `/api/mapping/variants/${b.v.id}`, { catalogId: cv!.catalogId, catalogVariantId: cv!.id })).status).toBe(200);
    const synced = await t.call(SELLER, 'PUT', `/api/products/${b.productId}/sync-to-item`);
    expect(synced.body.data).toEqual({ orders: 2, items: 2 });
    for (const name of ['#CP-2', '#CP-4']) expect((await itemsOf((await orderNamed(name))!.id))[0]).toMatchObject({ catalogVariantId: cv!.id });
  });

  it('without createProduct, an unmapped variant of the team\u2019s products still fails with the reason', async () => {
    const job = await importFile([HEAD, row('#CP-5', 'CP-NEW-A')].join('\n'), {});
    expect(job.result).toMatchObject({ created: 0, failed: 1 });
    const detail = await t.call(SELLER, 'GET', `/api/orders/import/${job.result.importId}/detail`);
    expect(detail.body.data.failures[0].reason).toBe(ORDER_IMPORT_MSG.skuNotMapped('CP-NEW-A'));
  });
});
