import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ORDER_ATTENTION_KEYS, WAREHOUSE_MSG, type OrderAttentionKey, type OrderNotifications } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { executedRows } from '../src/db/client';
import { orderItems, orders, sellerTeams, stores } from '../src/db/schema/index';
import { orderConditions } from '../src/modules/orders/order-filters';

/**
 * GET /api/orders/notification/all (docs/decisions.md "Order notifications"): the orders that need someone, per kind
 * and in all, in the caller's order scope; each count is what `GET /api/orders?attention=<key>` lists. Fixture orders
 * are named N4-… so the lists can be narrowed to them whatever the demo seed holds.
 */
const t = useApiTest();
const { call } = t;
const { OWNER, SUPPORT, STAFF, DESIGNER, SELLER, SELLER_DESIGNER, OTHER_OWNER, OTHER_SELLER, WAREHOUSE } = PERSONA;
const URL = '/api/orders/notification/all';

type Team = { id: string; agencyId: string };
let demo: Team;
let paw: Team;
let other: Team;
let demoStore: string;

async function team(name: string): Promise<Team> {
  const [row] = await t.database.db.select({ id: sellerTeams.id, agencyId: sellerTeams.agencyId }).from(sellerTeams).where(eq(sellerTeams.name, name));
  return row!;
}

async function addOrder(name: string, owner: Team, values: Partial<typeof orders.$inferInsert>, items: Partial<typeof orderItems.$inferInsert>[] = []) {
  const [row] = await t.database.db
    .insert(orders)
    .values({ agencyId: owner.agencyId, sellerTeamId: owner.id, orderName: name, addressStatus: 1, itemCount: items.length, ...values })
    .returning({ id: orders.id });
  for (const [position, item] of items.entries()) {
    await t.database.db.insert(orderItems).values({ orderId: row!.id, agencyId: owner.agencyId, sellerTeamId: owner.id, position, sku: `N4-${position}`, ...item });
  }
}

async function notifications(who: string): Promise<OrderNotifications> {
  const res = await call(who, 'GET', URL);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const countOf = (n: OrderNotifications, key: OrderAttentionKey) => n.items.find((i) => i.key === key)!.count;

/** The fixture orders a persona's filtered list shows. */
async function listed(who: string, key: OrderAttentionKey): Promise<string[]> {
  const res = await call(who, 'GET', `/api/orders?attention=${key}&search=N4-&limit=200`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { orderName: string }[]).map((o) => o.orderName).sort();
}

/** Every order of a persona's filtered list (all pages), by id. */
async function listedIds(who: string, key: OrderAttentionKey): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await call(who, 'GET', `/api/orders?attention=${key}&limit=200&page=${page}`);
    expect(res.status).toBe(200);
    ids.push(...(res.body.data as { id: string }[]).map((o) => o.id));
    if (ids.length >= res.body.total || res.body.data.length === 0) return ids;
  }
}

/** Which fixtures each kind holds, per scope (the near misses are in no list). */
const DEMO: Record<OrderAttentionKey, string[]> = {
  onHold: ['N4-HOLD'],
  rejected: ['N4-REJECTED-ADDRESS'],
  cannotShip: ['N4-SHIP'],
  addressInvalid: ['N4-ADDRESS', 'N4-REJECTED-ADDRESS'],
  needsMapping: ['N4-MAP-STORE', 'N4-MAP-VARIANT'],
  awaitingStock: ['N4-STOCK'],
  designInReview: ['N4-DESIGN'],
};
const PAW: Partial<Record<OrderAttentionKey, string[]>> = { rejected: ['N4-PAW-REJECTED'] };
const OTHER: Partial<Record<OrderAttentionKey, string[]>> = { rejected: ['N4-OTHER'], addressInvalid: ['N4-OTHER'] };
const names = (...maps: Partial<Record<OrderAttentionKey, string[]>>[]) => (key: OrderAttentionKey) => maps.flatMap((m) => m[key] ?? []).sort();

let before: Map<string, OrderNotifications>;
const WHO = [OWNER, SELLER, OTHER_OWNER, OTHER_SELLER];

