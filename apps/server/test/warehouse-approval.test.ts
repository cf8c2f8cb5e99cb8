/**
 * Warehouse orders at approval (docs/warehouses.md "Orders" and "Money"): routing to the first warehouse by priority
 * that holds every line, reservation in the approval's transaction, the warehouse's fees charged through the one
 * order charge, a shortage held 'awaiting stock' (approved when stock arrives) or refused by the agency's setting,
 * cancel releasing, and 50 concurrent approvals for the last 10 units reserving exactly 10.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WAREHOUSE_MSG, warehouseCharge, type WarehouseFees } from '@fbo/shared';
import {
  invoiceLines, invoices, orderItems, orders, stockLevels, stockMovements, warehouseFulfilments, warehouseProducts, warehouses,
} from '../src/db/schema/index';
import { postEntry } from '../src/modules/money/ledger';
import { AWAITING_STOCK_JOB, moveStock } from '../src/modules/warehouses';
import { useApiTest } from './helpers/api';
import { shopifyCsv, uploadOrders } from './helpers/order-import-files';
import { ledgerViolations } from './helpers/ledger-invariants';
import { PERSONA, insertPricedOrder, teamNamed, walletCents, type Team } from './helpers/orders';

const t = useApiTest();
const db = () => t.database.db;
const { OWNER, SELLER } = PERSONA;
const command = (who: string, action: string, ids: string[]) => t.call(who, 'POST', `/api/orders/${action}`, { ids });

let demo: Team;
let dal: typeof warehouses.$inferSelect;
let rno: typeof warehouses.$inferSelect;
let serial = 0;

beforeAll(async () => {
  demo = await teamNamed(db(), 'Demo Seller');
  [dal] = await db().select().from(warehouses).where(eq(warehouses.code, 'DAL'));
  [rno] = await db().select().from(warehouses).where(eq(warehouses.code, 'RNO'));
  await setWallet(1_000_000_00);
});

async function setWallet(cents: number) {
  const delta = cents - (await walletCents(db(), demo));
  if (delta !== 0) {
    await db().transaction((tx) => postEntry(tx, {
      agencyId: demo.agencyId, sellerTeamId: demo.id, account: 'wallet', type: 'adjustment', amountCents: delta, key: `test:wh:${++serial}`, description: 'test', actorId: null,
    }));
  }
}

/** A warehouse product of the demo seller stocked as given ({DAL: n, RNO: m}). */
async function product(grams: number, stock: { DAL?: number; RNO?: number }) {
  const [p] = await db().insert(warehouseProducts).values({
    agencyId: demo.agencyId, ownerTeamId: demo.id, sku: `T-WH-${++serial}`, name: `Test product ${serial}`, weightGrams: grams,
  }).returning();
  const moves = ([['DAL', dal], ['RNO', rno]] as const).flatMap(([code, w]) => {
    const n = stock[code];
    if (n === undefined) return [];
    return n > 0 ? [{ warehouseId: w.id, warehouseProductId: p!.id, kind: 'receipt' as const, quantity: n }] : [];
  });
  await db().transaction((tx) => moveStock(tx, demo.agencyId, moves));
  for (const [code, w] of [['DAL', dal], ['RNO', rno]] as const) {
    if (stock[code] === 0) await db().insert(stockLevels).values({ agencyId: demo.agencyId, warehouseId: w.id, warehouseProductId: p!.id });
  }
  return p!;
}

/** An order in review with these warehouse lines (and printed lines when `printed` > 0). */
async function warehouseOrder(lines: { productId: string; sku: string; quantity: number }[], printed = 0) {
  const order = printed > 0
    ? await insertPricedOrder(db(), demo, { orderName: `WH-${++serial}`, status: 'InReview', quantities: Array(printed).fill(1), over: { countryCode: 'US' } })
    : (await db().insert(orders).values({
      agencyId: demo.agencyId, sellerTeamId: demo.id, orderName: `WH-${++serial}`, status: 'InReview', addressStatus: 1, countryCode: 'US', country: 'United States',
      itemCount: lines.length,
    }).returning())[0]!;
  await db().insert(orderItems).values(lines.map((l, i) => ({
    orderId: order.id, agencyId: demo.agencyId, sellerTeamId: demo.id, position: printed + i, sku: l.sku, warehouseProductId: l.productId, quantity: l.quantity, priceCents: 1999,
  })));
  return order;
}

const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const levelOf = async (warehouseId: string, productId: string) =>
  (await db().select().from(stockLevels).where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.warehouseProductId, productId))))[0]!;
const fulfilmentOf = async (orderId: string) => (await db().select().from(warehouseFulfilments).where(eq(warehouseFulfilments.orderId, orderId)))[0];
const feesOf = (w: typeof warehouses.$inferSelect) => w.fees as unknown as WarehouseFees;

