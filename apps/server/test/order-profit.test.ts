import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { ledgerViolations } from './helpers/ledger-invariants';
import { PERSONA } from './helpers/personas';
import { ledgerEntries, orderItems, orders, sellerTeams } from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
type Team = { id: string; agencyId: string; pendingPayoutDays: number };
let demoTeam: Team;
let pawTeam: Team;
let otherTeam: Team;

const { OWNER, ACCOUNTING, STAFF, SUPPORT, OTHER_OWNER, SELLER, SELLER_ACCOUNTING: SELLER_ACC, OTHER_SELLER } = PERSONA;
const DAY = 86_400_000;

beforeAll(async () => {
  const team = async (name: string) => (await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.name, name)))[0]!;
  demoTeam = await team('Demo Seller');
  pawTeam = await team('Paw Prints Co');
  otherTeam = await team('Other Seller');
});

const uniq = () => Math.random().toString(36).slice(2, 10);

/** An InProduction order of the team with items, sold through a store front when `proxy`. */
async function makeOrder(team: Team, opts: { proxy: boolean; totalCents?: number; items?: number; status?: string }) {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      agencyId: team.agencyId,
      sellerTeamId: team.id,
      orderName: `#P-${uniq()}`,
      status: opts.status ?? 'InProduction',
      itemCount: opts.items ?? 1,
      totalPriceCents: opts.totalCents ?? 4_599,
      proxyId: opts.proxy ? crypto.randomUUID() : null,
      // A store front records its sale when it creates the order (docs/money.md, "Sale price").
      saleTotalCents: opts.proxy ? (opts.totalCents ?? 4_599) : null,
    })
    .returning();
  const items = await db
    .insert(orderItems)
    .values(Array.from({ length: opts.items ?? 1 }, (_, i) => ({
      orderId: order!.id, agencyId: team.agencyId, sellerTeamId: team.id, position: i, sku: `PRF-${i}`, title: 'Tee', quantity: 1, status: 'InProduction',
    })))
    .returning();
  return { order: order!, items };
}

/** Ships every item in one shipment and marks it delivered: the order becomes Fulfilled. */
async function fulfil(orderId: string) {
  const added = await call(OWNER, 'POST', `/api/tracking/${orderId}/shipments`, { trackingNumber: `1Z${uniq()}`, carrier: 'UPS' });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const done = await call(OWNER, 'PATCH', `/api/tracking/shipments/${added.body.data.shipment.id}/delivered`);
  expect(done.body.data.status).toBe('Fulfilled');
}

async function profitEntries(orderId: string) {
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, 'order'), eq(ledgerEntries.refId, orderId), eq(ledgerEntries.type, 'order_profit')))
    .orderBy(asc(ledgerEntries.createdAt));
}

