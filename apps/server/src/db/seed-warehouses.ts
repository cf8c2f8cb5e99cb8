/**
 * Demo warehouses (docs/warehouses.md): a warehouse team with its users, two warehouses with fees, and the demo seller's
 * warehouse products in stock, low and out. Stock enters through the stock ledger (receipts), as it does in use.
 */
import { and, eq } from 'drizzle-orm';
import { WAREHOUSE_MSG, toGrams, type WarehouseFees } from '@fbo/shared';
import type { Tx } from './client';
import * as s from './schema/index';
import { moveStock, reserveForOrder } from '../modules/warehouses';
import { chargeOrder } from '../modules/order-core';

export const DEMO_WAREHOUSE_EMAILS = { manager: 'warehouse@demo.test', staff: 'warehouse-staff@demo.test' } as const;

const band = (method: 'standard' | 'express', country: string, upToGrams: number, cents: number) => ({ method, country, upToGrams, cents });

const DALLAS_FEES: WarehouseFees = {
  perOrderCents: 225,
  perExtraUnitCents: 50,
  storagePerUnitMonthCents: 3,
  shipping: [
    band('standard', 'US', 450, 499), band('standard', 'US', 900, 699), band('standard', 'US', 2270, 999), band('standard', 'US', 9000, 1599),
    band('express', 'US', 900, 1299), band('express', 'US', 9000, 2199),
    band('standard', '*', 900, 1499), band('standard', '*', 9000, 2999),
  ],
};
const RENO_FEES: WarehouseFees = {
  perOrderCents: 250,
  perExtraUnitCents: 45,
  storagePerUnitMonthCents: 4,
  shipping: [band('standard', 'US', 900, 649), band('standard', 'US', 9000, 1499), band('standard', 'CA', 9000, 1899)],
};

/** The demo seller's stocked goods: [sku, name, weight as typed, its unit, value cents, threshold, Dallas units, Reno units]. */
const PRODUCTS = [
  ['WH-TUMBLER-20', 'Stainless Tumbler 20oz, matte black', 12, 'oz', 650, 20, 180, 60],
  ['WH-CANDLE-LAV', 'Soy Candle, lavender, 8oz jar', 11, 'oz', 420, 15, 12, 0],
  ['WH-JOURNAL-A5', 'Linen Journal A5, dotted', 280, 'g', 380, 10, 0, 0],
  ['WH-TOTE-NAT', 'Organic Cotton Tote, natural', 150, 'g', 210, 25, 240, 120],
  ['WH-KEYCHAIN-PAW', 'Enamel Keychain, paw print', 20, 'g', 90, 30, 25, 40],
  ['WH-BLANKET-SHERPA', 'Sherpa Fleece Blanket 50x60', 3, 'lb', 1450, 5, 35, 0],
] as const;

export async function seedWarehouses(
  tx: Tx,
  input: { agencyId: string; ownerTeamId: string; mappedUserId: string; basecostId: string; passwordHash: string; createdAt: Date },
) {
  const { agencyId, passwordHash } = input;
  const [manager] = await tx
    .insert(s.users)
    .values({ email: DEMO_WAREHOUSE_EMAILS.manager, fullName: 'Wade Warehouse', userType: 'seller', authority: 'seller', agencyId, passwordHash, status: 'active' })
    .returning();
  const [team] = await tx
    .insert(s.sellerTeams)
    .values({
      agencyId, name: 'Demo Warehouse', code: 'W1001', managerId: manager!.id, referralCode: 'REFW1001',
      sellerType: 'warehouse', mappedUserId: input.mappedUserId, basecostId: input.basecostId, createdAt: input.createdAt,
    })
    .returning();
  await tx.update(s.users).set({ sellerTeamId: team!.id }).where(eq(s.users.id, manager!.id));
  await tx.insert(s.users).values({
    email: DEMO_WAREHOUSE_EMAILS.staff, fullName: 'Pia Picker', userType: 'seller', authority: 'staff', isSubUser: true,
    agencyId, sellerTeamId: team!.id, passwordHash, status: 'active',
  });
  await tx.insert(s.accounts).values([
    { agencyId, sellerTeamId: team!.id, kind: 'wallet' },
    { agencyId, sellerTeamId: team!.id, kind: 'profit' },
  ]);

  const [dallas, reno] = await tx
    .insert(s.warehouses)
    .values([
      {
        agencyId, name: 'Dallas Fulfilment Center', code: 'DAL', warehouseTeamId: team!.id, priority: 1, fees: { ...DALLAS_FEES },
        address: { address1: '2400 Irving Blvd', city: 'Dallas', state: 'TX', zip: '75207', country: 'US', phone: '+1 214 555 0140' },
      },
      {
        agencyId, name: 'Reno Fulfilment Center', code: 'RNO', warehouseTeamId: team!.id, priority: 2, fees: { ...RENO_FEES },
        address: { address1: '555 Double R Blvd', city: 'Reno', state: 'NV', zip: '89521', country: 'US', phone: '+1 775 555 0199' },
      },
    ])
    .returning();

  const products = await tx
    .insert(s.warehouseProducts)
    .values(PRODUCTS.map(([sku, name, weight, unit, value, threshold]) => ({
      agencyId, ownerTeamId: input.ownerTeamId, sku, name, weightGrams: toGrams(weight, unit), weightUnit: unit, declaredValueCents: value,
      lowThreshold: threshold, hsCode: '9617.00', originCountry: 'CN', lengthMm: 120, widthMm: 90, heightMm: 90, dimensionUnit: 'cm' as const,
    })))
    .returning();
  const receipts = products.flatMap((p, i) => {
    const [, , , , , , atDallas, atReno] = PRODUCTS[i]!;
    return [
      { warehouseId: dallas!.id, warehouseProductId: p.id, kind: 'receipt' as const, quantity: atDallas, actorId: manager!.id },
      { warehouseId: reno!.id, warehouseProductId: p.id, kind: 'receipt' as const, quantity: atReno, actorId: manager!.id },
    ];
  });
  // A receipt of 0 still opens the level: the product is stocked there, and out.
  await moveStock(tx, agencyId, receipts.filter((r) => r.quantity > 0));
  const opened = receipts.filter((r) => r.quantity === 0);
  if (opened.length > 0) {
    await tx.insert(s.stockLevels).values(opened.map((r) => ({ agencyId, warehouseId: r.warehouseId, warehouseProductId: r.warehouseProductId })))
      .onConflictDoNothing();
  }
  return { teamId: team!.id, managerId: manager!.id, warehouses: [dallas!, reno!], products };
}

