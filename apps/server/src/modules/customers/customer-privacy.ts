/**
 * A customer's privacy requests (docs/customers.md "Privacy"; issue 18 item 2): the erase of its personal data and the
 * export of the data held about it. Both start from the customer found in the caller's scope (another tenant's or
 * another team's is a 404).
 *
 * Erase: every order of the customer goes to THE erase service of the privacy module (eraseBuyerData), scoped to the
 * customer's agency and seller team and named by order ids only: the closed orders are erased at once, the open ones
 * wait on the erasure record until they close (the `privacy.complete` schedule). The erase unlinks the erased orders,
 * so a customer whose every order was erased is gone; one with open orders keeps them (and its details) until then.
 * Orders already waiting on an earlier erasure (this one's, or a shop's redaction) are not asked again: a repeat
 * answers that earlier record. The request is audited with ids and counts, never a buyer's value.
 */
import { createHash } from 'node:crypto';
import { centsToDollars, customerEraseMessage, type Actor, type CustomerEraseAnswer } from '@fbo/shared';
import type { AppContext } from '../../context';
import { fileStamp } from '../../lib/file-stamp';
import { writeAudit } from '../audit';
import { eraseBuyerData } from '../privacy';
import * as repo from './customer-privacy.repo';
import { customerInScope } from './customers.service';
import { storesByIds } from './customers.repo';

/** The erasure's identity: the customer and the orders it asks for, ids only (a hash of ids, not of a buyer's value). */
const requestKeyOf = (customerId: string, orderIds: readonly string[]) =>
  `customers:${customerId}:${createHash('sha256').update([...orderIds].sort().join(',')).digest('hex').slice(0, 32)}`;

export async function eraseCustomer(ctx: AppContext, actor: Actor, id: string): Promise<CustomerEraseAnswer> {
  const { scope, row } = await customerInScope(ctx, actor, id);
  const agencyId = scope.agencyId;
  const orderIds = await repo.orderIdsOf(ctx.db, agencyId, row.id);
  const earlier = await repo.erasuresWaitingOn(ctx.db, agencyId, orderIds);
  const covered = new Set(earlier.flatMap((e) => e.pending));
  const asked = orderIds.filter((o) => !covered.has(o));
  const alreadyWaiting = orderIds.length - asked.length;
  let data: CustomerEraseAnswer['data'];
  if (asked.length === 0 && earlier.length > 0) {
    data = { erasureId: earlier[0]!.id, status: 'waiting', repeated: true, orders: orderIds.length, erased: 0, waiting: alreadyWaiting };
  } else {
    const out = await eraseBuyerData(ctx.db, {
      agencyId,
      sellerTeamId: row.sellerTeamId,
      buyer: { orderIds: asked },
      source: 'customers',
      requestKey: requestKeyOf(row.id, asked),
      requestedBy: actor.userId,
    });
    const waiting = out.waiting + alreadyWaiting;
    data = { erasureId: out.id, status: waiting > 0 ? 'waiting' : 'done', repeated: out.repeated, orders: orderIds.length, erased: out.erased, waiting };
  }
  await writeAudit(ctx.db, { actorId: actor.userId, agencyId, entity: 'customer', entityId: row.id, action: 'privacy_erase', after: data });
  return { data, message: customerEraseMessage(data) };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The data held about the customer, as a JSON document (GDPR-style access): the customer record and each of its orders
 * with the buyer's details, totals, status, dates, items and tracking. Strings as stored. Audited (ids and a count).
 */
export async function exportCustomerData(ctx: AppContext, actor: Actor, id: string): Promise<{ fileName: string; data: Buffer }> {
  const { scope, row } = await customerInScope(ctx, actor, id);
  const agencyId = scope.agencyId;
  const [orderRows, items, shipments, storeRows] = await Promise.all([
    repo.exportOrders(ctx.db, agencyId, row.id),
    repo.exportItems(ctx.db, agencyId, row.id),
    repo.exportShipments(ctx.db, agencyId, row.id),
    storesByIds(ctx.db, agencyId, row.storeIds),
  ]);
  const byOrder = <T extends { orderId: string }>(list: T[]) => {
    const map = new Map<string, Omit<T, 'orderId'>[]>();
    for (const { orderId, ...rest } of list) map.set(orderId, [...(map.get(orderId) ?? []), rest]);
    return map;
  };
  const itemsOf = byOrder(items);
  const shipmentsOf = byOrder(shipments);
  const document = {
    exportedAt: new Date().toISOString(),
    customer: {
      fullName: row.fullName, email: row.email, phone: row.phone, address1: row.address1, address2: row.address2, city: row.city,
      province: row.province, zipCode: row.zipCode, country: row.country, countryCode: row.countryCode,
      sellerTeam: row.sellerTeamName,
      ordersCount: row.ordersCount, totalSpent: centsToDollars(row.totalSpentCents), firstOrderAt: iso(row.firstOrderAt), lastOrderAt: iso(row.lastOrderAt),
      sources: { stores: storeRows.map((s) => s.name), files: row.fromFiles },
    },
    orders: orderRows.map((o) => ({
      orderName: o.orderName, status: o.status, store: o.storeName, createdAt: iso(o.createdAt), updatedAt: iso(o.updatedAt),
      shipTo: {
        fullName: o.fullName, email: o.email, phone: o.phone, address1: o.address1, address2: o.address2, city: o.city, province: o.province,
        zipCode: o.zipCode, country: o.country, countryCode: o.countryCode,
      },
      shippingMethod: o.shippingMethod,
      totals: {
        subTotal: centsToDollars(o.subTotalPriceCents), shipping: centsToDollars(o.shippingFeeCents), discount: centsToDollars(o.totalDiscountCents),
        total: centsToDollars(o.totalPriceCents), refunded: centsToDollars(o.totalRefundCents),
      },
      items: (itemsOf.get(o.id) ?? []).map(({ priceCents, ...i }) => ({ ...i, unitPrice: centsToDollars(priceCents) })),
      shipments: (shipmentsOf.get(o.id) ?? []).map((s) => ({ ...s, createdAt: iso(s.createdAt) })),
    })),
  };
  await writeAudit(ctx.db, { actorId: actor.userId, agencyId, entity: 'customer', entityId: row.id, action: 'data_export', after: { orders: orderRows.length } });
  return { fileName: `customer-data-${row.id}-${fileStamp()}.json`, data: Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8') };
}
