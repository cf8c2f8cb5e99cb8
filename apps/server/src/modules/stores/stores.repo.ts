/**
 * The SQL of stores. Every function takes the scope (the agency, and the team for a seller) first:
 * there is no unscoped path to another tenant's store, except `storesOfShop`, which the platform's own
 * calls use (a webhook names a shop, not an agency) and which answers only ids.
 */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { StoreListQuery } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { orders, sellerTeams, storeWebhooks, stores } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

type Conn = Db | Tx;
export type StoreRow = typeof stores.$inferSelect;
export type NewStore = typeof stores.$inferInsert;

/** Whose stores a caller sees: an agency's, or one seller team's within its agency. */
export interface StoreScope {
  agencyId: string;
  sellerTeamId?: string;
}

export function scopeCondition(scope: StoreScope): SQL {
  return and(eq(stores.agencyId, scope.agencyId), scope.sellerTeamId ? eq(stores.sellerTeamId, scope.sellerTeamId) : undefined)!;
}

/** The team's name and code, and whether any order came from the store (only such a store may be deleted). */
const teamColumns = {
  teamName: sellerTeams.name,
  teamCode: sellerTeams.code,
  hasOrders: sql<boolean>`exists (select 1 from ${orders} where ${orders.agencyId} = ${stores.agencyId} and ${orders.storeId} = ${stores.id})`.mapWith(Boolean),
};
const teamOfStore = and(eq(sellerTeams.agencyId, stores.agencyId), eq(sellerTeams.id, stores.sellerTeamId));
export type StoreWithTeam = StoreRow & { teamName: string; teamCode: string; hasOrders: boolean };

export async function listStores(db: Db, scope: StoreScope, q: StoreListQuery) {
  const where = and(
    scopeCondition(scope),
    q.sellerTeamId ? eq(stores.sellerTeamId, q.sellerTeamId) : undefined,
    q.platform ? eq(stores.platform, q.platform) : undefined,
    q.status ? eq(stores.status, q.status) : undefined,
    q.search ? or(ilike(stores.name, likePattern(q.search)), ilike(stores.shopDomain, likePattern(q.search))) : undefined,
  );
  return pageWithCappedCount(db, sql`${stores}`, where, q, (total) =>
    withPage(
      db.select({ store: stores, ...teamColumns, ...total }).from(stores)
        .innerJoin(sellerTeams, teamOfStore),
      where,
      newestFirst(stores),
      q,
    ),
  );
}

export async function findStore(db: Conn, scope: StoreScope, id: string, lock?: 'update'): Promise<StoreWithTeam | undefined> {
  const query = db
    .select({ store: stores, ...teamColumns })
    .from(stores)
    .innerJoin(sellerTeams, teamOfStore)
    .where(and(scopeCondition(scope), eq(stores.id, id)));
  const [row] = lock ? await query.for('update', { of: stores }) : await query;
  return row && { ...row.store, teamName: row.teamName, teamCode: row.teamCode, hasOrders: row.hasOrders };
}

/** The store of a shop in an agency (connected or not): a reconnect finds it again. */
export async function findShop(db: Conn, agencyId: string, platform: StoreRow['platform'], shopDomain: string): Promise<StoreRow | undefined> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.agencyId, agencyId), eq(stores.platform, platform), eq(stores.shopDomain, shopDomain)))
    .for('update');
  return row;
}

/** The stores of a shop across agencies, for the platform's calls that name only the shop. */
export async function storesOfShop(db: Conn, platform: StoreRow['platform'], shopDomain: string) {
  return db
    .select({ agencyId: stores.agencyId, id: stores.id, status: stores.status, isDemo: stores.isDemo })
    .from(stores)
    .where(and(eq(stores.platform, platform), eq(stores.shopDomain, shopDomain)));
}

export async function insertStore(tx: Tx, values: NewStore): Promise<StoreRow> {
  const [row] = await tx.insert(stores).values(values).returning();
  return row!;
}

export async function updateStore(tx: Conn, scope: StoreScope, id: string, set: Partial<NewStore>): Promise<void> {
  await tx.update(stores).set({ ...set, updatedAt: new Date() }).where(and(scopeCondition(scope), eq(stores.id, id)));
}

export async function deleteStore(tx: Tx, scope: StoreScope, id: string): Promise<void> {
  await tx.delete(storeWebhooks).where(and(eq(storeWebhooks.agencyId, scope.agencyId), eq(storeWebhooks.storeId, id)));
  await tx.delete(stores).where(and(scopeCondition(scope), eq(stores.id, id)));
}

export async function storeHasOrders(db: Conn, agencyId: string, storeId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.agencyId, agencyId), eq(orders.storeId, storeId))).limit(1);
  return Boolean(row);
}

/** A team of the agency that may own a store (not deleted). */
export async function teamOfAgency(db: Conn, agencyId: string, teamId: string) {
  const [row] = await db
    .select({ id: sellerTeams.id, name: sellerTeams.name, code: sellerTeams.code, deletedAt: sellerTeams.deletedAt })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.id, teamId)));
  return row && !row.deletedAt ? row : undefined;
}