describe('approval of warehouse orders', () => {
  it('routes to the first warehouse by priority, reserves, and charges its fees through the order charge', async () => {
    const a = await product(500, { DAL: 10, RNO: 10 });
    const b = await product(150, { DAL: 5 });
    const o = await warehouseOrder([{ productId: a.id, sku: a.sku, quantity: 2 }, { productId: b.id, sku: b.sku, quantity: 1 }]);
    const before = await walletCents(db(), demo);
    const res = await command(OWNER, 'approve', [o.id]);
    expect(res.body.data.results).toEqual([{ id: o.id, ok: true, status: 'Approved' }]);

    const expected = warehouseCharge(feesOf(dal), [{ quantity: 2, unitGrams: 500 }, { quantity: 1, unitGrams: 150 }], 'standard', 'US')!;
    // 2.25 order + 2 extra units x 0.50 + the 2,270 g band 9.99 (the seeded DAL fees).
    expect(expected.totalCents).toBe(225 + 100 + 999);
    const after = await orderOf(o.id);
    expect(after.chargedCents).toBe(expected.totalCents);
    expect(await walletCents(db(), demo)).toBe(before - expected.totalCents);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.position));
    expect(items.reduce((s, i) => s + i.baseCostCents! * i.quantity + i.shippingCostCents!, 0)).toBe(expected.totalCents);
    const [invoice] = await db().select().from(invoices).where(and(eq(invoices.sellerTeamId, demo.id), sql`${invoices.note} = ${`Order ${after.orderName}`}`));
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id));
    expect(lines.reduce((s, l) => s + Number(l.amountCents), 0)).toBe(expected.totalCents);
    expect(Number(invoice!.agencyAmountCents)).toBe(0);

    expect(await levelOf(dal.id, a.id)).toMatchObject({ onHand: 10, reserved: 2 });
    expect(await levelOf(dal.id, b.id)).toMatchObject({ onHand: 5, reserved: 1 });
    expect(await levelOf(rno.id, a.id)).toMatchObject({ onHand: 10, reserved: 0 });
    expect(await fulfilmentOf(o.id)).toMatchObject({ warehouseId: dal.id, status: 'to_pick', ownerTeamId: demo.id });
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.orderId, o.id));
    expect(moves.map((m) => [m.kind, m.reservedDelta, m.onHandDelta]).sort()).toEqual([['reserve', 1, 0], ['reserve', 2, 0]]);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('goes to the next warehouse when the first lacks a line, and prices by that warehouse', async () => {
    const a = await product(300, { DAL: 0, RNO: 4 });
    const o = await warehouseOrder([{ productId: a.id, sku: a.sku, quantity: 3 }]);
    await command(OWNER, 'approve', [o.id]);
    expect(await fulfilmentOf(o.id)).toMatchObject({ warehouseId: rno.id });
    expect((await orderOf(o.id)).chargedCents).toBe(warehouseCharge(feesOf(rno), [{ quantity: 3, unitGrams: 300 }], 'standard', 'US')!.totalCents);
  });

  it('charges a mixed order its printed lines by the base cost and its warehouse lines by the fees, in one charge', async () => {
    const a = await product(200, { DAL: 3 });
    const o = await warehouseOrder([{ productId: a.id, sku: a.sku, quantity: 1 }], 1);
    const res = await command(OWNER, 'approve', [o.id]);
    expect(res.body.data.succeeded).toBe(1);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.position));
    const wh = warehouseCharge(feesOf(dal), [{ quantity: 1, unitGrams: 200 }], 'standard', 'US')!.totalCents;
    const printedLine = items[0]!.baseCostCents! * items[0]!.quantity + items[0]!.shippingCostCents!;
    expect(printedLine).toBeGreaterThan(0);
    expect((await orderOf(o.id)).chargedCents).toBe(printedLine + wh);
    expect(await levelOf(dal.id, a.id)).toMatchObject({ reserved: 1 });
  });

  it('holds an order short of stock uncharged, and approves it once a receipt brings the stock', async () => {
    const a = await product(100, { DAL: 2 });
    const o = await warehouseOrder([{ productId: a.id, sku: a.sku, quantity: 5 }]);
    const before = await walletCents(db(), demo);
    const res = await command(OWNER, 'approve', [o.id]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true, status: 'Hold' });
    const held = await orderOf(o.id);
    expect(held).toMatchObject({ status: 'Hold', statusReason: WAREHOUSE_MSG.awaitingStock, heldBy: 'agency', holdFromStatus: 'InReview', chargedCents: 0 });
    expect(await walletCents(db(), demo)).toBe(before);
    expect(await levelOf(dal.id, a.id)).toMatchObject({ onHand: 2, reserved: 0 });
    expect(await fulfilmentOf(o.id)).toBeUndefined();

    await db().transaction((tx) => moveStock(tx, demo.agencyId, [{ warehouseId: dal.id, warehouseProductId: a.id, kind: 'receipt', quantity: 10 }]));
    const recheck = async () => {
      await t.app.jobs.enqueue(db(), { kind: AWAITING_STOCK_JOB, payload: { agencyId: demo.agencyId }, agencyId: demo.agencyId, dedupeKey: demo.agencyId });
      await t.app.jobs.drain();
    };
    await recheck();
    const approved = await orderOf(o.id);
    expect(approved).toMatchObject({ status: 'Approved', statusReason: null, heldBy: null });
    expect(approved.chargedCents).toBeGreaterThan(0);
    expect(await walletCents(db(), demo)).toBe(before - approved.chargedCents);
    expect(await levelOf(dal.id, a.id)).toMatchObject({ onHand: 12, reserved: 5 });
    // A second run finds nothing more to do: charged once.
    await recheck();
    expect((await orderOf(o.id)).chargedCents).toBe(approved.chargedCents);
    expect(await walletCents(db(), demo)).toBe(before - approved.chargedCents);
  });

  it('refuses the approval with the per-order message when the agency says so', async () => {
    expect((await t.call(OWNER, 'PATCH', '/api/agencies/update-settings', { settings: { warehouseShortage: 'refuse' } })).status).toBe(200);
    try {
      const a = await product(100, { DAL: 1 });
      const o = await warehouseOrder([{ productId: a.id, sku: a.sku, quantity: 3 }]);
      // One order: its failure is the answer itself, as a detail page shows it.
      const res = await command(OWNER, 'approve', [o.id]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(WAREHOUSE_MSG.notEnoughStock(a.sku, 3, 1));
      expect((await orderOf(o.id)).status).toBe('InReview');
    } finally {
      await t.call(OWNER, 'PATCH', '/api/agencies/update-settings', { settings: { warehouseShortage: 'hold' } });
    }
  });

  it('releases the reservation when an approved order is cancelled, and refunds the fees', async () => {
    const a = await product(100, { DAL: 6 });
    const o = await warehouseOrder([{ productId: a.id, sku: a.sku, quantity: 4 }]);
    await command(OWNER, 'approve', [o.id]);
    expect(await levelOf(dal.id, a.id)).toMatchObject({ reserved: 4 });
    const res = await command(SELLER, 'cancel', [o.id]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true, status: 'Cancel' });
    expect(await levelOf(dal.id, a.id)).toMatchObject({ onHand: 6, reserved: 0 });
    expect(await fulfilmentOf(o.id)).toMatchObject({ status: 'cancelled' });
    expect((await orderOf(o.id)).totalRefundCents).toBe((await orderOf(o.id)).chargedCents);
  });
});

