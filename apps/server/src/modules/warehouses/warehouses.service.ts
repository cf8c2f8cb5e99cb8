/**
 * The agency's warehouses (docs/warehouses.md): the owner creates and edits them with their fees, staff and customer
 * support read them; stock is corrected by hand only through an adjustment movement with a reason (owner, staff, and
 * the warehouse team for its own warehouses). Fees are dollars in the API, integer cents stored.
 */
import { and, eq } from 'drizzle-orm';
import {
  centsToDollars, dollarsToCents, type Actor, type WarehouseBody, type WarehouseFees, type WarehouseRow, WAREHOUSE_MSG,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { sellerTeams, warehouseProducts } from '../../db/schema/index';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { moveStock, StockRefusal } from './stock-ledger';
import { productsVisible, warehouseScopeOf, warehousesVisible } from './warehouse-scope';
import * as repo from './warehouses.repo';

export function feesToCents(fees: WarehouseBody['fees']): WarehouseFees {
  return {
    perOrderCents: dollarsToCents(fees.perOrder),
    perExtraUnitCents: dollarsToCents(fees.perExtraUnit),
    storagePerUnitMonthCents: dollarsToCents(fees.storagePerUnitMonth),
    shipping: fees.shipping.map((b) => ({ method: b.method, country: b.country, upToGrams: b.upToGrams, cents: dollarsToCents(b.price) })),
  };
}

/** The stored fees, whatever an older row holds: missing parts read as 0 and no bands. */
export function storedFees(raw: unknown): WarehouseFees {
  const f = (raw ?? {}) as Partial<WarehouseFees>;
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);
  return {
    perOrderCents: int(f.perOrderCents),
    perExtraUnitCents: int(f.perExtraUnitCents),
    storagePerUnitMonthCents: int(f.storagePerUnitMonthCents),
    shipping: Array.isArray(f.shipping) ? f.shipping : [],
  };
}

export function feesToDollars(raw: unknown): WarehouseRow['fees'] {
  const f = storedFees(raw);
  return {
    perOrder: centsToDollars(f.perOrderCents),
    perExtraUnit: centsToDollars(f.perExtraUnitCents),
    storagePerUnitMonth: centsToDollars(f.storagePerUnitMonthCents),
    shipping: f.shipping.map((b) => ({ method: b.method, country: b.country, upToGrams: b.upToGrams, price: centsToDollars(b.cents) })),
  };
}

const ADDRESS_KEYS = ['address1', 'address2', 'city', 'state', 'zip', 'country', 'phone'] as const;

export function toRow(w: repo.WarehouseWithFigures): WarehouseRow {
  const address = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, String(w.address?.[k] ?? '')])) as WarehouseRow['address'];
  return {
    id: w.id, name: w.name, code: w.code, address,
    team: { id: w.warehouseTeamId, name: w.teamName, code: w.teamCode },
    active: w.active, priority: w.priority, fees: feesToDollars(w.fees),
    stockValue: centsToDollars(w.stockValueCents), units: w.units, openOrders: w.openOrders, openInbound: w.openInbound, lowStock: w.lowStock,
    createdAt: w.createdAt.toISOString(),
  };
}

function agencyOf(actor: Actor): string {
  const scope = warehouseScopeOf(actor);
  if (scope.kind !== 'agency') throw forbidden();
  return scope.agencyId;
}

export async function list(ctx: AppContext, actor: Actor, q: { page: number; limit: number; search?: string; active?: 'true' | 'false' }) {
  const agencyId = agencyOf(actor);
  const { rows, count } = await repo.listWarehouses(ctx.db, warehousesVisible({ kind: 'agency', agencyId, teamId: null }), q);
  return listAnswer(rows.map((r) => toRow(r as repo.WarehouseWithFigures)), count, q);
}

export async function teamOptions(ctx: AppContext, actor: Actor) {
  return { data: await repo.warehouseTeams(ctx.db, agencyOf(actor)) };
}

async function checkTeam(tx: Parameters<typeof repo.warehouseTeams>[0], agencyId: string, teamId: string) {
  const teams = await repo.warehouseTeams(tx, agencyId);
  if (!teams.some((t) => t.id === teamId)) throw badRequest(WAREHOUSE_MSG.teamNotWarehouse, { warehouseTeamId: WAREHOUSE_MSG.teamNotWarehouse });
}