beforeAll(async () => {
  demo = await team('Demo Seller');
  paw = await team('Paw Prints Co');
  other = await team('Other Seller');
  [{ id: demoStore }] = (await t.database.db.select({ id: stores.id }).from(stores).where(eq(stores.name, 'Demo Tees'))) as [{ id: string }];
  before = new Map();
  for (const who of WHO) before.set(who, await notifications(who));

  const unmapped = { catalogVariantId: null, title: 'Unmapped line' };
  // One of each kind, and its near misses.
  await addOrder('N4-HOLD', demo, { status: 'Hold', heldBy: 'seller', holdFromStatus: 'InReview', statusReason: 'Customer asked to wait' });
  await addOrder('N4-STOCK', demo, { status: 'Hold', heldBy: 'agency', holdFromStatus: 'InReview', statusReason: WAREHOUSE_MSG.awaitingStock });
  await addOrder('N4-REJECTED-ADDRESS', demo, { status: 'Rejected', statusReason: 'Bad address', addressStatus: 0 });
  await addOrder('N4-SHIP', demo, { status: 'Unfulfilled', cannotShip: true });
  await addOrder('N4-SHIP-IGNORED', demo, { status: 'Unfulfilled', cannotShip: true, ignoreCannotShip: true });
  await addOrder('N4-SHIP-IN-PRODUCTION', demo, { status: 'InProduction', cannotShip: true });
  await addOrder('N4-ADDRESS', demo, { status: 'InReview', addressStatus: 0 });
  await addOrder('N4-ADDRESS-FULFILLED', demo, { status: 'Fulfilled', addressStatus: 0 });
  await addOrder('N4-ADDRESS-CANCELLED', demo, { status: 'Cancel', addressStatus: 0 });
  await addOrder('N4-MAP-VARIANT', demo, { status: 'Unfulfilled' }, [{ ...unmapped, productVariantId: crypto.randomUUID() }]);
  await addOrder('N4-MAP-STORE', demo, { status: 'Unfulfilled', storeId: demoStore, externalId: 'n4-store-1' }, [unmapped]);
  // A file order's unknown line is not a mapping to make; a cancelled line needs nothing.
  await addOrder('N4-MAP-FILE-LINE', demo, { status: 'Unfulfilled' }, [unmapped]);
  await addOrder('N4-MAP-CANCELLED-LINE', demo, { status: 'Unfulfilled' }, [{ ...unmapped, productVariantId: crypto.randomUUID(), status: 'Cancel' }]);
  await addOrder('N4-MAP-IN-TRANSIT', demo, { status: 'InTransit' }, [{ ...unmapped, productVariantId: crypto.randomUUID() }]);
  await addOrder('N4-DESIGN', demo, { status: 'Approved', hireDesignStatus: 'in_review' });
  await addOrder('N4-DESIGN-ASSIGNED', demo, { status: 'Approved', hireDesignStatus: 'assign' });
  await addOrder('N4-DESIGN-IN-PRODUCTION', demo, { status: 'InProduction', hireDesignStatus: 'in_review' });
  await addOrder('N4-FINE', demo, { status: 'InReview' });
  // Another team of the agency, and another agency.
  await addOrder('N4-PAW-REJECTED', paw, { status: 'Rejected', statusReason: 'No' });
  await addOrder('N4-OTHER', other, { status: 'Rejected', statusReason: 'No', addressStatus: 0 });
});

