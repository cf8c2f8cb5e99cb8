/**
 * The seeded demo orders hold together (db/seed-orders.ts): every item of a real, priced variant
 * but the one unknown SKU, charged orders charged through the ledger with their invoices, shipped
 * orders with tracking, holds and rejections with reasons, and the ledger's invariants intact.
 */
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { derivedShippingStatus, type ItemStatus } from '@fbo/shared';
import { accounts, invoices, ledgerEntries, orderEvents, orderItems, orderShipments, orders, sellerTeams, users } from '../src/db/schema/index';
import { useApiTest } from './helpers/api';
import { ledgerViolations } from './helpers/ledger-invariants';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const db = () => t.database.db;

describe('seeded orders', () => {
  it('keeps the ledger invariants and Demo Seller several thousand dollars in credit', async () => {
    expect(await ledgerViolations(db())).toEqual([]);
    const [team] = await db().select().from(sellerTeams).where(eq(sellerTeams.name, 'Demo Seller'));
    const [wallet] = await db().select().from(accounts).where(and(eq(accounts.sellerTeamId, team!.id), eq(accounts.kind, 'wallet')));
    expect(Number(wallet!.balanceCents)).toBeGreaterThan(200_000);
  });

  it('gives every order items of catalog variants, except one unknown SKU in Unfulfilled', async () => {
    const all = await db().select().from(orders);
    const items = await db().select().from(orderItems);
    const byOrder = new Map<string, typeof items>();
    for (const i of items) byOrder.set(i.orderId, [...(byOrder.get(i.orderId) ?? []), i]);
    for (const o of all) {
      const mine = byOrder.get(o.id) ?? [];
      expect(mine.length, o.orderName).toBeGreaterThan(0);
      expect(mine.length).toBeLessThanOrEqual(3);
      expect(o.itemCount).toBe(mine.length);
    }
    // Warehouse lines (docs/warehouses.md) resolve to warehouse products instead of catalog variants.
    const unknown = items.filter((i) => i.catalogVariantId === null && i.warehouseProductId === null);
    expect(unknown).toHaveLength(1);
    expect(all.find((o) => o.id === unknown[0]!.orderId)!.status).toBe('Unfulfilled');
    const invalid = all.filter((o) => o.addressStatus === 0);
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.status).toBe('Unfulfilled');
  });

  it('charged every approved-or-later order once, with its OUT invoice, and refunded the charged cancels', async () => {
    const charged = await db().select().from(orders).where(inArray(orders.status, ['Approved', 'InProduction', 'InTransit', 'PartiallyFulfilled', 'Fulfilled', 'CancelShipment']));
    expect(charged.length).toBeGreaterThan(10);
    const charges = await db().select().from(ledgerEntries).where(eq(ledgerEntries.type, 'order_charge'));
    const chargeOf = new Map(charges.map((e) => [e.refId, e]));
    for (const o of charged) {
      expect(o.chargedCents, o.orderName).toBeGreaterThan(0);
      expect(o.chargedCents).toBe(o.baseCostCents + o.shippingCostCents);
      expect(-Number(chargeOf.get(o.id)!.amountCents)).toBe(o.chargedCents);
      expect(o.approvedAt!.getTime()).toBe(chargeOf.get(o.id)!.createdAt.getTime());
    }
    const outInvoices = await db().select().from(invoices).where(eq(invoices.source, 'order'));
    expect(outInvoices).toHaveLength(charges.length);
    const cancelled = await db().select().from(orders).where(eq(orders.status, 'Cancel'));
    const refunded = cancelled.filter((o) => o.chargedCents > 0);
    expect(refunded.length).toBeGreaterThan(0);
    for (const o of refunded) expect(o.totalRefundCents).toBe(o.chargedCents);
    expect(await db().select().from(invoices).where(eq(invoices.source, 'refund'))).toHaveLength(refunded.length);
  });

  it('derives shipped statuses from the items, with tracking on every shipped order', async () => {
    const shipped = await db().select().from(orders).where(inArray(orders.status, ['InProduction', 'InTransit', 'PartiallyFulfilled', 'Fulfilled']));
    for (const o of shipped) {
      const items = await db().select().from(orderItems).where(eq(orderItems.orderId, o.id));
      expect(derivedShippingStatus(items.map((i) => ({ status: i.status as ItemStatus }))), o.orderName).toBe(o.status);
      if (o.status !== 'InProduction') {
        const parcels = await db().select().from(orderShipments).where(eq(orderShipments.orderId, o.id));
        expect(parcels.length).toBe(1);
        expect(parcels[0]!.trackingNumber).not.toBe('');
      }
    }
  });

  it('gives holds and rejections their reasons, design requests the designer, and a timeline', async () => {
    const held = await db().select().from(orders).where(eq(orders.status, 'Hold'));
    expect(held.length).toBeGreaterThan(0);
    for (const o of held) expect([o.heldBy, o.holdFromStatus, o.statusReason].every(Boolean), o.orderName).toBe(true);
    for (const o of await db().select().from(orders).where(eq(orders.status, 'Rejected'))) expect(o.statusReason).toBeTruthy();
    const [designer] = await db().select().from(users).where(eq(users.email, PERSONA.DESIGNER));
    const designs = await db().select().from(orders).where(eq(orders.designerId, designer!.id));
    expect(new Set(designs.map((o) => o.hireDesignStatus))).toEqual(new Set(['assign', 'in_review', 'approved', 'rejected']));
    expect(await db().select().from(orders).where(and(isNull(orders.designerId), eq(orders.hireDesignStatus, 'assign')))).toHaveLength(0);
    // A print order (#1001...): the demo's warehouse orders (WH-...) are seeded straight into their queue states.
    const [approved] = await db().select().from(orders).where(and(eq(orders.status, 'Approved'), like(orders.orderName, '#%'))).orderBy(orders.orderName).limit(1);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, approved!.id)).orderBy(orderEvents.createdAt);
    expect(events.map((e) => e.toStatus)).toEqual(['InReview', 'Approved']);
  });
});
