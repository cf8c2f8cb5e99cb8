/** Reading and locking one order of a scope, and writing its timeline: what every order module does first and last. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { agencyCatalogs, catalogs, catalogVariants, orderEvents, orderItems, orders } from '../../db/schema/index';
import { orderScope, orderScopeCondition, type OrderScope } from './order-scope';

type Conn = Db | Tx;
export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type OrderEventInsert = typeof orderEvents.$inferInsert;

/** The order in scope, optionally locked for a change (FOR UPDATE), or undefined. */
export async function findOrder(db: Conn, scope: OrderScope, id: string, lock = false): Promise<OrderRow | undefined> {
  const q = db.select().from(orders).where(and(eq(orders.id, id), orderScopeCondition(scope)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The order, locked for the rest of the transaction, if it is in the actor's tenant; anything else finds nothing. */
export async function lockOrder(tx: Tx, actor: Actor, id: string): Promise<OrderRow | null> {
  const scope = orderScope(actor);
  return (scope && (await findOrder(tx, scope, id, true))) ?? null;
}

/**
 * Locks all the orders of a request up front, in id order. Used when the whole request is one
 * transaction (Idempotency-Key): it must not hold a wallet lock while waiting for an order that
 * another request, itself waiting for that wallet, holds.
 */
export async function lockOrders(tx: Tx, actor: Actor, ids: string[]): Promise<void> {
  const scope = orderScope(actor);
  if (!scope) return;
  await tx.select({ id: orders.id }).from(orders).where(and(inArray(orders.id, ids), orderScopeCondition(scope))).orderBy(asc(orders.id)).for('update');
}

/** A row of the order's timeline. */
export async function addOrderEvent(db: Conn, event: OrderEventInsert): Promise<void> {
  await db.insert(orderEvents).values(event);
}

/** Catalog variants by code among the catalogs the agency offers (live catalogs, variants not archived). */
export async function variantsByCode(db: Conn, agencyId: string, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({
      id: catalogVariants.id,
      code: catalogVariants.catalogVariantCode,
      color: catalogVariants.color,
      size: catalogVariants.size,
      catalogId: catalogs.id,
      catalogName: catalogs.name,
      catalogType: catalogs.type,
    })
    .from(catalogVariants)
    .innerJoin(catalogs, eq(catalogs.id, catalogVariants.catalogId))
    .innerJoin(agencyCatalogs, and(eq(agencyCatalogs.catalogId, catalogs.id), eq(agencyCatalogs.agencyId, agencyId)))
    .where(
      and(
        inArray(sql`upper(${catalogVariants.catalogVariantCode})`, codes.map((c) => c.toUpperCase())),
        eq(catalogVariants.archived, false),
        isNull(catalogs.deletedAt),
      ),
    );
}