describe('the order profit rule', () => {
  it('a store-front order earns its total once when it is Fulfilled, held for the team window', async () => {
    const { order } = await makeOrder(demoTeam, { proxy: true, totalCents: 4_599 });
    const before = Date.now();
    await fulfil(order.id);
    const entries = await profitEntries(order.id);
    expect(entries).toHaveLength(1);
    const [e] = entries;
    expect(e).toMatchObject({ accountKind: 'profit', amountCents: 4_599, idempotencyKey: `order:${order.id}:profit`, sellerTeamId: demoTeam.id });
    const hold = demoTeam.pendingPayoutDays * DAY;
    expect(e!.availableAt.getTime()).toBeGreaterThanOrEqual(before + hold - 1000);
    expect(e!.availableAt.getTime()).toBeLessThanOrEqual(Date.now() + hold + 1000);

    // Recalculating moves nothing: the order already earned what it should.
    const again = await call(ACCOUNTING, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ orderId: order.id, due: 45.99, posted: 45.99, moved: 0 });
    expect(await profitEntries(order.id)).toHaveLength(1);
  });

  it('an order of the seller own store earns nothing', async () => {
    const { order } = await makeOrder(demoTeam, { proxy: false });
    await fulfil(order.id);
    expect(await profitEntries(order.id)).toHaveLength(0);
    const calc = await call(OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id });
    expect(calc.body.data).toMatchObject({ due: 0, posted: 0, moved: 0 });
  });

  it('a store-front order earns nothing before it is Fulfilled', async () => {
    const { order } = await makeOrder(demoTeam, { proxy: true, status: 'InTransit' });
    const calc = await call(SELLER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id });
    expect(calc.status).toBe(200);
    expect(calc.body.data).toMatchObject({ due: 0, moved: 0 });
    expect(await profitEntries(order.id)).toHaveLength(0);
  });

  it('update-fulfilled (items delivered) accrues too', async () => {
    const { order, items } = await makeOrder(demoTeam, { proxy: true, totalCents: 1_250 });
    await t.database.db.update(orderItems).set({ status: 'InTransit' }).where(eq(orderItems.orderId, order.id));
    await t.database.db.update(orders).set({ status: 'InTransit' }).where(eq(orders.id, order.id));
    const res = await call(SUPPORT, 'PATCH', '/api/order-items/update-fulfilled', { ids: items.map((i) => i.id) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results[0].orderStatus).toBe('Fulfilled');
    const entries = await profitEntries(order.id);
    expect(entries.map((e) => e.amountCents)).toEqual([1_250]);
  });

  it('recalculation posts only the differences, with numbered keys', async () => {
    const { order } = await makeOrder(demoTeam, { proxy: true, totalCents: 2_000 });
    await fulfil(order.id);
    // The recorded sale was corrected afterwards: the next calculation posts the difference.
    await t.database.db.update(orders).set({ saleTotalCents: 2_300 }).where(eq(orders.id, order.id));
    const up = await call(OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id });
    expect(up.body.data).toEqual({ orderId: order.id, due: 23, posted: 23, moved: 3 });
    // The order turns out not to be a store-front one: its profit is taken back at once.
    await t.database.db.update(orders).set({ proxyId: null }).where(eq(orders.id, order.id));
    const down = await call(OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id });
    expect(down.body.data).toMatchObject({ due: 0, posted: 0, moved: -23 });
    const twice = await call(OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id });
    expect(twice.body.data.moved).toBe(0);
    const entries = await profitEntries(order.id);
    expect(entries.map((e) => [e.amountCents, e.idempotencyKey])).toEqual([
      [2_000, `order:${order.id}:profit`],
      [300, `order:${order.id}:profit:1`],
      [-2_300, `order:${order.id}:profit:2`],
    ]);
    expect(entries[2]!.availableAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('two calculations at once move the money once', async () => {
    const { order } = await makeOrder(demoTeam, { proxy: true, totalCents: 999, status: 'Fulfilled' });
    const both = await Promise.all([1, 2].map(() => call(OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id })));
    expect(both.map((b) => b.status)).toEqual([200, 200]);
    expect(both.map((b) => b.body.data.moved).sort()).toEqual([0, 9.99]);
    expect((await profitEntries(order.id)).map((e) => e.amountCents)).toEqual([999]);
  });

  it('keeps the ledger consistent', async () => {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});

describe('calc-order-profit scope and roles', () => {
  it('answers 404 for another tenant and 403 for roles without profits.orders', async () => {
    const { order } = await makeOrder(demoTeam, { proxy: true, status: 'Fulfilled' });
    const { order: paw } = await makeOrder(pawTeam, { proxy: true, status: 'Fulfilled' });
    expect((await call(OTHER_OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id })).status).toBe(404);
    expect((await call(SELLER, 'PUT', '/api/profits/calc-order-profit', { orderId: paw.id })).status).toBe(404);
    expect((await call(STAFF, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id })).status).toBe(403);
    expect((await call(SUPPORT, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id })).status).toBe(403);
    expect((await call(SELLER_ACC, 'PUT', '/api/profits/calc-order-profit', { orderId: order.id })).status).toBe(403);
    expect((await call(OWNER, 'PUT', '/api/profits/calc-order-profit', { orderId: 'nope' })).status).toBe(400);
    // Nothing moved for the refused ones.
    expect(await profitEntries(order.id)).toHaveLength(0);
    expect(await profitEntries(paw.id)).toHaveLength(0);
  });
});

