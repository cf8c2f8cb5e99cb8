/**
 * Demo warehouses (docs/warehouses.md): a warehouse team with its users, two warehouses with fees, and the demo seller's
 * warehouse products in stock, low and out. Stock enters through the stock ledger (receipts), as it does in use.
 */
import { eq } from 'drizzle-orm';
import type { WarehouseFees } from '@fbo/shared';
import type { Tx } from './client';
import * as s from './schema/index';
import { moveStock } from '../modules/warehouses';

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

/** The demo seller's stocked goods: [sku, name, grams, unit, value cents, threshold, Dallas units, Reno units]. */
const PRODUCTS = [
  ['WH-TUMBLER-20', 'Stainless Tumbler 20oz, matte black', 340, 'oz', 650, 20, 180, 60],
  ['WH-CANDLE-LAV', 'Soy Candle, lavender, 8oz jar', 310, 'oz', 420, 15, 12, 0],
  ['WH-JOURNAL-A5', 'Linen Journal A5, dotted', 280, 'g', 380, 10, 0, 0],
  ['WH-TOTE-NAT', 'Organic Cotton Tote, natural', 150, 'g', 210, 25, 240, 120],
  ['WH-KEYCHAIN-PAW', 'Enamel Keychain, paw print', 20, 'g', 90, 30, 25, 40],
  ['WH-BLANKET-SHERPA', 'Sherpa Fleece Blanket 50x60', 1360, 'lb', 1450, 5, 35, 0],
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
    .values(PRODUCTS.map(([sku, name, grams, unit, value, threshold]) => ({
      agencyId, ownerTeamId: input.ownerTeamId, sku, name, weightGrams: grams, weightUnit: unit, declaredValueCents: value,
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
