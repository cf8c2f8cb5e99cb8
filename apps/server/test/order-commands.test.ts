/**
 * POST /api/orders/{action} end to end: the state machine on the server, charging on approve,
 * refunds on cancel, per-order results, tenant isolation, races and Idempotency-Key.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderCost, type BasecostPriceCents } from '@fbo/shared/domain/basecosts';
import { MONEY_MSG } from '@fbo/shared/domain/money';
import {
  agencyVariantCosts, auditEntries, emailMessages, basecostItems, invoiceLines, invoices, ledgerEntries, notifications,
  orderEvents, orderItems, orderShipments, orders, sellerTeams, users,
} from '../src/db/schema/index';
import { postEntry } from '../src/modules/money/ledger';
import { useApiTest } from './helpers/api';
import { ledgerViolations } from './helpers/ledger-invariants';
import { PERSONA, insertPricedOrder, teamNamed, walletCents, type Team } from './helpers/orders';

const t = useApiTest();
/** An order command as the orders page sends it. */
const command = (who: string, action: string, payload: object, headers?: Record<string, string>) =>
  t.call(who, 'POST', `/api/orders/${action}`, payload, headers);
const db = () => t.database.db;
const { OWNER, SUPPORT, SELLER, OTHER_OWNER, OTHER_SELLER, PAW } = PERSONA;

let demo: Team;
let paw: Team;
let retro: Team;

beforeAll(async () => {
  demo = await teamNamed(db(), 'Demo Seller');
  paw = await teamNamed(db(), 'Paw Prints Co');
  retro = await teamNamed(db(), 'Retro Tees Lab');
});

let serial = 0;
/** A fresh order of the team with items of variants its base cost group prices. */
async function makeOrder(team: Team, status: string, over: Partial<typeof orders.$inferInsert> = {}, lines: { quantity: number }[] = [{ quantity: 1 }, { quantity: 2 }]) {
  const quantities = lines.map((l) => l.quantity);
  return insertPricedOrder(db(), team, { orderName: `T-${serial + 1}`, status, quantities, variantOffset: serial++ % 50, over });
}

/** What the order should cost: the team's group prices through the shared rule. */
async function expectedCharge(orderId: string, team: Team) {
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
  const prices = await db()
    .select()
    .from(basecostItems)
    .where(and(eq(basecostItems.basecostId, team.basecostId!), inArray(basecostItems.catalogVariantId, items.map((i) => i.catalogVariantId!))));
  const byVariant = new Map(prices.map((p) => [p.catalogVariantId, p as BasecostPriceCents]));
  return orderCost(items.map((i) => ({ price: byVariant.get(i.catalogVariantId!)!, quantity: i.quantity })), 'standard')!;
}

const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const itemsOf = (id: string) => db().select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position));
const eventsOf = (id: string) => db().select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt));
const entriesOf = (key: string) => db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));
const wallet = (team: Team) => walletCents(db(), team);
/** Brings the team's wallet to exactly `cents` through the ledger core. */
async function setWallet(team: Team, cents: number) {
  const delta = cents - (await wallet(team));
  if (delta !== 0) {
    await db().transaction((tx) =>
      postEntry(tx, { agencyId: team.agencyId, sellerTeamId: team.id, account: 'wallet', type: 'adjustment', amountCents: delta, key: `test:set:${team.id}:${++serial}`, description: 'test', actorId: null }),
    );
  }
}
const userId = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!.id;

