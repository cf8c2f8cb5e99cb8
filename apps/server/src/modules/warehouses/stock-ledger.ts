/**
 * The stock ledger (docs/warehouses.md), built like the money ledger: every change is an immutable movement, and the
 * level it changes is written in the same transaction under its row lock. Levels are locked in one order (warehouse,
 * then product), so two transactions moving the same products never deadlock; a movement the rules refuse throws
 * StockRefusal and the caller's transaction undoes the whole batch (an approval holds or refuses its order).
 * In the same transaction: a level falling to its low-stock threshold alerts once (stock-alerts.ts), and every team
 * whose available units changed gets its store stock push queued (stock-push.job.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { stockLevels, stockMovements, warehouseProducts } from '../../db/schema/index';
import { alertStep, tellLowStock, type LowStockAlert } from './stock-alerts';
import { queueStockPush } from './stock-push.job';
import { applyMove, available, deltasOf, refusal, type Level, type MoveRequest } from './stock-rules';

export interface StockMove extends MoveRequest {
  warehouseId: string;
  warehouseProductId: string;
  orderId?: string | null;
  orderItemId?: string | null;
  shipmentId?: string | null;
  inboundShipmentId?: string | null;
  reason?: string | null;
  actorId?: string | null;
}

export class StockRefusal extends Error {
  constructor(
    readonly why: NonNullable<ReturnType<typeof refusal>>,
    readonly move: StockMove,
    readonly level: Level,
  ) {
    super(`Stock movement refused (${why}): ${move.kind} ${move.quantity} of ${move.warehouseProductId} with ${level.onHand} on hand, ${level.reserved} reserved`);
  }
}

const placeKey = (m: { warehouseId: string; warehouseProductId: string }) => `${m.warehouseId}:${m.warehouseProductId}`;

/** Applies the movements in the caller's transaction; answers the levels as they are after them. */
export async function moveStock(tx: Tx, agencyId: string, moves: StockMove[]): Promise<Map<string, Level>> {
  if (moves.length === 0) return new Map();
  const places = [...new Map(moves.map((m) => [placeKey(m), m])).values()].sort((a, b) => placeKey(a).localeCompare(placeKey(b)));
  // A place seen for the first time gets its level row, then every level is locked in one order.
  await tx.insert(stockLevels).values(places.map((p) => ({ agencyId, warehouseId: p.warehouseId, warehouseProductId: p.warehouseProductId }))).onConflictDoNothing();
  // The product's threshold and owner come along (only the levels are locked): the alert and the push need them.
  const rows = await tx
    .select({
      id: stockLevels.id, warehouseId: stockLevels.warehouseId, warehouseProductId: stockLevels.warehouseProductId, onHand: stockLevels.onHand, reserved: stockLevels.reserved,
      lowAlerted: stockLevels.lowAlerted, threshold: sql<number>`coalesce(${stockLevels.lowThreshold}, ${warehouseProducts.lowThreshold})::int`, ownerTeamId: warehouseProducts.ownerTeamId,
    })
    .from(stockLevels)
    .innerJoin(warehouseProducts, and(eq(warehouseProducts.agencyId, stockLevels.agencyId), eq(warehouseProducts.id, stockLevels.warehouseProductId)))
    .where(and(eq(stockLevels.agencyId, agencyId), inArray(stockLevels.warehouseId, [...new Set(places.map((p) => p.warehouseId))]), inArray(stockLevels.warehouseProductId, [...new Set(places.map((p) => p.warehouseProductId))])))
    .orderBy(asc(stockLevels.warehouseId), asc(stockLevels.warehouseProductId))
    .for('update', { of: stockLevels });
  const levels = new Map(rows.map((r) => [placeKey(r), { onHand: r.onHand, reserved: r.reserved }]));
  for (const move of moves) {
    const level = levels.get(placeKey(move))!;
    const why = refusal(level, move);
    if (why) throw new StockRefusal(why, move, level);
    levels.set(placeKey(move), applyMove(level, move));
  }
  await tx.insert(stockMovements).values(moves.map((m) => {
    const d = deltasOf(m);
    return {
      agencyId, warehouseId: m.warehouseId, warehouseProductId: m.warehouseProductId, kind: m.kind, onHandDelta: d.onHand, reservedDelta: d.reserved,
      orderId: m.orderId ?? null, orderItemId: m.orderItemId ?? null, shipmentId: m.shipmentId ?? null, inboundShipmentId: m.inboundShipmentId ?? null,
      reason: m.reason ?? null, actorId: m.actorId ?? null,
    };
  }));
  const alerts: LowStockAlert[] = [];
  const teamsToPush = new Set<string>();
  for (const r of rows) {
    const next = levels.get(placeKey(r))!;
    if (next.onHand === r.onHand && next.reserved === r.reserved) continue;
    const before = available(r);
    const after = available(next);
    const step = alertStep(before, after, Number(r.threshold), r.lowAlerted);
    if (step === 'alert') alerts.push({ warehouseId: r.warehouseId, warehouseProductId: r.warehouseProductId, available: after });
    if (after !== before) teamsToPush.add(r.ownerTeamId);
    await tx.update(stockLevels)
      .set({ onHand: next.onHand, reserved: next.reserved, ...(step ? { lowAlerted: step === 'alert' } : {}), updatedAt: sql`now()` })
      .where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.id, r.id)));
  }
  // Told and queued in this transaction: a batch rolled back alerts no one and pushes nothing.
  await tellLowStock(tx, agencyId, alerts);
  for (const teamId of [...teamsToPush].sort()) await queueStockPush(tx, agencyId, teamId);
  return levels;
}