export async function create(ctx: AppContext, actor: Actor, body: WarehouseBody) {
  const agencyId = agencyOf(actor);
  const id = await ctx.db.transaction(async (tx) => {
    await checkTeam(tx, agencyId, body.warehouseTeamId);
    if (await repo.codeTaken(tx, agencyId, body.code)) throw conflict(WAREHOUSE_MSG.codeTaken);
    const row = await repo.insertWarehouse(tx, {
      agencyId, name: body.name, code: body.code, warehouseTeamId: body.warehouseTeamId, address: body.address,
      active: body.active, priority: body.priority, fees: { ...feesToCents(body.fees) },
    });
    await writeAudit(tx, { actorId: actor.userId, agencyId, entity: 'warehouse', entityId: row.id, action: 'create', after: body });
    return row.id;
  });
  return { message: 'Create success', data: toRow((await repo.findWarehouse(ctx.db, eq(sellerTeams.agencyId, agencyId), id))!) };
}

export async function update(ctx: AppContext, actor: Actor, id: string, body: WarehouseBody) {
  const agencyId = agencyOf(actor);
  const scope = warehousesVisible({ kind: 'agency', agencyId, teamId: null });
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findWarehouse(tx, scope, id);
    if (!before) throw notFound('Warehouse not found');
    if (body.warehouseTeamId !== before.warehouseTeamId) await checkTeam(tx, agencyId, body.warehouseTeamId);
    if (await repo.codeTaken(tx, agencyId, body.code, id)) throw conflict(WAREHOUSE_MSG.codeTaken);
    await repo.updateWarehouse(tx, agencyId, id, {
      name: body.name, code: body.code, warehouseTeamId: body.warehouseTeamId, address: body.address, active: body.active,
      priority: body.priority, fees: { ...feesToCents(body.fees) },
    });
    await writeAudit(tx, { actorId: actor.userId, agencyId, entity: 'warehouse', entityId: id, action: 'update', before: toRow(before), after: body });
  });
  return { message: 'Update success', data: toRow((await repo.findWarehouse(ctx.db, scope, id))!) };
}

export async function detail(ctx: AppContext, actor: Actor, id: string) {
  const agencyId = agencyOf(actor);
  const row = await repo.findWarehouse(ctx.db, warehousesVisible({ kind: 'agency', agencyId, teamId: null }), id);
  if (!row) throw notFound('Warehouse not found');
  return { message: 'OK', data: toRow(row) };
}

/**
 * A count corrected by hand (found, lost, damaged), always with a reason: the agency's owner and staff anywhere in the
 * agency, the warehouse team in the warehouses it runs and of the products it sees (stocked or arriving at them: a
 * product it has never seen is 404, as on its reads). Never below what is reserved for approved orders.
 */
export async function adjust(ctx: AppContext, actor: Actor, warehouseId: string, body: { warehouseProductId: string; quantity: number; reason: string }) {
  const scope = warehouseScopeOf(actor);
  if (scope.kind === 'owner') throw forbidden();
  const level = await ctx.db.transaction(async (tx) => {
    const warehouse = await repo.findWarehouse(tx, warehousesVisible(scope), warehouseId);
    if (!warehouse) throw notFound('Warehouse not found');
    const [product] = await tx.select({ id: warehouseProducts.id, sku: warehouseProducts.sku }).from(warehouseProducts)
      .where(and(productsVisible(scope), eq(warehouseProducts.id, body.warehouseProductId)));
    if (!product) throw notFound('Warehouse product not found');
    try {
      const levels = await moveStock(tx, scope.agencyId, [{
        warehouseId, warehouseProductId: product.id, kind: 'adjust', quantity: Math.abs(body.quantity),
        direction: body.quantity > 0 ? 1 : -1, reason: body.reason, actorId: actor.userId,
      }]);
      await writeAudit(tx, { actorId: actor.userId, agencyId: scope.agencyId, entity: 'stock', entityId: product.id, action: 'adjust', after: { warehouse: warehouse.code, sku: product.sku, quantity: body.quantity }, reason: body.reason });
      return levels.get(`${warehouseId}:${product.id}`)!;
    } catch (error) {
      if (error instanceof StockRefusal) {
        const free = error.level.onHand - error.level.reserved;
        throw conflict(`Only ${free} units of ${product.sku} can be removed: ${error.level.onHand} on hand, ${error.level.reserved} reserved for approved orders`);
      }
      throw error;
    }
  });
  return { message: 'Stock adjusted', data: { onHand: level.onHand, reserved: level.reserved, available: level.onHand - level.reserved } };
}