describe('submit', () => {
  it('sends an order to review, with its event, audit entry and a notification to the agency', async () => {
    const o = await makeOrder(demo, 'Unfulfilled');
    const res = await command(SELLER, 'submit', { ids: [o.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ results: [{ id: o.id, ok: true, status: 'InReview' }], succeeded: 1, failed: 0 });
    expect((await orderOf(o.id)).status).toBe('InReview');
    const [event] = await eventsOf(o.id);
    expect(event).toMatchObject({ kind: 'status', action: 'submit', fromStatus: 'Unfulfilled', toStatus: 'InReview', actorEmail: SELLER, actorId: await userId(SELLER) });
    const audit = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, o.id), eq(auditEntries.action, 'submit')));
    expect(audit).toHaveLength(1);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, await userId(OWNER)));
    expect(notes.some((n) => n.content.includes(`Order ${o.orderName} of Demo Seller was submitted for review`))).toBe(true);
  });

  it('refuses an unknown SKU, an invalid address, an order without items, and a status it cannot start from', async () => {
    const unknown = await makeOrder(demo, 'Unfulfilled');
    await db().update(orderItems).set({ catalogVariantId: null, sku: 'NOPE-1' }).where(and(eq(orderItems.orderId, unknown.id), eq(orderItems.position, 1)));
    expect(await command(SELLER, 'submit', { ids: [unknown.id] })).toEqual({ status: 400, body: { message: 'SKU NOPE-1 is not in the catalog' } });
    const invalid = await makeOrder(demo, 'Unfulfilled', { addressStatus: 0 });
    expect(await command(SELLER, 'submit', { ids: [invalid.id] })).toEqual({ status: 400, body: { message: 'The address is invalid: fix it before submitting.' } });
    const [empty] = await db().insert(orders).values({ agencyId: demo.agencyId, sellerTeamId: demo.id, orderName: `T-empty`, addressStatus: 1 }).returning();
    expect((await command(SELLER, 'submit', { ids: [empty!.id] })).body.message).toBe('The order has no items: add at least one before submitting.');
    const approved = await makeOrder(demo, 'Approved');
    expect(await command(SELLER, 'submit', { ids: [approved.id] })).toEqual({ status: 409, body: { message: 'Cannot submit an order that is Approved.' } });
    for (const o of [unknown, invalid, approved]) expect(await eventsOf(o.id)).toHaveLength(0);
  });

  it('approves and charges at once for an auto-approve team', async () => {
    await db().update(sellerTeams).set({ autoApproveOrder: true }).where(eq(sellerTeams.id, paw.id));
    const o = await makeOrder(paw, 'Rejected');
    const before = await wallet(paw);
    const res = await command(PAW, 'submit', { ids: [o.id] });
    expect(res.body.data.results[0]).toEqual({ id: o.id, ok: true, status: 'Approved' });
    const cost = await expectedCharge(o.id, paw);
    expect(await wallet(paw)).toBe(before - cost.totalCents);
    expect((await orderOf(o.id)).chargedCents).toBe(cost.totalCents);
    await db().update(sellerTeams).set({ autoApproveOrder: false }).where(eq(sellerTeams.id, paw.id));
  });
});

