/**
 * Setup the orders tests share: the demo personas they sign in as, the seeded teams, orders
 * with items of variants the team's base cost group prices, and the team's wallet balance.
 */
import { and, asc, eq } from 'drizzle-orm';
import { accounts, basecostItems, catalogVariants, orderItems, orders, sellerTeams } from '../../src/db/schema/index';
import type { TestApp } from './app';

type Db = TestApp['database']['db'];
export type Team = typeof sellerTeams.$inferSelect;

/** Re-exported: the orders tests took the personas from here before they were shared. */
export { PERSONA } from './personas';

/** A seeded seller team by its name ('Demo Seller', 'Other Seller', 'Paw Prints Co', ...). */
export async function teamNamed(db: Db, name: string): Promise<Team> {
  const [team] = await db.select().from(sellerTeams).where(eq(sellerTeams.name, name));
  if (!team) throw new Error(`no seeded team ${name}`);
  return team;
}

/** The team's wallet balance in cents. */
export async function walletCents(db: Db, team: Team): Promise<number> {
  const [row] = await db.select().from(accounts).where(and(eq(accounts.sellerTeamId, team.id), eq(accounts.kind, 'wallet')));
  return Number(row!.balanceCents);
}

/**
 * A fresh order of the team, one item a quantity, each item a variant its base cost group prices
 * (so approving it charges a known amount). `variantOffset` picks other variants of the group.
 */
export async function insertPricedOrder(
  db: Db,
  team: Team,
  opts: { orderName: string; status: string; quantities: number[]; variantOffset?: number; over?: Partial<typeof orders.$inferInsert> },
) {
  const priced = await db
    .select({ variantId: basecostItems.catalogVariantId, catalogId: basecostItems.catalogId, sku: catalogVariants.catalogVariantCode })
    .from(basecostItems)
    .innerJoin(catalogVariants, eq(catalogVariants.id, basecostItems.catalogVariantId))
    .where(eq(basecostItems.basecostId, team.basecostId!))
    .orderBy(asc(catalogVariants.catalogVariantCode))
    .limit(opts.quantities.length)
    .offset(opts.variantOffset ?? 0);
  const [order] = await db
    .insert(orders)
    .values({
      agencyId: team.agencyId, sellerTeamId: team.id, orderName: opts.orderName, status: opts.status, addressStatus: 1,
      itemCount: opts.quantities.length, ...opts.over,
    })
    .returning();
  await db.insert(orderItems).values(
    opts.quantities.map((quantity, i) => ({
      orderId: order!.id, agencyId: team.agencyId, sellerTeamId: team.id, position: i, sku: priced[i]!.sku,
      catalogVariantId: priced[i]!.variantId, catalogId: priced[i]!.catalogId, quantity, priceCents: 2499,
    })),
  );
  return order!;
}
