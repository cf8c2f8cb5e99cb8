/**
 * The exactly-once property of orders from stores (docs/stores.md, "Orders from stores"), run against any platform's
 * fake through a small driver: over random interleavings of a shop's order changes (create, address changes,
 * cancel) with their webhook deliveries duplicated, reordered and missed, job runs and pulls at random points, and a
 * final reconciliation pull, every shop order exists at most once; one the shop did not cancel exists exactly once
 * with the shop's latest address; one it cancelled is cancelled here or was never imported. A platform without order
 * webhooks (Etsy) has no deliveries: its orders arrive by pulls only, and the same must hold.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiTest } from './api';
import { PERSONA } from './personas';
import { orders } from '../../src/db/schema/index';

export const PROPERTY_RUNS = Number(process.env.STORE_ORDERS_PROPERTY_RUNS ?? 12);
export const PROPERTY_SEED = 20_261_125;
export const STREETS = ['1 Main Street', '2 Oak Avenue', '3 Pine Road', '4 Birch Lane'];

/** One order as the shop holds it now. */
export interface ShopOrderState {
  /** orders.external_id of it once imported. */
  externalId: string;
  name: string;
  cancelled: boolean;
  address1: string | null;
}

/** What the property needs of a platform's fake. */
export interface PropertyShop<D> {
  create(): Promise<ShopOrderState>;
  setAddress(order: ShopOrderState, street: string): Promise<void>;
  cancel(order: ShopOrderState): Promise<void>;
  /** The fake's order deliveries made so far (none for a platform without webhooks). */
  deliveries(): D[];
  /** Delivers one to the app as the platform would (signed); the app answers 200. */
  send(delivery: D): Promise<void>;
  /** The order as the shop holds it now. */
  latest(order: ShopOrderState): ShopOrderState;
}

type Op =
  | { kind: 'create' }
  | { kind: 'address'; order: number; street: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'deliver'; pick: number; twice: boolean }
  | { kind: 'drop'; pick: number }
  | { kind: 'drain' }
  | { kind: 'pull' };

export const propertyOps: fc.Arbitrary<Op[]> = fc.array(
  fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: 'create' as const }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('address' as const), order: fc.nat(3), street: fc.nat(STREETS.length - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(3) }) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(20), twice: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat(20) }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'drain' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'pull' as const }) },
  ),
  { minLength: 3, maxLength: 24 },
);

/** Every sequence starts with an order already imported, so the changes that follow meet an existing order. */
const IMPORTED_FIRST: Op[] = [{ kind: 'create' }, { kind: 'deliver', pick: 0, twice: false }, { kind: 'drain' }, { kind: 'pull' }];

export function propertyRunner<D>(t: ApiTest, storeId: () => string, shop: PropertyShop<D>) {
  const db = () => t.database.db;
  async function pull() {
    const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await t.call(PERSONA.SELLER, 'POST', `/api/stores/${storeId()}/pull-orders`, { since })).status).toBe(202);
    await t.app.jobs.drain();
  }
  return async function run(tail: Op[]) {
    const made: ShopOrderState[] = [];
    const pending: D[] = [];
    for (const o of [...IMPORTED_FIRST, ...tail]) {
      const seen = shop.deliveries().length;
      if (o.kind === 'create' && made.length < 4) made.push(await shop.create());
      const target = made[(o as { order?: number }).order ?? 0];
      const live = target && !shop.latest(target).cancelled;
      if (o.kind === 'address' && live) await shop.setAddress(target, STREETS[o.street]!);
      if (o.kind === 'cancel' && live) await shop.cancel(target);
      pending.push(...shop.deliveries().slice(seen));
      if (o.kind === 'deliver' && pending.length) {
        const [d] = pending.splice(o.pick % pending.length, 1);
        await shop.send(d!);
        if (o.twice) await shop.send(d!);
      }
      if (o.kind === 'drop' && pending.length) pending.splice(o.pick % pending.length, 1);
      if (o.kind === 'drain') await t.app.jobs.drain();
      if (o.kind === 'pull') await pull();
    }
    // Whatever was delivered or lost, the reconciliation brings the rest.
    await t.app.jobs.drain();
    await pull();
    for (const ref of made) {
      const now = shop.latest(ref);
      const rows = await db().select().from(orders).where(and(eq(orders.storeId, storeId()), eq(orders.externalId, now.externalId)));
      expect(rows.length, now.name).toBeLessThanOrEqual(1);
      if (!now.cancelled) {
        expect(rows, now.name).toHaveLength(1);
        expect(rows[0]!.address1, now.name).toBe(now.address1);
        expect(rows[0]!.status, now.name).toBe('Unfulfilled');
      } else if (rows.length) {
        expect(rows[0]!.status, now.name).toBe('Cancel');
      }
    }
  };
}

export const assertProperty = (run: (ops: Op[]) => Promise<void>) =>
  fc.assert(fc.asyncProperty(propertyOps, run), { numRuns: PROPERTY_RUNS, seed: PROPERTY_SEED, endOnFailure: true });