describe('approve', () => {
  it("charges the team's base cost: ledger entry, OUT invoice with the agency's cost, snapshots on the items", async () => {
    const o = await makeOrder(demo, 'InReview');
    const cost = await expectedCharge(o.id, demo);
    const before = await wallet(demo);
    const res = await command(SUPPORT, 'approve', { ids: [o.id] });
    expect(res.body.data.results[0]).toEqual({ id: o.id, ok: true, status: 'Approved' });

    expect(await wallet(demo)).toBe(before - cost.totalCents);
    const [entry] = await entriesOf(`order:${o.id}:charge`);
    expect(entry).toMatchObject({ type: 'order_charge', amountCents: -cost.totalCents, refType: 'order', refId: o.id });
    const after = await orderOf(o.id);
    expect(after).toMatchObject({ status: 'Approved', chargedCents: cost.totalCents, baseCostCents: cost.itemCents, shippingCostCents: cost.shippingCents });
    expect(after.approvedAt).toBeInstanceOf(Date);
    const items = await itemsOf(o.id);
    expect(items.map((i) => i.shippingCostCents)).toEqual(cost.lines.map((l) => l.shippingCents));
    expect(items.map((i) => i.baseCostCents! * i.quantity)).toEqual(cost.lines.map((l) => l.itemCents));

    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.ledgerEntryId, entry!.id));
    expect(lines).toHaveLength(2);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, lines[0]!.invoiceId));
    const agencyUnit = await db().select().from(agencyVariantCosts).where(inArray(agencyVariantCosts.catalogVariantId, items.map((i) => i.catalogVariantId!)));
    const agencyCents = items.reduce((s, i) => s + Number(agencyUnit.find((a) => a.catalogVariantId === i.catalogVariantId && a.agencyId === demo.agencyId)!.costCents) * i.quantity, 0);
    expect(invoice).toMatchObject({ type: 'OUT', source: 'order', sellerAmountCents: cost.totalCents, agencyAmountCents: agencyCents, sellerTeamId: demo.id });
    expect(lines.reduce((s, l) => s + Number(l.amountCents), 0)).toBe(cost.totalCents);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, demo.managerId!));
    expect(notes.some((n) => n.title === 'Order approved' && n.content.includes(o.orderName))).toBe(true);
  });

  it("fails an order whose variant the team's base cost does not price", async () => {
    const o = await makeOrder(demo, 'InReview');
    const [item] = await itemsOf(o.id);
    await db().delete(basecostItems).where(and(eq(basecostItems.basecostId, demo.basecostId!), eq(basecostItems.catalogVariantId, item!.catalogVariantId!)));
    expect(await command(OWNER, 'approve', { ids: [o.id] })).toEqual({ status: 400, body: { message: `No base cost for SKU ${item!.sku} in the team's base cost` } });
    expect((await orderOf(o.id)).status).toBe('InReview');
  });

  it('refuses an order the wallet cannot pay, changing nothing; the others go on', async () => {
    const cheap = await makeOrder(retro, 'InReview', {}, [{ quantity: 1 }]);
    const dear = await makeOrder(retro, 'InReview', {}, [{ quantity: 3 }, { quantity: 3 }]);
    const cheapCost = (await expectedCharge(cheap.id, retro)).totalCents;
    await setWallet(retro, cheapCost + 100);
    const res = await command(OWNER, 'approve', { ids: [dear.id, cheap.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      results: [
        { id: dear.id, ok: false, message: MONEY_MSG.insufficientBalance(cheapCost + 100) },
        { id: cheap.id, ok: true, status: 'Approved' },
      ],
      succeeded: 1,
      failed: 1,
    });
    expect(await wallet(retro)).toBe(100);
    expect(await orderOf(dear.id)).toMatchObject({ status: 'InReview', chargedCents: 0, approvedAt: null });
    expect((await itemsOf(dear.id)).every((i) => i.baseCostCents === null)).toBe(true);
    expect(await eventsOf(dear.id)).toHaveLength(0);
    // One id: the status is the answer.
    const alone = await command(OWNER, 'approve', { ids: [dear.id] });
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe(MONEY_MSG.insufficientBalance(100));
  });
});

describe('reject, hold, unhold', () => {
  it('needs a reason for reject, hold and shipment-cancel (400 for the whole request)', async () => {
    const o = await makeOrder(demo, 'InReview');
    for (const action of ['reject', 'hold', 'shipment-cancel']) {
      const email = action === 'hold' ? SELLER : OWNER;
      expect(await command(email, action, { ids: [o.id] })).toMatchObject({ status: 400, body: { message: 'Please input reason' } });
      expect(await command(email, action, { ids: [o.id], reason: '   ' })).toMatchObject({ status: 400, body: { message: 'Please input reason' } });
    }
    expect((await orderOf(o.id)).status).toBe('InReview');
  });

  it('rejects with the reason, which the seller then sees; a resubmit clears it', async () => {
    const o = await makeOrder(demo, 'InReview');
    expect((await command(OWNER, 'reject', { ids: [o.id], reason: 'The print file is below 150 DPI' })).body.data.results[0].status).toBe('Rejected');
    expect(await orderOf(o.id)).toMatchObject({ status: 'Rejected', statusReason: 'The print file is below 150 DPI' });
    expect((await eventsOf(o.id))[0]).toMatchObject({ action: 'reject', message: 'The print file is below 150 DPI' });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, demo.managerId!));
    expect(notes.some((n) => n.title === 'Order rejected' && n.content.endsWith('was rejected: The print file is below 150 DPI.'))).toBe(true);
    const mails = await db().select().from(emailMessages).where(and(eq(emailMessages.templateCode, 'order_rejected'), eq(emailMessages.subject, `Order ${o.orderName} was rejected`)));
    expect(mails.map((m) => m.toAddress)).toEqual([SELLER]);
    expect(mails[0]!.text).toContain('Reason: The print file is below 150 DPI');
    await command(SELLER, 'submit', { ids: [o.id] });
    expect(await orderOf(o.id)).toMatchObject({ status: 'InReview', statusReason: null });
  });

  it('holds from where the order was and releases back there; only the agency releases its own hold', async () => {
    const o = await makeOrder(demo, 'Approved');
    await command(SELLER, 'hold', { ids: [o.id], reason: 'Customer changes the size' });
    expect(await orderOf(o.id)).toMatchObject({ status: 'Hold', holdFromStatus: 'Approved', heldBy: 'seller', statusReason: 'Customer changes the size' });
    expect((await command(SELLER, 'unhold', { ids: [o.id] })).body.data.results[0].status).toBe('Approved');
    expect(await orderOf(o.id)).toMatchObject({ status: 'Approved', holdFromStatus: null, heldBy: null, statusReason: null });

    await command(OWNER, 'hold', { ids: [o.id], reason: 'Address to confirm' });
    expect((await orderOf(o.id)).heldBy).toBe('agency');
    // The agency's hold is mailed to the manager; the seller's own hold was not.
    const held = await db().select().from(emailMessages).where(and(eq(emailMessages.templateCode, 'order_held'), eq(emailMessages.subject, `Order ${o.orderName} is on hold`)));
    expect(held).toHaveLength(1);
    expect(await command(SELLER, 'unhold', { ids: [o.id] })).toEqual({ status: 400, body: { message: 'The agency holds this order: only the agency can release it.' } });
    expect((await command(SUPPORT, 'agency-unhold', { ids: [o.id] })).body.data.results[0].status).toBe('Approved');
    expect((await eventsOf(o.id)).map((e) => e.action)).toEqual(['hold', 'unhold', 'hold', 'agency-unhold']);
  });
});