describe('GET /api/orders/notification/all', () => {
  it('answers every kind, in order, with the cap', async () => {
    const n = await notifications(OWNER);
    expect(n.items.map((i) => i.key)).toEqual([...ORDER_ATTENTION_KEYS]);
    expect(n.cap).toBe(1000);
    expect(n.items.every((i) => !i.capped)).toBe(true);
  });

  it.each(ORDER_ATTENTION_KEYS)('%s: counts exactly its orders, in the scope of each role', async (key) => {
    const expected: [string, string[]][] = [
      [OWNER, names(DEMO, PAW)(key)],
      [SELLER, names(DEMO)(key)],
      [OTHER_OWNER, names(OTHER)(key)],
      [OTHER_SELLER, names(OTHER)(key)],
    ];
    for (const [who, fixtures] of expected) {
      expect(await listed(who, key), `${who} ${key}`).toEqual(fixtures);
      expect(countOf(await notifications(who), key) - countOf(before.get(who)!, key), `${who} ${key}`).toBe(fixtures.length);
    }
  });

  it('each count is the total of the list it links to, and the total counts an order of two kinds once', async () => {
    for (const who of [OWNER, SUPPORT, SELLER, SELLER_DESIGNER, OTHER_OWNER]) {
      const n = await notifications(who);
      const any = new Set<string>();
      for (const key of ORDER_ATTENTION_KEYS) {
        const ids = await listedIds(who, key);
        expect(new Set(ids).size, `${who} ${key}`).toBe(countOf(n, key));
        ids.forEach((id) => any.add(id));
      }
      expect(n.total, who).toBe(any.size);
      expect(n.totalCapped).toBe(false);
    }
    // N4-REJECTED-ADDRESS is rejected and has an invalid address: one more order, two more counts.
    const now = await notifications(SELLER);
    const was = before.get(SELLER)!;
    expect(now.total - was.total).toBe(new Set(Object.values(DEMO).flat()).size);
  });

  it("never counts another agency's orders, and a seller counts its own team only", async () => {
    const owner = await notifications(OWNER);
    const seller = await notifications(SELLER);
    // The agency sees the Paw Prints team's rejected order, the Demo Seller does not.
    expect(countOf(owner, 'rejected') - countOf(before.get(OWNER)!, 'rejected')).toBe(2);
    expect(countOf(seller, 'rejected') - countOf(before.get(SELLER)!, 'rejected')).toBe(1);
    // The other agency's order moved only the other agency's counts.
    for (const who of [OTHER_OWNER, OTHER_SELLER]) {
      expect((await notifications(who)).total - before.get(who)!.total).toBe(1);
    }
  });

  it('refuses the roles without the order lists (403) and nobody (401)', async () => {
    for (const who of [DESIGNER, STAFF, WAREHOUSE]) expect((await call(who, 'GET', URL)).status, who).toBe(403);
    expect((await call(null, 'GET', URL)).status).toBe(401);
  });

  it('the filter is checked: an unknown kind is a 400', async () => {
    expect((await call(OWNER, 'GET', '/api/orders?attention=everything')).status).toBe(400);
    expect((await call(OWNER, 'GET', '/api/orders/counts?attention=rejected')).status).toBe(200);
  });

  it.each([
    ['cannotShip', 'orders_cannot_ship_open_idx'],
    ['addressInvalid', 'orders_address_invalid_open_idx'],
    ['awaitingStock', 'orders_awaiting_stock_idx'],
  ] as const)('%s is read through its partial index (%s), for the agency and for a team', async (key, index) => {
    for (const sellerTeamId of [null, demo.id]) {
      const where = orderConditions({ agencyId: demo.agencyId, sellerTeamId, designRequestsOnly: false }, { attention: key });
      const plan = executedRows<Record<string, string>>(
        await t.database.db.execute(sql`explain select ${orders.id} from ${orders} where ${where} order by ${orders.createdAt} desc, ${orders.id} desc limit 1001`),
      ).map((row) => Object.values(row)[0]).join('\n');
      expect(plan, plan).toContain(index);
    }
  });

  it('caps a count like the tab counts, and the total with it', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({
      agencyId: other.agencyId, sellerTeamId: other.id, orderName: `N4-MANY-${i}`, status: 'Rejected', addressStatus: 1,
    }));
    await t.database.db.insert(orders).values(many);
    const n = await notifications(OTHER_SELLER);
    expect(n.items.find((i) => i.key === 'rejected')).toEqual({ key: 'rejected', count: 1000, capped: true });
    expect(n).toMatchObject({ total: 1000, totalCapped: true });
    expect(n.items.find((i) => i.key === 'addressInvalid')).toMatchObject({ capped: false });
  });
});
