/**
 * The stock ledger (docs/warehouses.md, issue 17 item 7): the rules of each movement, the invariants after 10,000
 * random movements (on hand = the sum of the movements, 0 <= reserved <= on hand, a refused batch leaves nothing), and
 * 50 concurrent reservations competing for the last 10 units reserving exactly 10.
 * Fixed seed; STOCK_PROPERTY_MOVES sets the number of movements (default 10,000, in batches of 5).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { teamNamed } from './helpers/orders';
import { stockLevels, stockMovements, warehouseProducts, warehouses } from '../src/db/schema/index';
import { applyMove, moveStock, refusal, StockRefusal, type Level, type MoveRequest, type StockMove } from '../src/modules/warehouses';

const MOVES = Number(process.env.STOCK_PROPERTY_MOVES ?? 10_000);
/** Movements per transaction: a refused one undoes its batch, so batches stay small enough for most to pass. */
const BATCH = 5;
const t = useApiTest();
const db = () => t.database.db;
let agencyId: string;
let warehouseId: string;
const products: string[] = [];

beforeAll(async () => {
  const team = await teamNamed(db(), 'Demo Seller');
  agencyId = team.agencyId;
  const [w] = await db().insert(warehouses).values({ agencyId, name: 'Stock test', code: `ST-${Date.now()}`, warehouseTeamId: team.id }).returning();
  warehouseId = w!.id;
  for (const sku of ['STOCK-A', 'STOCK-B', 'STOCK-RACE']) {
    const [p] = await db().insert(warehouseProducts).values({ agencyId, ownerTeamId: team.id, sku, name: sku }).returning();
    products.push(p!.id);
  }
});

const level = async (productId: string) =>
  (await db().select().from(stockLevels).where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.warehouseProductId, productId))))[0];
const sums = async (productId: string) =>
  (await db().select({ onHand: sql<number>`coalesce(sum(${stockMovements.onHandDelta}), 0)::int`, reserved: sql<number>`coalesce(sum(${stockMovements.reservedDelta}), 0)::int` })
    .from(stockMovements).where(and(eq(stockMovements.agencyId, agencyId), eq(stockMovements.warehouseProductId, productId))))[0]!;

describe('stock rules', () => {
  const at = (onHand: number, reserved: number): Level => ({ onHand, reserved });
  it('each kind moves on hand and reserved as the ledger says', () => {
    expect(applyMove(at(5, 1), { kind: 'receipt', quantity: 3 })).toEqual(at(8, 1));
    expect(applyMove(at(5, 1), { kind: 'reserve', quantity: 2 })).toEqual(at(5, 3));
    expect(applyMove(at(5, 3), { kind: 'release', quantity: 2 })).toEqual(at(5, 1));
    expect(applyMove(at(5, 3), { kind: 'ship', quantity: 2 })).toEqual(at(3, 1));
    expect(applyMove(at(5, 1), { kind: 'return', quantity: 1 })).toEqual(at(6, 1));
    expect(applyMove(at(5, 1), { kind: 'adjust', quantity: 2, direction: -1 })).toEqual(at(3, 1));
    expect(applyMove(at(5, 1), { kind: 'transfer-out', quantity: 4 })).toEqual(at(1, 1));
  });
  it('refuses what would leave reserved above on hand or below zero, and quantities that are not positive integers', () => {
    expect(refusal(at(5, 4), { kind: 'reserve', quantity: 2 })).toBe('insufficient');
    expect(refusal(at(5, 1), { kind: 'release', quantity: 2 })).toBe('not-reserved');
    expect(refusal(at(5, 1), { kind: 'ship', quantity: 2 })).toBe('not-reserved');
    expect(refusal(at(5, 5), { kind: 'adjust', quantity: 1, direction: -1 })).toBe('insufficient');
    expect(refusal(at(5, 0), { kind: 'transfer-out', quantity: 6 })).toBe('insufficient');
    expect(refusal(at(5, 0), { kind: 'receipt', quantity: 0 })).toBe('quantity');
    expect(refusal(at(5, 0), { kind: 'receipt', quantity: 1.5 })).toBe('quantity');
    expect(refusal(at(5, 0), { kind: 'reserve', quantity: 5 })).toBeNull();
  });
});

describe('stock ledger', () => {
  it(`keeps its invariants over ${MOVES} random movements, a refused batch leaving nothing`, { timeout: 600_000 }, async () => {
    const move: fc.Arbitrary<MoveRequest & { product: number }> = fc.record({
      product: fc.nat(1),
      kind: fc.constantFrom('receipt', 'receipt', 'receipt', 'reserve', 'reserve', 'reserve', 'release', 'ship', 'ship', 'return', 'adjust', 'transfer-out'),
      quantity: fc.integer({ min: 1, max: 6 }),
      direction: fc.constantFrom(1 as const, -1 as const),
    });
    const sequence = fc.sample(move, { numRuns: MOVES, seed: 20_261_125 });
    const model = [{ onHand: 0, reserved: 0 }, { onHand: 0, reserved: 0 }];
    let refusedBatches = 0;
    for (let i = 0; i < sequence.length; i += BATCH) {
      const batch = sequence.slice(i, i + BATCH);
      // The model's answer first: the whole batch applies, or none of it.
      const next = model.map((l) => ({ ...l }));
      const ok = batch.every((m) => {
        if (refusal(next[m.product]!, m)) return false;
        next[m.product] = applyMove(next[m.product]!, m);
        return true;
      });
      const moves: StockMove[] = batch.map((m) => ({ ...m, warehouseId, warehouseProductId: products[m.product]! }));
      const result = await db().transaction((tx) => moveStock(tx, agencyId, moves)).then(() => true, (err: unknown) => {
        if (!(err instanceof StockRefusal)) throw err;
        return false;
      });
      expect(result, `batch at ${i}`).toBe(ok);
      if (ok) next.forEach((l, p) => (model[p] = l));
      else refusedBatches++;
    }
    for (const p of [0, 1]) {
      const row = await level(products[p]!);
      expect({ onHand: row!.onHand, reserved: row!.reserved }).toEqual(model[p]);
      expect(await sums(products[p]!)).toEqual(model[p]);
      expect(row!.reserved).toBeGreaterThanOrEqual(0);
      expect(row!.reserved).toBeLessThanOrEqual(row!.onHand);
    }
    // The sequence must exercise both outcomes, or the test could not fail.
    expect(refusedBatches).toBeGreaterThan(0);
    expect(refusedBatches).toBeLessThan(Math.ceil(MOVES / BATCH));
  });

  it('50 concurrent reservations competing for the last 10 units reserve exactly 10', async () => {
    const race = products[2]!;
    await db().transaction((tx) => moveStock(tx, agencyId, [{ kind: 'receipt', quantity: 10, warehouseId, warehouseProductId: race }]));
    const outcomes = await Promise.all(Array.from({ length: 50 }, () =>
      db().transaction((tx) => moveStock(tx, agencyId, [{ kind: 'reserve', quantity: 1, warehouseId, warehouseProductId: race }])).then(() => 'reserved', (err: unknown) => {
        if (err instanceof StockRefusal && err.why === 'insufficient') return 'refused';
        throw err;
      })));
    expect(outcomes.filter((o) => o === 'reserved')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(40);
    expect(await level(race)).toMatchObject({ onHand: 10, reserved: 10 });
    expect(await sums(race)).toEqual({ onHand: 10, reserved: 10 });
  });
});
