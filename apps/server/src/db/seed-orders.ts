/**
 * Demo orders made whole (called by seed.ts after it inserts the order rows): items of real catalog
 * variants the team's base cost prices, addresses, customer prices, artwork, shipments with
 * tracking, holds, rejections, design requests and the timeline. Charges and cancel refunds are
 * not written here: they are returned as dated money events for seed-money.ts, which posts every
 * movement in time order through the very functions the approve and cancel commands use, so no
 * wallet ever goes below zero and the ledger chains.
 *
 * Deterministic without the random stream (values from each order's index), so the rest of the
 * demo data stays as it was.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ItemStatus, OrderAction, OrderStatus } from '@fbo/shared';
import type { Tx } from './client';
import * as s from './schema/index';
import { chargeOrder, refundCancelledOrder } from '../modules/order-core';
import { chargeDesign } from '../modules/design-service';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Where the demo addresses are, by country and province: city and a real postcode of it. */
const PLACES: Record<string, Record<string, [string, string]>> = {
  US: {
    CA: ['Los Angeles', '90012'], TX: ['Austin', '78701'], NY: ['Brooklyn', '11201'], FL: ['Orlando', '32801'], WA: ['Seattle', '98101'],
    IL: ['Chicago', '60601'], HI: ['Honolulu', '96813'], OH: ['Columbus', '43215'], GA: ['Atlanta', '30303'], AK: ['Anchorage', '99501'],
    PA: ['Philadelphia', '19103'], NC: ['Charlotte', '28202'], MI: ['Detroit', '48226'], AZ: ['Phoenix', '85004'],
  },
  CA: { ON: ['Toronto', 'M5V 2T6'], QC: ['Montreal', 'H2Y 1C6'], BC: ['Vancouver', 'V6B 1A1'], AB: ['Calgary', 'T2P 1J9'], NU: ['Iqaluit', 'X0A 0H0'] },
  GB: { ENG: ['London', 'SW1A 1AA'], SCT: ['Edinburgh', 'EH1 1YZ'], WLS: ['Cardiff', 'CF10 1EP'] },
  AU: { NSW: ['Sydney', '2000'], VIC: ['Melbourne', '3000'], QLD: ['Brisbane', '4000'], NT: ['Darwin', '0800'], WA: ['Perth', '6000'] },
  DE: { BY: ['Munich', '80331'], BE: ['Berlin', '10115'], NW: ['Cologne', '50667'] },
  FR: { IDF: ['Paris', '75001'], ARA: ['Lyon', '69001'], PAC: ['Marseille', '13001'] },
};
const STREETS = ['Maple Avenue', 'Oak Street', 'Cedar Lane', 'Park Road', 'High Street', 'Elm Drive', 'Lake View Road', 'Church Street', 'Mill Lane', 'Sunset Boulevard'];
const PHONE_PREFIX: Record<string, string> = { US: '+1 555', CA: '+1 555', GB: '+44 20', AU: '+61 2', DE: '+49 30', FR: '+33 1' };