describe('cancel', () => {
  it('refunds what was charged with an IN invoice, once, and cancels the items', async () => {
    const o = await makeOrder(demo, 'InReview');
    const before = await wallet(demo);
    await command(OWNER, 'approve', { ids: [o.id] });
    const charged = (await orderOf(o.id)).chargedCents;
    const res = await command(SELLER, 'cancel', { ids: [o.id] });
    expect(res.body.data.results[0]).toEqual({ id: o.id, ok: true, status: 'Cancel' });
    expect(await wallet(demo)).toBe(before);
    const [refund] = await entriesOf(`order:${o.id}:cancel-refund`);
    expect(refund).toMatchObject({ type: 'order_refund', amountCents: charged });
    const [line] = await db().select().from(invoiceLines).where(eq(invoiceLines.ledgerEntryId, refund!.id));
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, line!.invoiceId));
    expect(invoice).toMatchObject({ type: 'IN', source: 'refund', sellerAmountCents: charged });
    expect(await orderOf(o.id)).toMatchObject({ status: 'Cancel', totalRefundCents: charged });
    expect((await itemsOf(o.id)).every((i) => i.status === 'Cancel')).toBe(true);
    expect((await command(SELLER, 'cancel', { ids: [o.id] })).status).toBe(409);
  });

  it('cancels an order never charged without moving money', async () => {
    const o = await makeOrder(demo, 'Unfulfilled');
    const before = await wallet(demo);
    expect((await command(OWNER, 'cancel', { ids: [o.id] })).body.data.results[0].status).toBe('Cancel');
    expect(await wallet(demo)).toBe(before);
    expect(await entriesOf(`order:${o.id}:cancel-refund`)).toHaveLength(0);
  });
});

