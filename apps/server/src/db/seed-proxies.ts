import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from './client';
import * as s from './schema/index';

/** Groups of store-front domains, by group name. */
const DEMO_PROXIES: Record<string, string[]> = {
  'US stores': ['shop.pawprints.test', 'retroteeslab.test', 'mountainmugs.test', 'store.cozyhoodies.test'],
  'EU stores': ['eu.pawprints.test', 'berlinprintworks.test', 'parisposters.test'],
};
/** In no group and used by no order: the one a demo can delete. */
const DEMO_UNGROUPED = ['gifts.sunnydays.test'];
const OTHER_PROXIES: Record<string, string[]> = { 'Main stores': ['shop.otherbrand.test', 'otherprints.test'] };

const DAY = 86_400_000;

/**
 * Demo data for proxies; called by seed.ts inside its transaction, after the orders. Also ties
 * about two orders in three to one of their agency's grouped proxies, and support@ to the US ones.
 */
export async function seedProxies(tx: Tx, ids: { demoAgencyId: string; otherAgencyId: string }): Promise<void> {
  const demo = await seedAgency(tx, ids.demoAgencyId, DEMO_PROXIES, DEMO_UNGROUPED);
  await seedAgency(tx, ids.otherAgencyId, OTHER_PROXIES, []);

  const [support] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'support@demo.test'));
  const us = demo.get('US stores') ?? [];
  if (support && us.length > 0) await tx.insert(s.userProxies).values(us.map((proxyId) => ({ userId: support.id, proxyId })));
}

/** Creates the groups and proxies, then spreads the agency's orders over the grouped proxies. */
async function seedAgency(tx: Tx, agencyId: string, groups: Record<string, string[]>, ungrouped: string[]) {
  const now = Date.now();
  const byGroup = new Map<string, string[]>();
  let age = 90;
  for (const [name, domains] of Object.entries(groups)) {
    const [group] = await tx.insert(s.proxyGroups).values({ agencyId, name, createdAt: new Date(now - age * DAY) }).returning();
    const rows = await tx
      .insert(s.proxies)
      .values(domains.map((proxyDomain, i) => ({ agencyId, proxyDomain, groupId: group!.id, createdAt: new Date(now - (age - 1 - i) * DAY) })))
      .returning({ id: s.proxies.id });
    byGroup.set(name, rows.map((r) => r.id));
    age -= 20;
  }
  if (ungrouped.length > 0) {
    await tx.insert(s.proxies).values(ungrouped.map((proxyDomain) => ({ agencyId, proxyDomain, createdAt: new Date(now - 2 * DAY) })));
  }

  const grouped = [...byGroup.values()].flat();
  const orderIds = await tx.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.agencyId, agencyId)).orderBy(asc(s.orders.id));
  const share = new Map<string, string[]>(grouped.map((p) => [p, []]));
  orderIds.forEach((o, i) => {
    if (i % 3 !== 2) share.get(grouped[i % grouped.length]!)!.push(o.id);
  });
  for (const [proxyId, orders] of share) {
    if (orders.length === 0) continue;
    // A store-front order records its sale when the store creates it (docs/money.md, "Sale price"):
    // the demo's prices become that record, so the seeded profit is what the rule pays.
    await tx.update(s.orders).set({ proxyId, saleTotalCents: sql`${s.orders.totalPriceCents}` }).where(inArray(s.orders.id, orders));
    await tx.update(s.orderItems).set({ salePriceCents: sql`${s.orderItems.priceCents}` }).where(inArray(s.orderItems.orderId, orders));
  }
  return byGroup;
}