const daysBefore = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * What a demo warehouse has going on: inbound shipments in every status (the counts as the warehouse took them) and
 * the demo seller's warehouse orders in every queue state, approved through the one order charge and reserved
 * through the stock ledger, as in use. Runs after the wallets are funded (seedMoney).
 */
export async function seedWarehouseActivity(tx: Tx, input: { agencyId: string; ownerTeamId: string; sellerId: string; operatorId: string }) {
  const { agencyId, ownerTeamId } = input;
  const [dal, rno] = await tx.select().from(s.warehouses).where(eq(s.warehouses.agencyId, agencyId)).orderBy(s.warehouses.priority);
  const bySku = new Map((await tx.select().from(s.warehouseProducts).where(eq(s.warehouseProducts.agencyId, agencyId))).map((p) => [p.sku, p]));
  const product = (sku: string) => bySku.get(sku)!;

  // Inbound: declared, in transit, received in part (a short count kept beside the declared), received and closed.
  const inbound = [
    { ref: 'IN-000001', status: 'closed', warehouse: dal!, carrier: 'UPS Freight', tracking: '1Z999AA10123456784', days: 40, lines: [['WH-TUMBLER-20', 200, 200], ['WH-TOTE-NAT', 240, 240]] },
    { ref: 'IN-000002', status: 'partly_received', warehouse: dal!, carrier: 'FedEx Ground', tracking: '784512369874', days: 6, lines: [['WH-CANDLE-LAV', 60, 12], ['WH-KEYCHAIN-PAW', 100, 0]] },
    { ref: 'IN-000003', status: 'in_transit', warehouse: rno!, carrier: 'USPS', tracking: '9400111899223344556677', days: 3, lines: [['WH-BLANKET-SHERPA', 40, 0], ['WH-JOURNAL-A5', 120, 0]] },
    { ref: 'IN-000004', status: 'declared', warehouse: dal!, carrier: 'DHL Express', tracking: '', days: 1, lines: [['WH-JOURNAL-A5', 80, 0]] },
  ] as const;
  for (const spec of inbound) {
    const [shipment] = await tx.insert(s.inboundShipments).values({
      agencyId, reference: spec.ref, ownerTeamId, warehouseId: spec.warehouse.id, status: spec.status, carrier: spec.carrier, trackingNumber: spec.tracking,
      note: spec.status === 'partly_received' ? 'Second pallet still with the carrier' : '', createdBy: input.sellerId,
      receivedAt: spec.status === 'closed' || spec.status === 'partly_received' ? daysBefore(spec.days - 2) : null,
      closedAt: spec.status === 'closed' ? daysBefore(spec.days - 3) : null, createdAt: daysBefore(spec.days),
    }).returning();
    await tx.insert(s.inboundLines).values(spec.lines.map(([sku, declared, received]) => ({
      agencyId, inboundShipmentId: shipment!.id, warehouseProductId: product(sku).id, declaredQuantity: declared, receivedQuantity: received,
    })));
  }

  // Orders of the demo seller fulfilled from stock: the ship-to of real buyers, one per queue state.
  const specs = [
    { name: 'WH-1001', state: 'to_pick', lines: [['WH-TUMBLER-20', 2], ['WH-TOTE-NAT', 1]], who: ['Emma Johnson', '412 Maple Ave', 'Columbus', 'OH', '43215'] },
    { name: 'WH-1002', state: 'to_pick', lines: [['WH-KEYCHAIN-PAW', 3]], who: ['Nguyễn Thị Lan', '88 Bolsa Ave', 'Westminster', 'CA', '92683'] },
    { name: 'WH-1003', state: 'packed', lines: [['WH-BLANKET-SHERPA', 1]], who: ['Liam Carter', '19 Birch Rd', 'Portland', 'ME', '04101'] },
    { name: 'WH-1004', state: 'shipped', lines: [['WH-TUMBLER-20', 1]], who: ['Sophia Martinez', '2200 Ocean Dr', 'Miami Beach', 'FL', '33139'] },
    { name: 'WH-1005', state: 'cannot_ship', lines: [['WH-TOTE-NAT', 2]], who: ['Noah Williams', '1 Nowhere Lane', 'Springfield', 'ZZ', '00000'] },
    { name: 'WH-1006', state: 'awaiting', lines: [['WH-JOURNAL-A5', 2]], who: ['Ava Brown', '77 Elm St', 'Austin', 'TX', '78701'] },
  ] as const;
  for (const [i, spec] of specs.entries()) {
    const created = daysBefore(5 - i * 0.5);
    const [order] = await tx.insert(s.orders).values({
      agencyId, sellerTeamId: ownerTeamId, sellerId: input.sellerId, orderName: spec.name, status: 'InReview', addressStatus: 1,
      fullName: spec.who[0], address1: spec.who[1], city: spec.who[2], province: spec.who[3], zipCode: spec.who[4], country: 'United States', countryCode: 'US',
      itemCount: spec.lines.length, totalPriceCents: 3499, subTotalPriceCents: 3499, createdAt: created, updatedAt: created,
    }).returning();
    await tx.insert(s.orderItems).values(spec.lines.map(([sku, quantity], position) => ({
      orderId: order!.id, agencyId, sellerTeamId: ownerTeamId, position, sku, title: product(sku).name, warehouseProductId: product(sku).id, quantity, priceCents: 2499,
    })));
    const stock = await reserveForOrder(tx, order!, input.sellerId);
    if (stock.kind !== 'routed') {
      await tx.update(s.orders).set({ status: 'Hold', holdFromStatus: 'InReview', heldBy: 'agency', statusReason: WAREHOUSE_MSG.awaitingStock }).where(eq(s.orders.id, order!.id));
      continue;
    }
    // Charged after the rest of the demo money (its running balances are in time order): approved when charged.
    const charge = await chargeOrder(tx, order!, null);
    const [entry] = await tx.select({ at: s.ledgerEntries.createdAt }).from(s.ledgerEntries).where(eq(s.ledgerEntries.id, charge.ledgerEntryId));
    await tx.update(s.orders).set({ status: 'Approved', approvedAt: entry!.at }).where(eq(s.orders.id, order!.id));
    const fulfilment = and(eq(s.warehouseFulfilments.agencyId, agencyId), eq(s.warehouseFulfilments.orderId, order!.id));
    await tx.update(s.warehouseFulfilments).set({ createdAt: created, updatedAt: created }).where(fulfilment);
    if (spec.state === 'cannot_ship') {
      await tx.update(s.warehouseFulfilments).set({ status: 'cannot_ship', problem: 'The carrier cannot deliver to this address (no such street); please confirm it with the buyer' }).where(fulfilment);
    }
    if (spec.state === 'packed' || spec.state === 'shipped') {
      await tx.update(s.warehouseFulfilments).set({ status: 'packed', packedAt: daysBefore(1) }).where(fulfilment);
      await tx.update(s.orderItems).set({ status: 'InProduction' }).where(eq(s.orderItems.orderId, order!.id));
      await tx.update(s.orders).set({ status: 'InProduction' }).where(eq(s.orders.id, order!.id));
    }
    if (spec.state === 'shipped') {
      const [shipment] = await tx.insert(s.orderShipments).values({
        orderId: order!.id, agencyId, sellerTeamId: ownerTeamId, trackingNumber: '9400111899561234567890', carrier: 'USPS', createdBy: input.operatorId,
      }).returning();
      const items = await tx.select().from(s.orderItems).where(eq(s.orderItems.orderId, order!.id));
      await tx.update(s.orderItems).set({ status: 'InTransit', shipmentId: shipment!.id }).where(eq(s.orderItems.orderId, order!.id));
      await tx.update(s.orders).set({ status: 'InTransit' }).where(eq(s.orders.id, order!.id));
      await moveStock(tx, agencyId, items.map((item) => ({
        warehouseId: stock.warehouseId, warehouseProductId: item.warehouseProductId!, kind: 'ship' as const, quantity: item.quantity,
        orderId: order!.id, orderItemId: item.id, shipmentId: shipment!.id, actorId: input.operatorId,
      })));
      await tx.update(s.warehouseFulfilments).set({ status: 'shipped', shipmentId: shipment!.id, shippedAt: daysBefore(0.5) }).where(fulfilment);
    }
  }
}