describe('production: pickup, shipment-cancel, ignore-cannot-ship', () => {
  it('moves items into production on pickup', async () => {
    const o = await makeOrder(demo, 'Approved');
    expect((await command(OWNER, 'pickup', { ids: [o.id] })).body.data.results[0].status).toBe('InProduction');
    expect((await itemsOf(o.id)).every((i) => i.status === 'InProduction')).toBe(true);
  });

  it('cancels live shipments and brings items in transit back to production', async () => {
    const o = await makeOrder(demo, 'PartiallyFulfilled');
    const items = await itemsOf(o.id);
    const [parcel] = await db().insert(orderShipments).values({ orderId: o.id, agencyId: demo.agencyId, sellerTeamId: demo.id, trackingNumber: '9400100000000000000001', carrier: 'USPS' }).returning();
    await db().update(orderItems).set({ status: 'InTransit', shipmentId: parcel!.id }).where(eq(orderItems.id, items[0]!.id));
    await db().update(orderItems).set({ status: 'InProduction' }).where(eq(orderItems.id, items[1]!.id));
    const res = await command(OWNER, 'shipment-cancel', { ids: [o.id], reason: 'Parcel lost' });
    expect(res.body.data.results[0].status).toBe('CancelShipment');
    expect((await db().select().from(orderShipments).where(eq(orderShipments.id, parcel!.id)))[0]!.status).toBe('Cancel');
    expect((await itemsOf(o.id)).map((i) => [i.status, i.shipmentId])).toEqual([['InProduction', null], ['InProduction', null]]);
    expect((await eventsOf(o.id))[0]).toMatchObject({ action: 'shipment-cancel', fromStatus: 'PartiallyFulfilled', toStatus: 'CancelShipment', message: 'Parcel lost' });
    expect((await command(OWNER, 'pickup', { ids: [o.id] })).body.data.results[0].status).toBe('InProduction');
  });

  it('lets a cannot-ship order go on once the agency ignores the exclusion', async () => {
    const o = await makeOrder(demo, 'Unfulfilled', { cannotShip: true });
    expect(await command(SELLER, 'submit', { ids: [o.id] })).toEqual({ status: 400, body: { message: 'The agency does not ship to this destination.' } });
    expect((await command(OWNER, 'ignore-cannot-ship', { ids: [o.id] })).body.data.results[0]).toEqual({ id: o.id, ok: true, status: 'Unfulfilled' });
    expect((await orderOf(o.id)).ignoreCannotShip).toBe(true);
    expect((await command(SELLER, 'submit', { ids: [o.id] })).body.data.results[0].status).toBe('InReview');
  });
});

describe('bulk, tenants and permissions', () => {
  it('answers per order for several ids, deduplicated, in the given order', async () => {
    const good = await makeOrder(demo, 'InReview');
    const wrong = await makeOrder(demo, 'Fulfilled');
    const foreign = (await db().select().from(orders).where(eq(orders.agencyId, (await db().select().from(sellerTeams).where(eq(sellerTeams.name, 'Other Seller')))[0]!.agencyId)).limit(1))[0]!;
    const missing = '01930000-0000-7000-8000-00000000dead';
    const res = await command(OWNER, 'reject', { ids: [good.id, wrong.id, good.id, foreign.id, missing], reason: 'Bad files' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      results: [
        { id: good.id, ok: true, status: 'Rejected' },
        { id: wrong.id, ok: false, message: 'Cannot reject an order that is Fulfilled.' },
        { id: foreign.id, ok: false, message: 'Order not found' },
        { id: missing, ok: false, message: 'Order not found' },
      ],
      succeeded: 1,
      failed: 3,
    });
  });

  it("gives another agency and another seller 404 'Order not found' for a Demo order", async () => {
    const o = await makeOrder(demo, 'InReview');
    expect(await command(OTHER_OWNER, 'approve', { ids: [o.id] })).toEqual({ status: 404, body: { message: 'Order not found' } });
    expect(await command(OTHER_SELLER, 'cancel', { ids: [o.id] })).toEqual({ status: 404, body: { message: 'Order not found' } });
    expect(await command(PAW, 'hold', { ids: [o.id], reason: 'mine?' })).toEqual({ status: 404, body: { message: 'Order not found' } });
    expect(await orderOf(o.id)).toMatchObject({ status: 'InReview', chargedCents: 0 });
  });

  it('keeps each side to its own actions (403) and refuses a bad body (400)', async () => {
    const o = await makeOrder(demo, 'InReview');
    expect((await command(SELLER, 'approve', { ids: [o.id] })).status).toBe(403);
    expect((await command(OWNER, 'submit', { ids: [o.id] })).status).toBe(403);
    expect((await command(PERSONA.STAFF, 'cancel', { ids: [o.id] })).status).toBe(403);
    expect((await command(PERSONA.SELLER_ACCOUNTING, 'hold', { ids: [o.id], reason: 'x' })).status).toBe(403);
    expect((await command(OWNER, 'approve', { ids: [] })).status).toBe(400);
    expect((await command(OWNER, 'approve', { ids: ['nope'] })).status).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: '/api/orders/approve', payload: { ids: [o.id] } });
    expect(res.statusCode).toBe(401);
  });
});

