/**
 * Warehouse products (docs/warehouses.md "Warehouse products", issue 17 item 3): who sees which (the owning team its
 * own, a warehouse the products stocked there with their owner, the agency all of its own, another agency nothing);
 * create and update with their validation (weights in every unit stored as grams, duplicate SKU 409, bad HS code 400);
 * operators never write; store variants mapped to a warehouse product lose their catalog mapping; delete refused once
 * a product has movements; the export is formula-safe.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { WAREHOUSE_PRODUCT_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { teamNamed } from './helpers/orders';
import { productVariants, products, stockLevels, stockMovements, users, warehouseProducts, warehouses } from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, OTHER_SELLER, WAREHOUSE, WAREHOUSE_STAFF, OWNER, OTHER_OWNER, STAFF } = PERSONA;
const URL = '/api/warehouse-products';
const DEMO_SKUS = ['WH-BLANKET-SHERPA', 'WH-CANDLE-LAV', 'WH-JOURNAL-A5', 'WH-KEYCHAIN-PAW', 'WH-TOTE-NAT', 'WH-TUMBLER-20'];

type Item = { id: string; sku: string; ownerTeam: { name: string } | null; levels: { code: string; available: number; low: boolean; threshold: number }[] };
const skus = (body: { data: Item[] }) => body.data.map((p) => p.sku).sort();
const base = { name: 'Test product', weight: { value: 1, unit: 'kg' }, declaredValue: 12.5, lowThreshold: 3 };
let tumbler: Item;

/** The tumbler's stock levels per warehouse code, straight from the table (the seeded orders reserve and ship some). */
async function tumblerLevels() {
  const rows = await db().select({ code: warehouses.code, onHand: stockLevels.onHand, reserved: stockLevels.reserved }).from(stockLevels)
    .innerJoin(warehouses, and(eq(warehouses.agencyId, stockLevels.agencyId), eq(warehouses.id, stockLevels.warehouseId)))
    .where(eq(stockLevels.warehouseProductId, tumbler.id));
  return Object.fromEntries(rows.map((r) => [r.code, { onHand: r.onHand, reserved: r.reserved, available: r.onHand - r.reserved }]));
}

beforeAll(async () => {
  const list = await call(SELLER, 'GET', `${URL}?limit=50`);
  tumbler = list.body.data.find((p: Item) => p.sku === 'WH-TUMBLER-20');
});

