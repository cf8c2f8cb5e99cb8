/**
 * The design service end to end: hire-designs, assignment, review, approval charging the design
 * price once through the ledger, rejection, re-quoting, roles and tenant isolation.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_MSG } from '@fbo/shared';
import { accounts, agencies, invoices, ledgerEntries, notifications, orderEvents, orderItems, orders, sellerTeams, users } from '../src/db/schema/index';
import { postEntry } from '../src/modules/money/ledger';
import { useApiTest } from './helpers/api';
import { ledgerViolations } from './helpers/ledger-invariants';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const { call, send } = t;
const db = () => t.database.db;
let demo: typeof sellerTeams.$inferSelect;
let designerId: string;

beforeAll(async () => {
  [demo] = await db().select().from(sellerTeams).where(eq(sellerTeams.name, 'Demo Seller'));
  const [designer] = await db().select().from(users).where(eq(users.email, PERSONA.DESIGNER));
  designerId = designer!.id;
});

let serial = 0;
async function makeOrder(status = 'Unfulfilled', teamId = demo.id, agencyId = demo.agencyId) {
  const [order] = await db().insert(orders).values({ agencyId, sellerTeamId: teamId, orderName: `DS-${++serial}`, status, addressStatus: 1 }).returning();
  return order!;
}

const hire = (who: string, ids: string[], note?: string) => call(who, 'POST', '/api/orders/hire-designs', { ids, note });
const change = (who: string, id: string, payload: object) => call(who, 'PATCH', `/api/orders/change-design-status/${id}`, payload);

const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const wallet = async () => Number((await db().select().from(accounts).where(and(eq(accounts.sellerTeamId, demo.id), eq(accounts.kind, 'wallet'))))[0]!.balanceCents);

describe('hire-designs', () => {
  it('a seller asks for a designer: assign, quoted at the agency default, the agency hears of it', async () => {
    const order = await makeOrder();
    const res = await hire(PERSONA.SELLER, [order.id], 'Retro sunset, bold letters');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ succeeded: 1, failed: 0 });
    const after = await orderOf(order.id);
    expect(after.hireDesignStatus).toBe('assign');
    // The demo agency's default design cost is $5.00.
    expect(after.metadata).toMatchObject({ designPriceCents: 500, designNote: 'Retro sunset, bold letters' });
    const events = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'design')));
    expect(events.map((e) => e.action)).toEqual(['request']);
    const notes = await db().select().from(notifications).where(eq(notifications.title, 'Design requested'));
    expect(notes.some((n) => n.content.includes(after.orderName))).toBe(true);
  });

  it('answers per order: a second request and an order in production fail with their reasons', async () => {
    const asked = await makeOrder();
    await hire(PERSONA.SELLER, [asked.id]);
    const producing = await makeOrder('InProduction');
    const fresh = await makeOrder();
    const res = await hire(PERSONA.SELLER, [asked.id, producing.id, fresh.id]);
    expect(res.body.data.succeeded).toBe(1);
    expect(res.body.data.results).toEqual([
      { id: asked.id, ok: false, message: DESIGN_MSG.alreadyRequested },
      { id: producing.id, ok: false, message: DESIGN_MSG.notOpen('InProduction') },
      { id: fresh.id, ok: true },
    ]);
  });

  it('another team or agency cannot request a design for the order (404); agency users may not request', async () => {
    const order = await makeOrder();
    expect((await hire(PERSONA.OTHER_SELLER, [order.id])).status).toBe(404);
    expect((await hire(PERSONA.OWNER, [order.id])).status).toBe(403);
    expect((await hire(PERSONA.SELLER_ACCOUNTING, [order.id])).status).toBe(403);
  });
});

describe('change-design-status', () => {
  it('assign a designer, the designer sends it for review, the seller approves: charged once, invoiced', async () => {
    const order = await makeOrder();
    await hire(PERSONA.SELLER, [order.id]);
    const assigned = await change(PERSONA.OWNER, order.id, { status: 'assign', designerId });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({ hireDesignStatus: 'assign', designer: { email: 'designer@demo.test' }, designPrice: 5 });
    expect((await db().select().from(notifications).where(and(eq(notifications.userId, designerId), eq(notifications.title, 'Design assigned')))).length).toBeGreaterThan(0);

    expect((await change(PERSONA.DESIGNER, order.id, { status: 'in_review' })).status).toBe(200);
    const before = await wallet();
    const approved = await change(PERSONA.SELLER, order.id, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ hireDesignStatus: 'approved', designCost: 5 });
    expect(await wallet()).toBe(before - 500);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `order:${order.id}:design`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'design_charge', amountCents: -500 });
    const [invoice] = await db().select().from(invoices).where(and(eq(invoices.sellerTeamId, demo.id), eq(invoices.source, 'design'), eq(invoices.note, `Design for order ${order.orderName}`)));
    expect(invoice).toMatchObject({ type: 'OUT', sellerAmountCents: 500 });
    // Approved is final: approving again is a conflict and moves nothing.
    expect((await change(PERSONA.OWNER, order.id, { status: 'approved' })).status).toBe(409);
    expect(await wallet()).toBe(before - 500);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('a rejection needs a reason, goes back to the designer, who sends it again', async () => {
    const order = await makeOrder();
    await hire(PERSONA.SELLER, [order.id]);
    await change(PERSONA.OWNER, order.id, { status: 'assign', designerId });
    await change(PERSONA.DESIGNER, order.id, { status: 'in_review' });
    const noReason = await change(PERSONA.OWNER, order.id, { status: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(DESIGN_MSG.reasonRequired);
    const rejected = await change(PERSONA.OWNER, order.id, { status: 'rejected', reason: 'Text is cut off at the edge' });
    expect(rejected.body.data.hireDesignStatus).toBe('rejected');
    expect((await change(PERSONA.DESIGNER, order.id, { status: 'in_review' })).body.data.hireDesignStatus).toBe('in_review');
    const events = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'design')));
    expect(events.map((e) => e.action).sort()).toEqual(['assign', 'in_review', 'in_review', 'rejected', 'request'].sort());
  });

  it('each step belongs to its roles; out-of-order steps are conflicts', async () => {
    const order = await makeOrder();
    expect((await change(PERSONA.OWNER, order.id, { status: 'assign', designerId })).status).toBe(400);
    await hire(PERSONA.SELLER, [order.id]);
    expect((await change(PERSONA.DESIGNER, order.id, { status: 'assign', designerId })).status).toBe(403);
    expect((await change(PERSONA.SELLER, order.id, { status: 'in_review' })).status).toBe(403);
    expect((await change(PERSONA.STAFF, order.id, { status: 'approved' })).status).toBe(403);
    expect((await change(PERSONA.OWNER, order.id, { status: 'approved' })).status).toBe(409);
    const missing = await change(PERSONA.OWNER, order.id, { status: 'assign' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(DESIGN_MSG.designerRequired);
    const [seller] = await db().select().from(users).where(eq(users.email, PERSONA.SELLER));
    expect((await change(PERSONA.OWNER, order.id, { status: 'assign', designerId: seller!.id })).body.message).toBe(DESIGN_MSG.unknownDesigner);
  });

  it('another tenant gets 404', async () => {
    const order = await makeOrder();
    await hire(PERSONA.SELLER, [order.id]);
    expect((await change(PERSONA.OTHER_OWNER, order.id, { status: 'assign', designerId })).status).toBe(404);
  });

  it('not enough balance: the approval is refused with the money message and nothing changes', async () => {
    const [team] = await db()
      .insert(sellerTeams)
      .values({ agencyId: demo.agencyId, name: 'Design Broke Co', code: `DBC${Date.now() % 100000}`, referralCode: `dbc${Date.now()}`, managerId: demo.managerId, basecostId: demo.basecostId })
      .returning();
    await db().insert(accounts).values([
      { agencyId: demo.agencyId, sellerTeamId: team!.id, kind: 'wallet' },
      { agencyId: demo.agencyId, sellerTeamId: team!.id, kind: 'profit' },
    ]);
    const order = await makeOrder('Unfulfilled', team!.id);
    await db().update(orders).set({ hireDesignStatus: 'in_review', designerId, metadata: { designPriceCents: 500 } }).where(eq(orders.id, order.id));
    await db().transaction((tx) =>
      postEntry(tx, { agencyId: demo.agencyId, sellerTeamId: team!.id, account: 'wallet', type: 'topup', amountCents: 300, key: `test:dbc:${order.id}`, description: 'Top-up', actorId: null }),
    );
    const res = await change(PERSONA.OWNER, order.id, { status: 'approved' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Not enough balance/);
    expect((await orderOf(order.id)).hireDesignStatus).toBe('in_review');
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

describe('sync-default-design-cost', () => {
  it('re-quotes at the agency default before approval; refused after', async () => {
    const order = await makeOrder();
    await hire(PERSONA.SELLER, [order.id]);
    await db().update(agencies).set({ settings: { ...(await db().select().from(agencies).where(eq(agencies.id, demo.agencyId)))[0]!.settings, defaultDesignCost: 12.25 } }).where(eq(agencies.id, demo.agencyId));
    try {
      const res = await send(PERSONA.OWNER, 'PATCH', `/api/orders/sync-default-design-cost/${order.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: DESIGN_MSG.costSynced, data: { designPrice: 12.25 } });
      const bySeller = await send(PERSONA.SELLER, 'PATCH', `/api/orders/sync-default-design-cost/${order.id}`);
      expect(bySeller.statusCode).toBe(403);
    } finally {
      const [row] = await db().select().from(agencies).where(eq(agencies.id, demo.agencyId));
      await db().update(agencies).set({ settings: { ...row!.settings, defaultDesignCost: 5 } }).where(eq(agencies.id, demo.agencyId));
    }
  });
});

describe('update-item-design', () => {
  const upload = (who: string, payload: object) => call(who, 'PUT', '/api/orders/update-item-design', payload);

  it('the assigned designer puts artwork on an item while working; not once it is in review', async () => {
    const order = await makeOrder();
    const [item] = await db().insert(orderItems).values({ orderId: order.id, agencyId: order.agencyId, sellerTeamId: order.sellerTeamId, sku: 'DS-SKU', quantity: 1 }).returning();
    await hire(PERSONA.SELLER, [order.id]);
    // Not yet assigned to this designer.
    expect((await upload(PERSONA.DESIGNER, { orderItemId: item!.id, artwork1: '/files/a.png' })).status).toBe(403);
    await change(PERSONA.OWNER, order.id, { status: 'assign', designerId });
    const ok = await upload(PERSONA.DESIGNER, { orderItemId: item!.id, artwork1: '/files/front.png', artwork2: '/files/back.png' });
    expect(ok.status).toBe(200);
    const [after] = await db().select().from(orderItems).where(eq(orderItems.id, item!.id));
    expect(after).toMatchObject({ artwork1: '/files/front.png', artwork2: '/files/back.png', artwork3: null });
    const events = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.action, 'upload')));
    expect(events).toHaveLength(1);
    await change(PERSONA.DESIGNER, order.id, { status: 'in_review' });
    expect((await upload(PERSONA.DESIGNER, { orderItemId: item!.id, artwork1: '/files/late.png' })).status).toBe(409);
    // Sellers and other agencies cannot.
    expect((await upload(PERSONA.SELLER, { orderItemId: item!.id, artwork1: '/files/x.png' })).status).toBe(403);
    expect((await upload(PERSONA.OTHER_OWNER, { orderItemId: item!.id, artwork1: '/files/x.png' })).status).toBe(404);
  });
});
