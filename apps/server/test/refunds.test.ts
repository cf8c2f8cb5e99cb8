/**
 * Refunds of orders (GET /api/orders/:id/refunds, POST /api/orders/:id/refund): whole, per item,
 * a smaller amount, the limits under races and retries, cancel after a partial refund, tenancy.
 */
import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries, invoiceLines, invoices, ledgerEntries, notifications,
  orderEvents, orderItems, orderRefunds, orders, users,
} from '../src/db/schema/index';
import { postEntry } from '../src/modules/money/ledger';
import { useApiTest } from './helpers/api';
import { ledgerViolations } from './helpers/ledger-invariants';
import { PERSONA, insertPricedOrder, teamNamed, walletCents, type Team } from './helpers/orders';

const t = useApiTest();
const { call, send } = t;
const db = () => t.database.db;
const { OWNER, SUPPORT, STAFF, SELLER, OTHER_OWNER, OTHER_SELLER } = PERSONA;

let demo: Team;

beforeAll(async () => {
  demo = await teamNamed(db(), 'Demo Seller');
});

let serial = 0;
const wallet = (team: Team) => walletCents(db(), team);
async function topUp(team: Team, cents: number) {
  await db().transaction((tx) =>
    postEntry(tx, { agencyId: team.agencyId, sellerTeamId: team.id, account: 'wallet', type: 'adjustment', amountCents: cents, key: `test:refunds:${team.id}:${++serial}`, description: 'test', actorId: null }),
  );
}

/** A fresh InReview order of the team, approved (charged) through the order commands. */
async function chargedOrder(team: Team, quantities = [1, 3]) {
  const order = await insertPricedOrder(db(), team, { orderName: `RF-${Date.now()}-${++serial}`, status: 'InReview', quantities });
  await topUp(team, 100_000);
  const res = await send(OWNER, 'POST', '/api/orders/approve', { ids: [order.id] });
  expect(res.statusCode).toBe(200);
  return (await db().select().from(orders).where(eq(orders.id, order.id)))[0]!;
}

const itemsOf = (id: string) => db().select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position));
const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const refundEntries = (id: string) => db().select().from(ledgerEntries).where(like(ledgerEntries.idempotencyKey, `order:${id}:refund:%`));

const refund = (who: string, id: string, payload: object, headers: Record<string, string> = {}) => call(who, 'POST', `/api/orders/${id}/refund`, payload, headers);
const overview = (who: string, id: string) => call(who, 'GET', `/api/orders/${id}/refunds`);