describe('GET /api/profits/logs', () => {
  it('an agency reads its teams, filtered; a seller only its own team', async () => {
    const { order } = await makeOrder(pawTeam, { proxy: true, totalCents: 777 });
    await fulfil(order.id);
    const agency = await call(ACCOUNTING, 'GET', `/api/profits/logs?sellerTeam=${pawTeam.id}&type=order_profit&limit=200`);
    expect(agency.status).toBe(200);
    const row = agency.body.data.find((r: { refId: string }) => r.refId === order.id);
    expect(row).toMatchObject({ sellerTeamName: 'Paw Prints Co', type: 'order_profit', amount: 7.77, refType: 'order' });
    expect(agency.body.data.every((r: { sellerTeamId: string }) => r.sellerTeamId === pawTeam.id)).toBe(true);

    const mine = await call(SELLER, 'GET', '/api/profits/logs?limit=200');
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBeGreaterThan(0);
    expect(mine.body.data.every((r: { sellerTeamId: string }) => r.sellerTeamId === demoTeam.id)).toBe(true);
    // A seller asking for another team gets nothing of it.
    const foreign = await call(SELLER, 'GET', `/api/profits/logs?sellerTeam=${pawTeam.id}`);
    expect(foreign.body.total).toBe(0);
    const other = await call(OTHER_OWNER, 'GET', `/api/profits/logs?sellerTeam=${pawTeam.id}`);
    expect(other.body.total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const dated = await call(OWNER, 'GET', `/api/profits/logs?from=${today}&to=${today}&limit=200`);
    expect(dated.body.data.some((r: { refId: string }) => r.refId === order.id)).toBe(true);
    const old = await call(OWNER, 'GET', '/api/profits/logs?to=2000-01-01');
    expect(old.body.total).toBe(0);
    expect((await call(STAFF, 'GET', '/api/profits/logs')).status).toBe(403);
    // Seller accounting has no payouts or profit page (issue 12 item 7).
    expect((await call(SELLER_ACC, 'GET', '/api/profits/logs')).status).toBe(403);
  });
});

describe('GET /api/profits/:id and /:id/payout', () => {
  it('answers the figures and order counts of a visible team, 404 otherwise', async () => {
    const rec = await call(OWNER, 'GET', `/api/profits/${demoTeam.id}`);
    expect(rec.status).toBe(200);
    expect(rec.body.data).toMatchObject({ sellerTeamId: demoTeam.id, name: 'Demo Seller', pendingPayoutDays: demoTeam.pendingPayoutDays });
    expect(rec.body.data.orders.fulfilledViaProxy).toBeGreaterThan(0);
    expect(rec.body.data.orders.fulfilled).toBeGreaterThanOrEqual(rec.body.data.orders.fulfilledViaProxy);
    const summary = await call(SELLER, 'GET', '/api/profits/summary');
    expect(rec.body.data.totalProfit).toBe(summary.body.totalProfit);
    expect(rec.body.data.remainProfit).toBe(summary.body.remainProfit);

    expect((await call(SELLER, 'GET', `/api/profits/${demoTeam.id}`)).status).toBe(200);
    expect((await call(SELLER, 'GET', `/api/profits/${pawTeam.id}`)).status).toBe(404);
    expect((await call(OTHER_OWNER, 'GET', `/api/profits/${demoTeam.id}`)).status).toBe(404);
    expect((await call(OWNER, 'GET', `/api/profits/${otherTeam.id}`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'GET', `/api/profits/${otherTeam.id}`)).status).toBe(200);

    const pay = await call(ACCOUNTING, 'GET', `/api/profits/${demoTeam.id}/payout`);
    expect(pay.status).toBe(200);
    expect(pay.body.data.length).toBeGreaterThan(0);
    expect(pay.body.data[0]).toHaveProperty('amount');
    expect((await call(SELLER, 'GET', `/api/profits/${pawTeam.id}/payout`)).status).toBe(404);
    // Payout requests carry the payment destination: not for seller accounting (issue 12 item 7).
    expect((await call(SELLER_ACC, 'GET', `/api/profits/${demoTeam.id}/payout`)).status).toBe(403);
  });
});

describe('GET /api/dashboards/profits', () => {
  it('answers per day and in total for the visible teams', async () => {
    const { order } = await makeOrder(demoTeam, { proxy: true, totalCents: 10_000 });
    const before = await call(SELLER, 'GET', '/api/dashboards/profits');
    const otherBefore = await call(OTHER_OWNER, 'GET', '/api/dashboards/profits');
    expect(before.status).toBe(200);
    expect(before.body.data.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(before.body.data.dateTo).toBe(today);
    await fulfil(order.id);
    const after = await call(SELLER, 'GET', `/api/dashboards/profits?dateFrom=${today}&dateTo=${today}`);
    expect(after.body.data.days).toHaveLength(1);
    const b = before.body.data.days.at(-1);
    const a = after.body.data.days[0];
    expect(a.ordersFulfilled).toBe(b.ordersFulfilled + 1);
    expect(a.sales).toBeCloseTo(b.sales + 100, 2);
    expect(a.profit).toBeCloseTo(b.profit + 100, 2);
    expect(after.body.data.totals.profit).toBe(a.profit);

    // The agency sees the sum of its teams; the other agency none of them.
    const agency = await call(OWNER, 'GET', `/api/dashboards/profits?dateFrom=${today}&dateTo=${today}&sellerTeam=${demoTeam.id}`);
    expect(agency.body.data.totals).toEqual(after.body.data.totals);
    expect((await call(OTHER_OWNER, 'GET', `/api/dashboards/profits?sellerTeam=${demoTeam.id}`)).status).toBe(404);
    expect((await call(SELLER, 'GET', `/api/dashboards/profits?sellerTeam=${pawTeam.id}`)).status).toBe(404);
    // Another agency's dashboard does not move when this agency's order is fulfilled.
    expect((await call(OTHER_OWNER, 'GET', '/api/dashboards/profits')).body.data.totals).toEqual(otherBefore.body.data.totals);

    expect((await call(OWNER, 'GET', '/api/dashboards/profits?dateFrom=2026-02-01&dateTo=2026-01-01')).status).toBe(400);
    expect((await call(OWNER, 'GET', '/api/dashboards/profits?dateFrom=2020-01-01&dateTo=2026-01-01')).status).toBe(400);
    expect((await call(STAFF, 'GET', '/api/dashboards/profits')).status).toBe(403);
  });

  it('counts charges and refunds from the wallet ledger', async () => {
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerTeamId, demoTeam.id), eq(ledgerEntries.type, 'order_charge')));
    expect(Number(row!.n)).toBeGreaterThan(0);
    const all = await call(OWNER, 'GET', `/api/dashboards/profits?dateFrom=2026-01-01&dateTo=${new Date().toISOString().slice(0, 10)}&sellerTeam=${demoTeam.id}`);
    expect(all.status).toBe(200);
    expect(all.body.data.totals.charged).toBeGreaterThan(0);
  });
});

