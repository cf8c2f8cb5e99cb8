/**
 * Who sees which warehouses and which warehouse products (docs/warehouses.md "Who works it"). The scope always comes
 * from the actor, never from input; every warehouse query of this module goes through these conditions.
 * - agency: every warehouse and product of the agency (owner, staff, customer support).
 * - owner: a default seller team: the agency's active warehouses (it may send stock to any), its own products.
 * - operator: a warehouse team: the warehouses it runs, and the products stocked or arriving there.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isWarehouseOperator, type Actor } from '@fbo/shared';
import { warehouseProducts, warehouses } from '../../db/schema/index';
import { forbidden } from '../../lib/errors';

export type WarehouseScope =
  | { kind: 'agency'; agencyId: string; teamId: null }
  | { kind: 'owner'; agencyId: string; teamId: string }
  | { kind: 'operator'; agencyId: string; teamId: string };

export function warehouseScopeOf(actor: Actor): WarehouseScope {
  if (actor.userType === 'agency' && actor.agencyId) return { kind: 'agency', agencyId: actor.agencyId, teamId: null };
  if (actor.userType === 'seller' && actor.agencyId && actor.sellerTeamId) {
    return { kind: isWarehouseOperator(actor) ? 'operator' : 'owner', agencyId: actor.agencyId, teamId: actor.sellerTeamId };
  }
  throw forbidden();
}

/** The warehouses a scope sees. */
export function warehousesVisible(scope: WarehouseScope): SQL {
  switch (scope.kind) {
    case 'agency':
      return eq(warehouses.agencyId, scope.agencyId);
    case 'owner':
      return and(eq(warehouses.agencyId, scope.agencyId), eq(warehouses.active, true))!;
    case 'operator':
      return and(eq(warehouses.agencyId, scope.agencyId), eq(warehouses.warehouseTeamId, scope.teamId))!;
  }
}

/** The warehouse products a scope sees: an operator's are those stocked in, or on their way to, its warehouses. */
export function productsVisible(scope: WarehouseScope): SQL {
  switch (scope.kind) {
    case 'agency':
      return eq(warehouseProducts.agencyId, scope.agencyId);
    case 'owner':
      return and(eq(warehouseProducts.agencyId, scope.agencyId), eq(warehouseProducts.ownerTeamId, scope.teamId))!;
    case 'operator':
      return and(
        eq(warehouseProducts.agencyId, scope.agencyId),
        sql`(exists (select 1 from stock_levels l join warehouses w on w.agency_id = l.agency_id and w.id = l.warehouse_id
                      where l.agency_id = ${warehouseProducts.agencyId} and l.warehouse_product_id = ${warehouseProducts.id}
                        and w.warehouse_team_id = ${scope.teamId})
          or exists (select 1 from inbound_lines il
                       join inbound_shipments s on s.agency_id = il.agency_id and s.id = il.inbound_shipment_id
                       join warehouses w on w.agency_id = s.agency_id and w.id = s.warehouse_id
                      where il.agency_id = ${warehouseProducts.agencyId} and il.warehouse_product_id = ${warehouseProducts.id}
                        and w.warehouse_team_id = ${scope.teamId}))`,
      )!;
  }
}