describe('races and retries', () => {
  it('20 concurrent approves of one order charge it once', async () => {
    const o = await makeOrder(demo, 'InReview');
    const before = await wallet(demo);
    const answers = await Promise.all(Array.from({ length: 20 }, () => command(OWNER, 'approve', { ids: [o.id] })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'Cannot approve an order that is Approved.')).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await entriesOf(`order:${o.id}:charge`)).toHaveLength(1);
    expect(await wallet(demo)).toBe(before - (await orderOf(o.id)).chargedCents);
    expect(await eventsOf(o.id)).toHaveLength(1);
  });

  it('concurrent approvals beyond the balance: some pass, the wallet never goes below zero', async () => {
    const list = [];
    for (let i = 0; i < 8; i++) list.push(await makeOrder(retro, 'InReview', {}, [{ quantity: 1 }]));
    const costs = await Promise.all(list.map((o) => expectedCharge(o.id, retro)));
    const cheapest = Math.min(...costs.map((c) => c.totalCents));
    await setWallet(retro, cheapest * 3 + 50);
    const answers = await Promise.all([
      ...list.slice(0, 4).map((o) => command(OWNER, 'approve', { ids: [o.id] })),
      command(SUPPORT, 'approve', { ids: list.slice(4).map((o) => o.id) }),
    ]);
    const approved = (await db().select().from(orders).where(inArray(orders.id, list.map((o) => o.id)))).filter((o) => o.status === 'Approved');
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.length).toBeLessThan(8);
    const spent = approved.reduce((s, o) => s + o.chargedCents, 0);
    expect(await wallet(retro)).toBe(cheapest * 3 + 50 - spent);
    expect(await wallet(retro)).toBeGreaterThanOrEqual(0);
    expect(answers.slice(0, 4).every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('replays a bulk approve under one Idempotency-Key with its per-order results', async () => {
    const ok = await makeOrder(demo, 'InReview');
    const done = await makeOrder(demo, 'Approved');
    const key = { 'idempotency-key': `bulk-${ok.id}` };
    const first = await command(OWNER, 'approve', { ids: [ok.id, done.id] }, key);
    expect(first.body.data).toMatchObject({ succeeded: 1, failed: 1 });
    const before = await wallet(demo);
    expect(await command(OWNER, 'approve', { ids: [ok.id, done.id] }, key)).toEqual(first);
    expect(await wallet(demo)).toBe(before);
    expect(await entriesOf(`order:${ok.id}:charge`)).toHaveLength(1);
    // The same key for another request is refused.
    expect((await command(OWNER, 'approve', { ids: [done.id] }, key)).status).toBe(409);
  });

  it('replays an approve or cancel retried with the same Idempotency-Key, moving nothing more', async () => {
    const o = await makeOrder(demo, 'InReview');
    const key = { 'idempotency-key': `approve-${o.id}` };
    const first = await command(OWNER, 'approve', { ids: [o.id] }, key);
    const before = await wallet(demo);
    const again = await command(OWNER, 'approve', { ids: [o.id] }, key);
    expect(again).toEqual(first);
    expect(again.body.data.results[0].ok).toBe(true);
    expect(await wallet(demo)).toBe(before);
    expect(await entriesOf(`order:${o.id}:charge`)).toHaveLength(1);

    const cancelKey = { 'idempotency-key': `cancel-${o.id}` };
    const cancelled = await command(SELLER, 'cancel', { ids: [o.id] }, cancelKey);
    const afterCancel = await wallet(demo);
    expect(await command(SELLER, 'cancel', { ids: [o.id] }, cancelKey)).toEqual(cancelled);
    expect(await wallet(demo)).toBe(afterCancel);
    expect(await entriesOf(`order:${o.id}:cancel-refund`)).toHaveLength(1);
    // Without the key a second cancel is simply refused.
    expect((await command(SELLER, 'cancel', { ids: [o.id] })).status).toBe(409);
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(orderEvents).where(eq(orderEvents.orderId, o.id))).toEqual([{ n: 2 }]);
  });
});