describe('who sees which warehouse products', () => {
  it('the owning team sees its six demo products with their stock per warehouse, no owner column', async () => {
    const res = await call(SELLER, 'GET', `${URL}?limit=50`);
    expect(res.status).toBe(200);
    expect(skus(res.body)).toEqual(DEMO_SKUS);
    expect(res.body.total).toBe(6);
    const { DAL: dal, RNO: rno } = await tumblerLevels();
    expect(tumbler).toMatchObject({
      ownerTeam: null, declaredValue: 6.5, weight: { unit: 'oz', grams: 340, value: 11.99 },
      totals: { onHand: dal!.onHand + rno!.onHand, reserved: dal!.reserved + rno!.reserved, available: dal!.available + rno!.available },
    });
    expect(tumbler.levels.map((l) => [l.code, l.available])).toEqual([['DAL', dal!.available], ['RNO', rno!.available]]);
    // Received 180 in Dallas and 60 in Reno: on hand there is what the seeded orders have not shipped.
    expect(rno).toEqual({ onHand: 60, reserved: 0, available: 60 });
    expect(dal!.onHand).toBeLessThanOrEqual(180);
    // Search by SKU or name (escaped: % is a character), stock states, one warehouse.
    expect(skus((await call(SELLER, 'GET', `${URL}?search=tote`)).body)).toEqual(['WH-TOTE-NAT']);
    expect(skus((await call(SELLER, 'GET', `${URL}?search=${encodeURIComponent('WH-CANDLE')}`)).body)).toEqual(['WH-CANDLE-LAV']);
    expect((await call(SELLER, 'GET', `${URL}?search=%25`)).body.total).toBe(0);
    const dallas = tumbler.levels.find((l) => l.code === 'DAL') as unknown as { warehouseId: string };
    expect(skus((await call(SELLER, 'GET', `${URL}?stock=out&warehouse=${dallas.warehouseId}`)).body)).toEqual(['WH-JOURNAL-A5']);
    expect(skus((await call(SELLER, 'GET', `${URL}?stock=low&warehouse=${dallas.warehouseId}`)).body)).toEqual(['WH-CANDLE-LAV', 'WH-KEYCHAIN-PAW']);
    expect(skus((await call(SELLER, 'GET', `${URL}?stock=out`)).body)).toEqual(['WH-BLANKET-SHERPA', 'WH-CANDLE-LAV', 'WH-JOURNAL-A5']);
    expect((await call(SELLER, 'GET', `${URL}/warehouses`)).body.data.map((w: { code: string }) => w.code)).toEqual(['DAL', 'RNO']);
    expect((await call(OTHER_SELLER, 'GET', `${URL}/warehouses`)).body.data).toEqual([]);
    for (const bad of ['stock=some', 'warehouse=nope', 'limit=500']) expect((await call(SELLER, 'GET', `${URL}?${bad}`)).status, bad).toBe(400);
  });

  it('another agency\u2019s seller sees none and gets 404 on a detail', async () => {
    expect((await call(OTHER_SELLER, 'GET', URL)).body.total).toBe(0);
    expect((await call(OTHER_SELLER, 'GET', `${URL}/${tumbler.id}`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'GET', `${URL}/${tumbler.id}/movements`)).status).toBe(404);
    expect((await call(OTHER_OWNER, 'GET', `${URL}/${tumbler.id}`)).status).toBe(404);
    expect((await call(OTHER_OWNER, 'GET', URL)).body.total).toBe(0);
  });

  it('the warehouse sees the products stocked in DAL and RNO with their owner team, and their customs value, never their stores', async () => {
    for (const who of [WAREHOUSE, WAREHOUSE_STAFF]) {
      const res = await call(who, 'GET', `${URL}?limit=50`);
      expect(res.status, who).toBe(200);
      expect(skus(res.body)).toEqual(DEMO_SKUS);
      expect(res.body.data.every((p: Item) => p.ownerTeam?.name === 'Demo Seller')).toBe(true);
    }
    const detail = await call(WAREHOUSE, 'GET', `${URL}/${tumbler.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ declaredValue: 6.5, hsCode: '9617.00', originCountry: 'CN', variants: [] });
    const moves = await call(WAREHOUSE, 'GET', `${URL}/${tumbler.id}/movements`);
    type Move = { kind: string; warehouseCode: string; onHandDelta: number; reservedDelta: number; actorName: string | null };
    const shown = moves.body.data.map((m: Move) => [m.kind, m.warehouseCode, m.onHandDelta, m.reservedDelta, m.actorName]);
    // Every movement of the tumbler in the ledger, the seeded orders' reservations and shipment too, with who made it.
    const ledger = await db().select({ kind: stockMovements.kind, code: warehouses.code, delta: stockMovements.onHandDelta, reserved: stockMovements.reservedDelta, actor: users.fullName }).from(stockMovements)
      .innerJoin(warehouses, and(eq(warehouses.agencyId, stockMovements.agencyId), eq(warehouses.id, stockMovements.warehouseId)))
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .where(eq(stockMovements.warehouseProductId, tumbler.id));
    expect(shown.sort()).toEqual(ledger.map((m) => [m.kind, m.code, m.delta, m.reserved, m.actor]).sort());
    // The receipts are the warehouse manager's.
    expect(shown.filter((m: unknown[]) => m[0] === 'receipt')).toEqual(expect.arrayContaining([['receipt', 'DAL', 180, 0, 'Wade Warehouse'], ['receipt', 'RNO', 60, 0, 'Wade Warehouse']]));
    expect(shown.filter((m: unknown[]) => m[0] === 'receipt')).toHaveLength(2);
  });

  it('the agency sees all of its own with the owner team', async () => {
    for (const who of [OWNER, STAFF]) {
      const res = await call(who, 'GET', `${URL}?limit=50`);
      expect(res.status, who).toBe(200);
      expect(skus(res.body)).toEqual(DEMO_SKUS);
      expect(res.body.data[0].ownerTeam.name).toBe('Demo Seller');
    }
    const team = await teamNamed(db(), 'Demo Seller');
    expect((await call(OWNER, 'GET', `${URL}?sellerTeam=${team.id}`)).body.total).toBe(6);
    expect((await call(OWNER, 'GET', `${URL}?sellerTeam=${crypto.randomUUID()}`)).body.total).toBe(0);
    expect((await call(OWNER, 'POST', URL, { ...base, sku: 'AGENCY-1' })).status).toBe(403);
  });
});

describe('create, update, delete', () => {
  it('stores a weight in every unit as grams, dimensions as millimetres, money as cents', async () => {
    const cases = [['lb', 2, 907], ['oz', 8, 227], ['kg', 1.5, 1500], ['g', 250, 250]] as const;
    for (const [unit, value, grams] of cases) {
      const res = await call(SELLER, 'POST', URL, {
        ...base, sku: `  UNIT-${unit}  `, weight: { value, unit }, dimensions: { length: 10, width: 5, height: 2.5, unit: 'cm' }, hsCode: '6109.10.00', originCountry: 'us',
      });
      expect(res.status, unit).toBe(201);
      // Shown back in the unit typed, from whole grams (8 oz = 226.8 g is kept as 227 g and shows as 8.01 oz).
      expect(Math.abs(res.body.data.weight.value - value), unit).toBeLessThanOrEqual(0.01);
      expect(res.body.data).toMatchObject({ sku: `UNIT-${unit}`, weight: { unit, grams }, dimensions: { length: 10, width: 5, height: 2.5, unit: 'cm' }, originCountry: 'US', deletable: true });
      const [row] = await db().select().from(warehouseProducts).where(eq(warehouseProducts.id, res.body.data.id));
      expect(row).toMatchObject({ weightGrams: grams, weightUnit: unit, lengthMm: 100, widthMm: 50, heightMm: 25, declaredValueCents: 1250 });
    }
    // Inches are kept as whole millimetres too (10 in = 254 mm) and shown back in inches.
    const inches = await call(SELLER, 'POST', URL, { ...base, sku: 'UNIT-IN', dimensions: { length: 10, width: 5, height: 5, unit: 'in' } });
    expect(inches.body.data.dimensions).toEqual({ length: 10, width: 5, height: 5, unit: 'in' });
    const [inRow] = await db().select().from(warehouseProducts).where(eq(warehouseProducts.id, inches.body.data.id));
    expect(inRow).toMatchObject({ lengthMm: 254, widthMm: 127, heightMm: 127, dimensionUnit: 'in' });
  });

  it('refuses a duplicate SKU with 409, bad input with 400 and field messages', async () => {
    const dup = await call(SELLER, 'POST', URL, { ...base, sku: 'WH-TUMBLER-20' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(WAREHOUSE_PRODUCT_MSG.skuTaken('WH-TUMBLER-20'));
    const bad = [
      { ...base, sku: 'HS-1', hsCode: '12345' },
      { ...base, sku: 'HS-2', hsCode: '6109..10' },
      { ...base, sku: 'HS-3', hsCode: '61091000000' },
      { ...base, sku: '' },
      { ...base, sku: 'x'.repeat(65) },
      { ...base, sku: 'N-1', name: 'A' },
      { ...base, sku: 'W-1', weight: { value: 0, unit: 'kg' } },
      { ...base, sku: 'W-2', weight: { value: 1, unit: 'stone' } },
      { ...base, sku: 'W-3', weight: { value: 5000, unit: 'kg' } },
      { ...base, sku: 'V-1', declaredValue: 1.234 },
      { ...base, sku: 'C-1', originCountry: 'ZZ' },
      { ...base, sku: 'T-1', lowThreshold: -1 },
      { ...base, sku: 'I-1', images: ['javascript:alert(1)'] },
      { ...base, sku: 'I-2', images: Array.from({ length: 9 }, (_, i) => `/files/images/${i}.png`) },
    ];
    for (const body of bad) {
      const res = await call(SELLER, 'POST', URL, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const hs = await call(SELLER, 'POST', URL, { ...base, sku: 'HS-9', hsCode: 'abc' });
    expect(hs.body.errors?.hsCode).toBe(WAREHOUSE_PRODUCT_MSG.hsCode);
  });

  it('a warehouse operator never creates, changes or deletes (403); another team\u2019s product is 404', async () => {
    for (const who of [WAREHOUSE, WAREHOUSE_STAFF]) {
      expect((await call(who, 'POST', URL, { ...base, sku: 'OP-1' })).status, who).toBe(403);
      expect((await call(who, 'PUT', `${URL}/${tumbler.id}`, { ...base, sku: 'OP-1' })).status, who).toBe(403);
      expect((await call(who, 'DELETE', `${URL}/${tumbler.id}`)).status, who).toBe(403);
      expect((await call(who, 'PUT', `${URL}/${tumbler.id}/variants`, { variantIds: [] })).status, who).toBe(403);
    }
    expect((await call(OTHER_SELLER, 'PUT', `${URL}/${tumbler.id}`, { ...base, sku: 'X-1' })).status).toBe(404);
    expect((await call(OTHER_SELLER, 'DELETE', `${URL}/${tumbler.id}`)).status).toBe(404);
  });

  it('updates a product (SKU kept unique), sets a warehouse\u2019s own threshold, and refuses a level that does not exist', async () => {
    const made = (await call(SELLER, 'POST', URL, { ...base, sku: 'UPD-1' })).body.data;
    const changed = await call(SELLER, 'PUT', `${URL}/${made.id}`, { ...base, sku: 'UPD-2', name: 'Renamed', weight: { value: 3, unit: 'lb' }, hsCode: '' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ sku: 'UPD-2', name: 'Renamed', weight: { value: 3, unit: 'lb', grams: 1361 }, hsCode: null, dimensions: null });
    expect((await call(SELLER, 'PUT', `${URL}/${made.id}`, { ...base, sku: 'WH-TOTE-NAT' })).status).toBe(409);

    const detail = (await call(SELLER, 'GET', `${URL}/${tumbler.id}`)).body.data;
    const dal = detail.levels.find((l: { code: string }) => l.code === 'DAL');
    const set = await call(SELLER, 'PUT', `${URL}/${tumbler.id}/thresholds`, { thresholds: [{ warehouseId: dal.warehouseId, threshold: 500 }] });
    expect(set.status).toBe(200);
    expect(set.body.data.levels.find((l: { code: string }) => l.code === 'DAL')).toMatchObject({ threshold: 500, ownThreshold: 500, low: true });
    expect(skus((await call(SELLER, 'GET', `${URL}?stock=low&warehouse=${dal.warehouseId}`)).body)).toContain('WH-TUMBLER-20');
    await call(SELLER, 'PUT', `${URL}/${tumbler.id}/thresholds`, { thresholds: [{ warehouseId: dal.warehouseId, threshold: null }] });
    const [lvl] = await db().select().from(stockLevels).where(and(eq(stockLevels.warehouseProductId, tumbler.id), eq(stockLevels.warehouseId, dal.warehouseId)));
    expect(lvl!.lowThreshold).toBeNull();
    // The new product is stocked nowhere: no level to set.
    expect((await call(SELLER, 'PUT', `${URL}/${made.id}/thresholds`, { thresholds: [{ warehouseId: dal.warehouseId, threshold: 1 }] })).status).toBe(400);
  });

  it('deletes a product without history, refuses one with movements (409)', async () => {
    const refused = await call(SELLER, 'DELETE', `${URL}/${tumbler.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WAREHOUSE_PRODUCT_MSG.hasHistory);
    expect((await call(SELLER, 'GET', `${URL}/${tumbler.id}`)).body.data.deletable).toBe(false);
    const made = (await call(SELLER, 'POST', URL, { ...base, sku: 'DEL-1' })).body.data;
    expect((await call(SELLER, 'DELETE', `${URL}/${made.id}`)).status).toBe(200);
    expect((await call(SELLER, 'GET', `${URL}/${made.id}`)).status).toBe(404);
  });
});

describe('store variants a warehouse product fulfils', () => {
  it('a variant mapped to a catalog variant becomes warehouse-mapped (catalog mapping and artwork cleared); another team\u2019s variant is 404', async () => {
    const team = await teamNamed(db(), 'Demo Seller');
    const [mapped] = await db()
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(products.sellerTeamId, team.id), isNotNull(productVariants.catalogVariantId)))
      .limit(1);
    expect(mapped).toBeTruthy();
    const options = await call(SELLER, 'GET', `${URL}/${tumbler.id}/variant-options`);
    expect(options.status).toBe(200);
    expect(options.body.data.find((v: { id: string }) => v.id === mapped!.id)).toMatchObject({ mappedTo: 'catalog' });
    expect((await call(WAREHOUSE, 'GET', `${URL}/${tumbler.id}/variant-options`)).status).toBe(403);

    const res = await call(SELLER, 'PUT', `${URL}/${tumbler.id}/variants`, { variantIds: [mapped!.id] });
    expect(res.status).toBe(200);
    expect(res.body.data.variants).toEqual([expect.objectContaining({ id: mapped!.id, productId: mapped!.productId, storeName: expect.any(String) })]);
    const [row] = await db().select().from(productVariants).where(eq(productVariants.id, mapped!.id));
    expect(row).toMatchObject({ warehouseProductId: tumbler.id, catalogVariantId: null, artwork1: null, mappingStatus: 1, ignored: false });
    expect((await call(SELLER, 'GET', `${URL}/${tumbler.id}/variant-options`)).body.data.find((v: { id: string }) => v.id === mapped!.id).mappedTo).toBe('this');
    // The agency sees them; the warehouse does not.
    expect((await call(OWNER, 'GET', `${URL}/${tumbler.id}`)).body.data.variants).toHaveLength(1);
    expect((await call(WAREHOUSE, 'GET', `${URL}/${tumbler.id}`)).body.data.variants).toEqual([]);

    // A variant of another team of the same agency (the paw prints seller's), made here.
    const [paw] = await db().select({ agencyId: users.agencyId, teamId: users.sellerTeamId }).from(users).where(eq(users.email, PERSONA.PAW));
    expect(paw!.agencyId).toBe(team.agencyId);
    const [otherProduct] = await db().insert(products).values({ agencyId: paw!.agencyId!, sellerTeamId: paw!.teamId!, title: 'Other team tee' }).returning();
    const [foreign] = await db().insert(productVariants).values({ agencyId: paw!.agencyId!, productId: otherProduct!.id, sku: 'OTHER-1', priceCents: 1000 }).returning();
    const refused = await call(SELLER, 'PUT', `${URL}/${tumbler.id}/variants`, { variantIds: [mapped!.id, foreign!.id] });
    expect(refused.status).toBe(404);
    expect((await db().select().from(productVariants).where(eq(productVariants.id, foreign!.id)))[0]!.warehouseProductId).toBeNull();

    // An empty list lets the variant go: unmapped, its product's status rolled up.
    const cleared = await call(SELLER, 'PUT', `${URL}/${tumbler.id}/variants`, { variantIds: [] });
    expect(cleared.body.data.variants).toEqual([]);
    const [after] = await db().select().from(productVariants).where(eq(productVariants.id, mapped!.id));
    expect(after).toMatchObject({ warehouseProductId: null, catalogVariantId: null, mappingStatus: 0 });
    const [product] = await db().select({ status: products.mappingStatus }).from(products).where(eq(products.id, mapped!.productId));
    expect(product!.status).toBe(0);
    // The database keeps one source per variant whatever happens.
    const both = await db().execute(sql`select count(*)::int as n from product_variants where catalog_variant_id is not null and warehouse_product_id is not null`);
    expect(Number((both as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });
});

describe('export', () => {
  it('writes the filtered products with stock per warehouse; a name starting with "=" is text, not a formula', async () => {
    await call(SELLER, 'POST', URL, { ...base, sku: 'FORMULA-1', name: '=HYPERLINK("http://evil.test","x")' });
    const res = await call(SELLER, 'GET', `${URL}/export?search=FORMULA&format=csv`);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/api\/job-files\//);
    const file = await t.app.inject({ method: 'GET', url: res.body.url });
    expect(file.statusCode).toBe(200);
    const lines = file.rawPayload.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('SKU,Name,Weight,Unit,Declared value,HS code,Origin,DAL on hand,DAL reserved,DAL available,RNO on hand,RNO reserved,RNO available');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);

    const all = await call(WAREHOUSE, 'GET', `${URL}/export?search=WH-&format=csv`);
    const text = (await t.app.inject({ method: 'GET', url: all.body.url })).rawPayload.toString('utf8');
    expect(text).toContain('Owner team');
    const { DAL: dal, RNO: rno } = await tumblerLevels();
    const stock = [dal!, rno!].map((l) => `${l.onHand},${l.reserved},${l.available}`).join(',');
    expect(text).toContain(`WH-TUMBLER-20,"Stainless Tumbler 20oz, matte black",Demo Seller,11.99,oz,6.5,9617.00,CN,${stock}`);
    expect((await call(SELLER, 'GET', `${URL}/export?format=xlsx`)).status).toBe(200);
    expect((await call(SELLER, 'GET', `${URL}/export?format=pdf`)).status).toBe(400);
  });
});