describe('orders from a file', () => {
  it("resolves a line by the team's warehouse SKU to its warehouse product, approved from stock", async () => {
    const a = await product(250, { DAL: 5 });
    const file = shopifyCsv([`#CSV-WH-${serial}`], [a.sku]);
    const { importId } = await uploadOrders(t, 'orders.csv', file.text);
    await t.app.jobs.drain();
    const [o] = await db().select().from(orders).where(eq(orders.importId, importId));
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, o!.id));
    expect(item).toMatchObject({ warehouseProductId: a.id, catalogVariantId: null, sku: a.sku });
    expect((await command(SELLER, 'submit', [o!.id])).body.data.results[0]).toMatchObject({ ok: true });
    const res = await command(OWNER, 'approve', [o!.id]);
    expect(res.body.data.results[0]).toMatchObject({ ok: true, status: 'Approved' });
    expect(await levelOf(dal.id, a.id)).toMatchObject({ reserved: 1 });
  });
});

describe('the last units', () => {
  it('50 concurrent approvals for the last 10 units: exactly 10 reserved and approved, 40 held awaiting stock', async () => {
    const a = await product(100, { DAL: 10 });
    const list = [];
    for (let i = 0; i < 50; i++) list.push(await warehouseOrder([{ productId: a.id, sku: a.sku, quantity: 1 }]));
    const answers = await Promise.all(list.map((o) => command(OWNER, 'approve', [o.id])));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const states = await Promise.all(list.map((o) => orderOf(o.id)));
    expect(states.filter((s) => s.status === 'Approved')).toHaveLength(10);
    expect(states.filter((s) => s.status === 'Hold' && s.statusReason === WAREHOUSE_MSG.awaitingStock)).toHaveLength(40);
    expect(await levelOf(dal.id, a.id)).toMatchObject({ onHand: 10, reserved: 10 });
    expect(states.filter((s) => s.status === 'Hold').every((s) => s.chargedCents === 0)).toBe(true);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

describe('warehouse teams', () => {
  it('a team that runs a warehouse cannot switch back to Default (409)', async () => {
    const team = await teamNamed(db(), 'Demo Warehouse');
    const res = await t.call(OWNER, 'PUT', `/api/seller-teams/${team.id}`, {
      name: team.name, basecost: team.basecostId, referralCode: team.referralCode, sellerType: 'default', pendingPayoutDays: team.pendingPayoutDays,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(WAREHOUSE_MSG.typeLocked);
  });
});