const HOLD_REASONS = ['Please confirm the shipping address with the customer', 'The customer asked to change the size', 'Waiting for the customer to confirm the design', 'Payment under review by the store'];
const REJECT_REASONS = ['The print file is below 150 DPI', 'The design uses a trademarked logo', 'The artwork is missing for the back print', 'The SKU is out of stock this month'];
const CARRIERS = [
  { carrier: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=', number: (n: number) => `94001${String(100000000000000000 + n * 7919).slice(0, 17)}` },
  { carrier: 'UPS', url: 'https://www.ups.com/track?tracknum=', number: (n: number) => `1Z999AA1${String(10000000 + n * 613).slice(0, 8)}` },
  { carrier: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr=', number: (n: number) => String(770000000000 + n * 4099) },
] as const;

/** A deterministic spread of whole numbers in [0, n) from an order's index and a salt. */
const spread = (i: number, salt: number, n: number) => (((i + 1) * 2_654_435_761 + salt * 40_503) >>> 0) % n;
const pickOf = <T>(list: readonly T[], i: number, salt: number) => list[spread(i, salt, list.length)]!;

/** Statuses an order only reaches after its approval charged the wallet. */
const CHARGED: readonly OrderStatus[] = ['Approved', 'InProduction', 'InTransit', 'PartiallyFulfilled', 'Fulfilled', 'CancelShipment'];

export interface SeedOrderContext {
  demoTeamId: string;
  designerId: string;
  /** Who acts for each agency (its owner) and for each team (its manager). */
  ownerByAgency: Map<string, string>;
  emailById: Map<string, string>;
  managerByTeam: Map<string, string>;
}

/** A dated wallet movement for seed-money.ts to post in time order. */
export interface SeedMoneyEvent {
  when: Date;
  post: () => Promise<{ entryIds: string[]; invoiceId: string | null }>;
}

export interface SeedOrderMoney {
  events: SeedMoneyEvent[];
  /** An opening top-up per team whose orders are charged (other than Demo Seller, which has its deposits). */
  topUps: { teamId: string; cents: number }[];
}

interface Plan {
  status: OrderStatus;
  holdFrom: OrderStatus | null;
  /** Of the hold or the rejection. */
  reason: string | null;
  chargedAt: Date | null;
  cancelledAt: Date | null;
}

export async function seedOrderDetails(tx: Tx, ctx: SeedOrderContext): Promise<SeedOrderMoney> {
  const now = Date.now();
  const rows = await tx.select().from(s.orders).orderBy(asc(s.orders.sellerTeamId), asc(s.orders.orderName));
  const menu = await variantMenu(tx);
  const money: SeedOrderMoney = { events: [], topUps: [] };
  const chargedPerTeam = new Map<string, number>();
  let invalidLeft = 1;
  let unknownSkuLeft = 1;

  for (const [i, order] of rows.entries()) {
    const status = order.status as OrderStatus;
    const options = menu.get(order.agencyId) ?? [];
    if (options.length === 0) continue;
    const created = order.createdAt.getTime();
    // The first moment the team's wallet is funded: Demo Seller's first top-up is 118 days back.
    const fundedFrom = now - 117 * DAY;
    const base = Math.max(created, fundedFrom);
    const life = (fraction: number) => new Date(base + fraction * Math.max(0, now - 60_000 - base));
    const holdFrom = status === 'Hold' ? pickOf<OrderStatus>(['Unfulfilled', 'InReview', 'Approved'], i, 1) : null;
    const cancelledAfterCharge = status === 'Cancel' && spread(i, 2, 2) === 0;
    const charged = CHARGED.includes(status) || holdFrom === 'Approved' || cancelledAfterCharge;
    const reason = status === 'Hold' ? pickOf(HOLD_REASONS, i, 15) : status === 'Rejected' ? pickOf(REJECT_REASONS, i, 16) : null;
    const plan: Plan = { status, holdFrom, reason, chargedAt: charged ? life(0.15) : null, cancelledAt: status === 'Cancel' ? life(0.5) : null };

    const unknownSku = order.sellerTeamId === ctx.demoTeamId && status === 'Unfulfilled' && i % 3 === 1 && unknownSkuLeft-- > 0;
    const lines = status === 'PartiallyFulfilled' ? Math.max(2, order.itemCount) : order.itemCount;
    const items = Array.from({ length: lines }, (_, k) => {
      const v = pickOf(options, i * 3 + k, 3);
      const quantity = spread(i * 3 + k, 4, 7) === 0 ? 2 : 1;
      const itemStatus = itemStatusOf(status, k, cancelledAfterCharge);
      return {
        orderId: order.id,
        agencyId: order.agencyId,
        sellerTeamId: order.sellerTeamId,
        position: k,
        sku: unknownSku && k === 0 ? 'GILDAN-5000-BLK-XXL-OLD' : v.sku,
        catalogVariantId: unknownSku && k === 0 ? null : v.variantId,
        catalogId: unknownSku && k === 0 ? null : v.catalogId,
        title: v.title,
        color: v.color,
        size: v.size,
        quantity,
        // What the store sold it for: about 2.5 times the agency's cost, ending in .99.
        priceCents: Math.max(999, Math.round((v.costCents * 2.5) / 100) * 100 - 1),
        artwork1: v.artwork,
        artwork2: spread(i, 5 + k, 3) === 0 ? v.artwork : null,
        status: itemStatus,
      };
    });
    const inserted = items.length ? await tx.insert(s.orderItems).values(items).returning() : [];

    const subTotal = items.reduce((sum, it) => sum + it.priceCents * it.quantity, 0);
    const shippingFee = subTotal >= 5000 ? 0 : 499;
    const discount = spread(i, 6, 5) === 0 ? Math.round(subTotal / 10) : 0;
    const places = PLACES[order.countryCode] ?? PLACES.US!;
    const [city, zip] = places[order.province] ?? Object.values(places)[0]!;
    const invalid = order.sellerTeamId === ctx.demoTeamId && status === 'Unfulfilled' && !unknownSku && invalidLeft-- > 0;
    const first = order.fullName.split(' ')[0]!.toLowerCase();
    const heldBy = status === 'Hold' ? (spread(i, 7, 2) ? 'agency' : 'seller') : null;
    await tx
      .update(s.orders)
      .set({
        orderType: items[0] ? options.find((o) => o.variantId === items[0]!.catalogVariantId)?.type ?? 'pod' : 'pod',
        email: `${first}.${order.fullName.split(' ')[1]?.toLowerCase() ?? 'buyer'}@example.com`,
        phone: `${PHONE_PREFIX[order.countryCode] ?? '+1 555'} ${String(1000000 + spread(i, 8, 8_999_999)).slice(0, 3)} ${String(1000 + spread(i, 9, 8999))}`,
        address1: `${10 + spread(i, 10, 990)} ${pickOf(STREETS, i, 11)}`,
        address2: spread(i, 12, 4) === 0 ? `Apt ${1 + spread(i, 13, 40)}` : '',
        city,
        // The one invalid address: its postcode is missing, so the check could not place it.
        zipCode: invalid ? '' : zip,
        addressStatus: invalid ? 0 : status === 'Unfulfilled' && order.addressStatus === 3 ? 3 : order.addressStatus === 2 ? 2 : 1,
        shippingMethod: spread(i, 14, 6) === 0 ? 'express' : 'standard',
        itemCount: items.length,
        subTotalPriceCents: subTotal,
        shippingFeeCents: shippingFee,
        totalDiscountCents: discount,
        totalPriceCents: subTotal + shippingFee - discount,
        referenceId1: `${3000 + i}`,
        holdFromStatus: holdFrom,
        heldBy,
        statusReason: reason,
        designerId: order.hireDesignStatus ? ctx.designerId : null,
        designRequesterId: order.hireDesignStatus ? (ctx.managerByTeam.get(order.sellerTeamId) ?? null) : null,
        // Quoted at $5.00 when requested (docs/orders.md, "Design service"); approved ones are charged below.
        metadata: order.hireDesignStatus ? { designNote: 'Please match the colours of our logo and keep the text readable', designPriceCents: 500 } : {},
      })
      .where(eq(s.orders.id, order.id));

    const shippedAt = plan.chargedAt ? new Date(Math.max(plan.chargedAt.getTime(), Math.min(now - HOUR, plan.chargedAt.getTime() + 3 * DAY))) : null;
    await seedShipments(tx, order, inserted, status, i, shippedAt);
    await seedTimeline(tx, ctx, order, plan, heldBy, i);

    if (plan.chargedAt) {
      chargedPerTeam.set(order.sellerTeamId, (chargedPerTeam.get(order.sellerTeamId) ?? 0) + 1);
      const owner = ctx.ownerByAgency.get(order.agencyId) ?? null;
      money.events.push({ when: plan.chargedAt, post: () => chargeSeeded(tx, order.id, owner, plan.chargedAt!) });
      if (plan.cancelledAt) money.events.push({ when: plan.cancelledAt, post: () => refundSeeded(tx, order.id, owner, plan.cancelledAt!) });
    }
    if (order.hireDesignStatus === 'approved' && status !== 'Cancel') {
      // An approved design was charged a day after the order came in (never later than an hour ago).
      // Not before the wallet was funded: orders go back a year, the demo wallets about 117 days.
      const approvedAt = new Date(Math.min(now - HOUR, Math.max(created, fundedFrom) + DAY));
      const owner = ctx.ownerByAgency.get(order.agencyId) ?? null;
      // The team's opening top-up covers it like an order charge.
      chargedPerTeam.set(order.sellerTeamId, (chargedPerTeam.get(order.sellerTeamId) ?? 0) + 1);
      money.events.push({ when: approvedAt, post: () => chargeDesignSeeded(tx, order.id, owner) });
    }
  }
  // Teams other than Demo Seller start with a top-up before their first order, sized well above
  // what their orders cost (at most about $150 an order), so their history never runs dry.
  for (const [teamId, n] of chargedPerTeam) if (teamId !== ctx.demoTeamId) money.topUps.push({ teamId, cents: 20_000 + n * 15_000 });
  return money;
}

function itemStatusOf(status: OrderStatus, position: number, cancelledAfterCharge: boolean): ItemStatus {
  switch (status) {
    case 'Cancel':
      // Charged ones are cancelled (items too) when their refund is posted.
      return cancelledAfterCharge ? 'Unfulfilled' : 'Cancel';
    case 'InProduction':
    case 'CancelShipment':
      return 'InProduction';
    case 'InTransit':
      return 'InTransit';
    case 'Fulfilled':
      return 'Fulfilled';
    case 'PartiallyFulfilled':
      return position === 0 ? 'InTransit' : 'InProduction';
    default:
      return 'Unfulfilled';
  }
}

interface VariantOption {
  variantId: string;
  catalogId: string;
  sku: string;
  title: string;
  color: string;
  size: string;
  type: 'pod' | 'fake' | 'drop';
  costCents: number;
  artwork: string;
}

/** Per agency, the variants of its published catalogs with the agency's cost (every seller group prices them). */
async function variantMenu(tx: Tx): Promise<Map<string, VariantOption[]>> {
  const rows = await tx
    .select({
      agencyId: s.agencyVariantCosts.agencyId,
      costCents: s.agencyVariantCosts.costCents,
      variantId: s.catalogVariants.id,
      catalogId: s.catalogs.id,
      sku: s.catalogVariants.catalogVariantCode,
      title: s.catalogs.name,
      color: s.catalogVariants.color,
      size: s.catalogVariants.size,
      type: s.catalogs.type,
      gallery: s.catalogs.mockupGallery,
    })
    .from(s.agencyVariantCosts)
    .innerJoin(s.catalogVariants, eq(s.catalogVariants.id, s.agencyVariantCosts.catalogVariantId))
    .innerJoin(s.catalogs, eq(s.catalogs.id, s.catalogVariants.catalogId))
    .where(and(eq(s.catalogs.publishStatus, 1), eq(s.catalogs.isTrademark, false)))
    .orderBy(asc(s.catalogVariants.catalogVariantCode));
  const menu = new Map<string, VariantOption[]>();
  for (const r of rows) {
    const shape = /\/demo\/([a-z]+)-/.exec(r.gallery[0] ?? '')?.[1] ?? 'tshirt';
    const list = menu.get(r.agencyId) ?? [];
    list.push({ ...r, costCents: Number(r.costCents), artwork: `/cms/demo/${shape}-${r.color}.svg` });
    menu.set(r.agencyId, list);
  }
  return menu;
}

type OrderRow = typeof s.orders.$inferSelect;
type ItemRow = typeof s.orderItems.$inferSelect;

/** Parcels with tracking for shipped orders; a cancelled one for CancelShipment. */
async function seedShipments(tx: Tx, order: OrderRow, items: ItemRow[], status: OrderStatus, i: number, shippedAt: Date | null) {
  if (!shippedAt || !['InTransit', 'PartiallyFulfilled', 'Fulfilled', 'CancelShipment'].includes(status)) return;
  const c = pickOf(CARRIERS, i, 17);
  const trackingNumber = c.number(i + 1);
  const shipped = status === 'PartiallyFulfilled' ? items.slice(0, 1) : items;
  const [shipment] = await tx
    .insert(s.orderShipments)
    .values({
      orderId: order.id,
      agencyId: order.agencyId,
      sellerTeamId: order.sellerTeamId,
      trackingNumber,
      carrier: c.carrier,
      trackingUrl: `${c.url}${trackingNumber}`,
      status: status === 'Fulfilled' ? 'Fulfilled' : status === 'CancelShipment' ? 'Cancel' : 'InTransit',
      syncStatus: spread(i, 18, 4) === 0 ? 'pending' : spread(i, 18, 4) === 1 && status === 'InTransit' ? 'failed' : 'synced',
      syncError: spread(i, 18, 4) === 1 && status === 'InTransit' ? 'The store answered 429: too many requests' : null,
      syncedAt: spread(i, 18, 4) >= 2 ? shippedAt : null,
      createdAt: shippedAt,
      updatedAt: shippedAt,
    })
    .returning();
  // A cancelled shipment leaves its items back in production, no longer on a parcel.
  if (status !== 'CancelShipment') {
    await tx.update(s.orderItems).set({ shipmentId: shipment!.id }).where(inArray(s.orderItems.id, shipped.map((it) => it.id)));
  }
  if (status !== 'CancelShipment') await tx.update(s.orders).set({ syncAt: shippedAt }).where(eq(s.orders.id, order.id));
}

/** The steps that led to the order's status, as the commands would have recorded them. */
function pathTo(status: OrderStatus, holdFrom: OrderStatus | null, charged: boolean): { action: OrderAction | 'tracking'; to: OrderStatus }[] {
  const approved = [{ action: 'submit', to: 'InReview' }, { action: 'approve', to: 'Approved' }] as const;
  const produced = [...approved, { action: 'pickup', to: 'InProduction' }] as const;
  switch (status) {
    case 'InReview':
      return [approved[0]];
    case 'Approved':
      return [...approved];
    case 'Rejected':
      return [approved[0], { action: 'reject', to: 'Rejected' }];
    case 'Hold':
      return [...pathTo(holdFrom ?? 'Unfulfilled', null, false), { action: 'hold', to: 'Hold' }];
    case 'Cancel':
      return [...(charged ? approved : []), { action: 'cancel', to: 'Cancel' }];
    case 'InProduction':
      return [...produced];
    case 'InTransit':
    case 'PartiallyFulfilled':
      return [...produced, { action: 'tracking', to: status }];
    case 'Fulfilled':
      return [...produced, { action: 'tracking', to: 'InTransit' }, { action: 'tracking', to: 'Fulfilled' }];
    case 'CancelShipment':
      return [...produced, { action: 'tracking', to: 'InTransit' }, { action: 'shipment-cancel', to: 'CancelShipment' }];
    default:
      return [];
  }
}

async function seedTimeline(tx: Tx, ctx: SeedOrderContext, order: OrderRow, plan: Plan, heldBy: string | null, i: number) {
  const steps = pathTo(plan.status, plan.holdFrom, plan.chargedAt !== null);
  const seller = ctx.managerByTeam.get(order.sellerTeamId) ?? null;
  const owner = ctx.ownerByAgency.get(order.agencyId) ?? null;
  const created = order.createdAt.getTime();
  const latest = Date.now() - 60_000;
  const charged = plan.chargedAt?.getTime() ?? null;
  const shipped = charged === null ? null : charged + 3 * DAY;
  let prev = created;
  let from: OrderStatus = 'Unfulfilled';
  const rows = steps.map((step) => {
    // Approval is when the charge was posted, cancel when its refund was; the rest follow them.
    const proposed: Record<string, number> = {
      submit: charged !== null ? charged - 2 * HOUR : prev + 0.3 * (latest - prev),
      approve: charged ?? prev,
      reject: prev + 0.5 * (latest - prev),
      hold: prev + 0.5 * (latest - prev),
      cancel: plan.cancelledAt?.getTime() ?? prev + 0.5 * (latest - prev),
      pickup: (charged ?? prev) + DAY,
      tracking: step.to === 'Fulfilled' ? (shipped ?? prev) + 4 * DAY : (shipped ?? prev),
      'shipment-cancel': (shipped ?? prev) + 2 * DAY,
    };
    const at = Math.min(latest, Math.max(prev + 60_000, proposed[step.action] ?? prev));
    prev = at;
    const bySeller = step.action === 'submit' || (step.action === 'hold' && heldBy === 'seller') || (step.action === 'cancel' && spread(i, 19, 2) === 0);
    const actorId = step.action === 'tracking' ? null : bySeller ? seller : owner;
    const message =
      step.action === 'hold' || step.action === 'reject'
        ? (plan.reason ?? '')
        : step.action === 'shipment-cancel'
          ? 'The carrier lost the parcel; it will be produced again'
          : '';
    const row = {
      orderId: order.id,
      agencyId: order.agencyId,
      kind: step.action === 'tracking' ? ('tracking' as const) : ('status' as const),
      action: step.action,
      fromStatus: from,
      toStatus: step.to,
      message,
      actorId,
      actorEmail: actorId ? (ctx.emailById.get(actorId) ?? '') : '',
      createdAt: new Date(at),
    };
    from = step.to;
    return row;
  });
  if (rows.length) await tx.insert(s.orderEvents).values(rows);
}

/** Back-dates what the ledger core and the invoice writer just wrote. */
async function chargeSeeded(tx: Tx, orderId: string, actorId: string | null, when: Date) {
  const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, orderId));
  const out = await chargeOrder(tx, order!, actorId, when);
  return { entryIds: [out.ledgerEntryId], invoiceId: out.invoiceId };
}

async function chargeDesignSeeded(tx: Tx, orderId: string, actorId: string | null) {
  const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, orderId));
  const out = await chargeDesign(tx, order!, actorId);
  return { entryIds: out.ledgerEntryId ? [out.ledgerEntryId] : [], invoiceId: out.invoiceId };
}

async function refundSeeded(tx: Tx, orderId: string, actorId: string | null, when: Date) {
  const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, orderId));
  const out = await refundCancelledOrder(tx, order!, actorId, when);
  await tx.update(s.orderItems).set({ status: 'Cancel', updatedAt: when }).where(eq(s.orderItems.orderId, orderId));
  return { entryIds: out.ledgerEntryId ? [out.ledgerEntryId] : [], invoiceId: out.invoiceId };
}