describe('GET /api/profits/estimated-orders', () => {
  it('lists the team orders in progress with their margin and its total', async () => {
    const { order } = await makeOrder(demoTeam, { proxy: false, totalCents: 5_000, status: 'InProduction' });
    await t.database.db.update(orders).set({ chargedCents: 1_800, designCostCents: 200, totalRefundCents: 100 }).where(eq(orders.id, order.id));
    const res = await call(SELLER, 'GET', '/api/profits/estimated-orders?limit=200');
    expect(res.status).toBe(200);
    const row = res.body.data.find((r: { id: string }) => r.id === order.id);
    expect(row).toMatchObject({ status: 'InProduction', totalPrice: 50, charged: 18, designCost: 2, refunded: 1, estimatedProfit: 31, viaStoreFront: false });
    expect(res.body.data.every((r: { status: string }) => ['Approved', 'InProduction', 'InTransit', 'PartiallyFulfilled'].includes(r.status))).toBe(true);
    if (res.body.total <= 200) {
      const sum = res.body.data.reduce((s: number, r: { estimatedProfit: number }) => s + Math.round(r.estimatedProfit * 100), 0);
      expect(Math.round(res.body.totalEstimatedProfit * 100)).toBe(sum);
    }
    const agency = await call(ACCOUNTING, 'GET', `/api/profits/estimated-orders?sellerTeam=${demoTeam.id}&limit=200`);
    expect(agency.body.total).toBe(res.body.total);
    expect((await call(SELLER, 'GET', `/api/profits/estimated-orders?sellerTeam=${pawTeam.id}`)).status).toBe(404);
    expect((await call(OTHER_OWNER, 'GET', '/api/profits/estimated-orders?limit=200')).body.data.some((r: { id: string }) => r.id === order.id)).toBe(false);
    expect((await call(STAFF, 'GET', '/api/profits/estimated-orders')).status).toBe(403);
  });
});