describe('refund', () => {
  it('refunds everything: the wallet, the IN invoice, items, the order total, event, audit and notification', async () => {
    const o = await chargedOrder(demo);
    const before = await wallet(demo);
    const res = await refund(OWNER, o.id, { reason: 'Customer returned it' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Success', data: { amount: o.chargedCents / 100, totalRefund: o.chargedCents / 100, refundable: 0 } });
    expect(await wallet(demo)).toBe(before + o.chargedCents);
    const [entry] = await refundEntries(o.id);
    expect(entry).toMatchObject({ type: 'order_refund', amountCents: o.chargedCents });
    expect(entry!.idempotencyKey).toBe(`order:${o.id}:refund:${res.body.data.id}`);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, res.body.data.invoiceId));
    expect(invoice).toMatchObject({ type: 'IN', source: 'refund', sellerAmountCents: o.chargedCents });
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id));
    expect(lines).toHaveLength(2);
    expect(lines.reduce((s, l) => s + Number(l.amountCents), 0)).toBe(o.chargedCents);
    for (const item of await itemsOf(o.id)) {
      expect(item.refundedQuantity).toBe(item.quantity);
      expect(item.refundedCents).toBe(Number(item.baseCostCents) * item.quantity + Number(item.shippingCostCents));
    }
    const after = await orderOf(o.id);
    expect(after.totalRefundCents).toBe(o.chargedCents);
    expect(after.status).toBe('Approved');
    const events = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.kind, 'refund')));
    expect(events).toHaveLength(1);
    expect(events[0]!.message).toContain('Customer returned it');
    // Money, not a move: the timeline shows its message, the status stays.
    expect(events[0]).toMatchObject({ action: 'refund', fromStatus: null, toStatus: null });
    const audit = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, o.id), eq(auditEntries.action, 'refund')));
    expect(audit).toHaveLength(1);
    const [manager] = await db().select().from(users).where(eq(users.email, SELLER));
    const notes = await db().select().from(notifications).where(and(eq(notifications.userId, manager!.id), eq(notifications.title, 'Order refunded')));
    expect(notes.some((n) => n.content.includes(o.orderName))).toBe(true);
    expect((await refund(OWNER, o.id, { reason: 'again' })).status).toBe(409);
  });

  it('refunds one unit of an item: its base cost and its shipping share pro rata', async () => {
    const o = await chargedOrder(demo, [1, 3]);
    const [, item] = await itemsOf(o.id);
    const before = await wallet(demo);
    const expected = Number(item!.baseCostCents) + Math.floor(Number(item!.shippingCostCents) / 3);
    const res = await refund(SUPPORT, o.id, { items: [{ orderItemId: item!.id, quantity: 1 }], reason: 'One was damaged' });
    expect(res.status).toBe(201);
    expect(res.body.data.amount).toBe(expected / 100);
    expect(await wallet(demo)).toBe(before + expected);
    const [, after] = await itemsOf(o.id);
    expect(after).toMatchObject({ refundedQuantity: 1, refundedCents: expected });
    const view = await overview(OWNER, o.id);
    expect(view.status).toBe(200);
    const row = view.body.data.items.find((i: { id: string }) => i.id === item!.id);
    expect(row.refundableQuantity).toBe(2);
    expect(view.body.data.order.refundable).toBe((o.chargedCents - expected) / 100);
    expect(view.body.data.refunds).toHaveLength(1);
    // The last units take whatever of the line is left, so unit by unit gives back the line exactly.
    expect((await refund(OWNER, o.id, { items: [{ orderItemId: item!.id, quantity: 3 }], reason: 'Too many' })).status).toBe(409);
    const rest = await refund(OWNER, o.id, { items: [{ orderItemId: item!.id, quantity: 2 }], reason: 'The rest' });
    expect(rest.status).toBe(201);
    const [, done] = await itemsOf(o.id);
    expect(done!.refundedCents).toBe(Number(item!.baseCostCents) * 3 + Number(item!.shippingCostCents));
  });

  it('a money-only partial amount, never above what is refundable', async () => {
    const o = await chargedOrder(demo);
    const over = await refund(OWNER, o.id, { amount: o.chargedCents / 100 + 0.01, reason: 'Too much' });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain('more than what is still refundable');
    const res = await refund(OWNER, o.id, { amount: 1.25, reason: 'Goodwill' });
    expect(res.status).toBe(201);
    expect((await orderOf(o.id)).totalRefundCents).toBe(125);
    for (const item of await itemsOf(o.id)) expect(item.refundedQuantity).toBe(0);
    const [item] = await itemsOf(o.id);
    const aboveItems = await refund(OWNER, o.id, { items: [{ orderItemId: item!.id, quantity: 1 }], amount: 999, reason: 'x' + 'y' });
    expect(aboveItems.status).toBe(409);
  });

  it('refuses a bad body (400), an order never charged or cancelled (409)', async () => {
    const o = await chargedOrder(demo);
    expect((await refund(OWNER, o.id, { reason: 'x' })).status).toBe(400);
    expect((await refund(OWNER, o.id, { reason: 'ok', amount: 1.234 })).status).toBe(400);
    expect((await refund(OWNER, o.id, { reason: 'ok', items: [{ orderItemId: crypto.randomUUID(), quantity: 1 }] })).status).toBe(400);
    const [fresh] = await db().insert(orders).values({ agencyId: demo.agencyId, sellerTeamId: demo.id, orderName: `RF-none-${++serial}`, status: 'Unfulfilled' }).returning();
    const never = await refund(OWNER, fresh!.id, { reason: 'Nothing' });
    expect(never).toMatchObject({ status: 409, body: { message: 'This order was never charged: there is nothing to refund' } });
  });

  it('a whole refund gives back the design cost too, on an order-level invoice line', async () => {
    const o = await chargedOrder(demo);
    // The design service charges `order:{id}:design` and records it on the order; only the record matters here.
    await db().update(orders).set({ designCostCents: 500 }).where(eq(orders.id, o.id));
    const res = await refund(OWNER, o.id, { reason: 'Everything back' });
    expect(res.status).toBe(201);
    expect(res.body.data.amount).toBe((o.chargedCents + 500) / 100);
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, res.body.data.invoiceId));
    expect(lines.find((l) => l.refType === 'order')!.amountCents).toBe(500);
    expect((await orderOf(o.id)).totalRefundCents).toBe(o.chargedCents + 500);
  });

  it('cancel after a partial refund gives back only the rest', async () => {
    const o = await chargedOrder(demo);
    const before = await wallet(demo);
    expect((await refund(OWNER, o.id, { amount: 2, reason: 'Partial' })).status).toBe(201);
    const cancel = await send(OWNER, 'POST', '/api/orders/cancel', { ids: [o.id], reason: 'Cancelled' });
    expect(cancel.statusCode).toBe(200);
    const [back] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `order:${o.id}:cancel-refund`));
    expect(back!.amountCents).toBe(o.chargedCents - 200);
    expect(await wallet(demo)).toBe(before + o.chargedCents);
    expect((await orderOf(o.id)).totalRefundCents).toBe(o.chargedCents);
    const after = await refund(OWNER, o.id, { reason: 'More' });
    expect(after).toMatchObject({ status: 409, body: { message: 'A cancelled order was refunded on cancel: there is nothing left to refund' } });
  });

  it('concurrent refunds never exceed what was charged', async () => {
    const o = await chargedOrder(demo);
    const before = await wallet(demo);
    const third = Math.floor(o.chargedCents / 3) + 1;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => refund(i % 2 ? OWNER : SUPPORT, o.id, { amount: third / 100, reason: `Race ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409)).toBe(true);
    expect((await orderOf(o.id)).totalRefundCents).toBe(third * 2);
    expect(await wallet(demo)).toBe(before + third * 2);
    expect(await refundEntries(o.id)).toHaveLength(2);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('a refund racing a cancel never gives back more than was charged', async () => {
    const o = await chargedOrder(demo);
    const before = await wallet(demo);
    const [r, c] = await Promise.all([
      refund(SUPPORT, o.id, { amount: 1, reason: 'Race with cancel' }),
      send(OWNER, 'POST', '/api/orders/cancel', { ids: [o.id], reason: 'Race' }),
    ]);
    expect(c.statusCode).toBe(200);
    expect([201, 409]).toContain(r.status);
    expect(await wallet(demo)).toBe(before + o.chargedCents);
    expect((await orderOf(o.id)).totalRefundCents).toBe(o.chargedCents);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('the order detail shows the refund on its timeline, to the agency and to the seller', async () => {
    const o = await chargedOrder(demo);
    expect((await refund(OWNER, o.id, { amount: 3, reason: 'Shown on the timeline' })).status).toBe(201);
    for (const email of [OWNER, SELLER]) {
      const res = await send(email, 'GET', `/api/orders/${o.id}`);
      expect(res.statusCode).toBe(200);
      const timeline = res.json().data.timeline as { kind: string; message: string }[];
      expect(timeline.find((e) => e.kind === 'refund')?.message).toBe('Refunded $3.00: Shown on the timeline');
      expect(res.json().data.costs.refunded).toBe(3);
    }
  });

  it('an Idempotency-Key retry answers the first refund and moves nothing more', async () => {
    const o = await chargedOrder(demo);
    const before = await wallet(demo);
    const headers = { 'idempotency-key': `refund-${o.id}` };
    const [a, b] = await Promise.all([refund(OWNER, o.id, { amount: 1, reason: 'Once' }, headers), refund(OWNER, o.id, { amount: 1, reason: 'Once' }, headers)]);
    const c = await refund(OWNER, o.id, { amount: 1, reason: 'Once' }, headers);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(c.body.data.id).toBe(a.body.data.id);
    expect(await wallet(demo)).toBe(before + 100);
    expect(await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, o.id))).toHaveLength(1);
  });

  it('tenancy: the seller reads its own, other tenants get 404, staff and sellers may not refund', async () => {
    const o = await chargedOrder(demo);
    expect((await overview(SELLER, o.id)).status).toBe(200);
    expect((await overview(OTHER_SELLER, o.id)).status).toBe(404);
    expect((await overview(OTHER_OWNER, o.id)).status).toBe(404);
    expect((await refund(OTHER_OWNER, o.id, { reason: 'Not mine' })).status).toBe(404);
    expect((await refund(SELLER, o.id, { reason: 'Mine' })).status).toBe(403);
    expect((await refund(STAFF, o.id, { reason: 'Staff' })).status).toBe(403);
    expect((await orderOf(o.id)).totalRefundCents).toBe(0);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});
