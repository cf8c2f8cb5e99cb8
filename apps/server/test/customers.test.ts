/**
 * Customers (docs/customers.md, issue 18 item 1): who sees which (a seller its team's, the agency its sellers', another
 * tenant none, agency staff nothing); the list's filters, sort, pages and export; the detail and its orders; customers
 * kept as orders are written: a CSV import links its buyers, an edited e-mail re-links the order and changes both
 * customers in one transaction, a cancel takes the order out of the spending, an erase removes a customer with no
 * other source; the backfill rebuilds customers of orders made before them, resuming where it stopped; and the
 * figures equal a recount after thousands of random order changes (fixed seed; CUSTOMER_PROPERTY_CHANGES for more).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CUSTOMER_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { teamNamed } from './helpers/orders';
import { sellerScope, shopifyCsv, uploadOrders } from './helpers/order-import-files';
import { executedRows } from '../src/db/client';
import { customerBackfills, customerOrders, customers, jobs, orders } from '../src/db/schema/index';
import { linkCustomers } from '../src/modules/customers';
import { CUSTOMER_BACKFILL_JOB } from '../src/modules/customers';
import { eraseBuyerData } from '../src/modules/privacy';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, SELLER_SUPPORT, SELLER_ACCOUNTING, OWNER, SUPPORT, STAFF, OTHER_OWNER, OTHER_SELLER, WAREHOUSE } = PERSONA;
const URL = '/api/customers';

type Item = { id: string; fullName: string; email: string; sellerTeamId: string; sellerTeamName: string; ordersCount: number; totalSpent: number; countryCode: string; lastOrderAt: string; sources: { stores: { id: string }[]; files: boolean } };

/** Customers whose stored figures or links differ from a recount of the orders: empty when the invariant holds. */
async function recountMismatches(): Promise<unknown[]> {
  const rows = executedRows<Record<string, unknown>>(await db().execute(sql`
    with counted as (
      select co.agency_id, co.customer_id, count(*)::int as n,
        coalesce(sum(o.total_price_cents) filter (where o.status <> 'Cancel'), 0)::bigint as spent,
        min(o.created_at) as first, max(o.created_at) as last
      from customer_orders co join orders o on o.id = co.order_id group by co.agency_id, co.customer_id
    )
    select c.id, c.orders_count, k.n, c.total_spent_cents, k.spent from customers c
    full join counted k on k.agency_id = c.agency_id and k.customer_id = c.id
    where k.customer_id is null or c.id is null or c.orders_count <> k.n or c.total_spent_cents <> k.spent
      or c.first_order_at <> k.first or c.last_order_at <> k.last
    union all
    -- an order linked to a customer of another key or team, or a buyer with no customer
    select o.id, null, null, null, null from orders o
    left join customer_orders co on co.agency_id = o.agency_id and co.order_id = o.id
    left join customers c on c.agency_id = co.agency_id and c.id = co.customer_id
    where (co.customer_id is null) <> (${sql.raw(keyOf('o'))} is null)
      or (c.id is not null and (c.seller_team_id <> o.seller_team_id or c.match_key <> ${sql.raw(keyOf('o'))}))
    limit 20`));
  return rows;
}

/** The key expression, as linkCustomers writes it, for the test's own recount (read from the SQL it generates). */
function keyOf(alias: string): string {
  return `(case when ${alias}.email like '%_@_%' and ${alias}.email <> '[erased]' then 'e:' || lower(btrim(${alias}.email))
    when btrim(${alias}.full_name) <> '' and ${alias}.full_name <> '[erased]'
      then 'n:' || btrim(regexp_replace(lower(${alias}.full_name), '[[:space:][:punct:]]+', ' ', 'g')) || '|'
        || btrim(regexp_replace(lower(${alias}.address1), '[[:space:][:punct:]]+', ' ', 'g')) || '|'
        || btrim(regexp_replace(lower(${alias}.zip_code), '[[:space:][:punct:]]+', ' ', 'g')) || '|' || upper(btrim(${alias}.country_code))
    else null end)`;
}

/** The customer an order is linked to, or null. */
async function customerOf(orderId: string): Promise<string | null> {
  const [row] = await db().select().from(customerOrders).where(eq(customerOrders.orderId, orderId));
  return row?.customerId ?? null;
}

/** A customer's orders. */
async function ordersOf(customerId: string) {
  const rows = await db().select({ order: orders }).from(customerOrders).innerJoin(orders, eq(orders.id, customerOrders.orderId)).where(eq(customerOrders.customerId, customerId));
  return rows.map((r) => r.order);
}

let demoTeamId: string;
let otherTeamId: string;

beforeAll(async () => {
  demoTeamId = (await teamNamed(db(), 'Demo Seller')).id;
  otherTeamId = (await teamNamed(db(), 'Other Seller')).id;
});

describe('who sees which customers', () => {
  it('the seeded orders all have their customers, equal to a recount', async () => {
    const [n] = executedRows<{ n: number }>(await db().execute(sql`select count(*)::int as n from customers`));
    expect(Number(n!.n)).toBeGreaterThan(50);
    expect(await recountMismatches()).toEqual([]);
  });

  it('a seller and its sub-users see their team\u2019s customers only; a returning buyer counts its orders', async () => {
    for (const who of [SELLER, SELLER_SUPPORT, SELLER_ACCOUNTING]) {
      const res = await call(who, 'GET', `${URL}?limit=200`);
      expect(res.status, who).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(10);
      expect(res.body.data.every((c: Item) => c.sellerTeamId === demoTeamId)).toBe(true);
    }
    const res = await call(SELLER, 'GET', `${URL}?limit=200&sort=orders&order=desc`);
    const top = res.body.data[0] as Item;
    expect(top.ordersCount).toBeGreaterThanOrEqual(2);
    const mine = await ordersOf(top.id);
    expect(mine.length).toBe(top.ordersCount);
    const spent = mine.filter((o) => o.status !== 'Cancel').reduce((s, o) => s + o.totalPriceCents, 0);
    expect(Math.round(top.totalSpent * 100)).toBe(spent);
  });

  it('the agency\u2019s owner and support see every team\u2019s customers, filter one team; staff and operators are refused', async () => {
    const all = await call(OWNER, 'GET', `${URL}?limit=200`);
    expect(new Set(all.body.data.map((c: Item) => c.sellerTeamName)).size).toBeGreaterThan(1);
    expect(all.body.data.some((c: Item) => c.sellerTeamId === otherTeamId)).toBe(false);
    const one = await call(SUPPORT, 'GET', `${URL}?limit=200&sellerTeam=${demoTeamId}`);
    expect(one.status).toBe(200);
    expect(one.body.data.every((c: Item) => c.sellerTeamId === demoTeamId)).toBe(true);
    expect((await call(STAFF, 'GET', URL)).status).toBe(403);
    expect((await call(WAREHOUSE, 'GET', URL)).status).toBe(403);
    expect((await call(null, 'GET', URL)).status).toBe(401);
  });

  it('another tenant sees none of them, and a seller\u2019s filter on another team is ignored', async () => {
    const demo = (await call(SELLER, 'GET', `${URL}?limit=1`)).body.data[0] as Item;
    expect((await call(OTHER_OWNER, 'GET', `${URL}/${demo.id}`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'GET', `${URL}/${demo.id}`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'GET', `${URL}/${demo.id}/orders`)).status).toBe(404);
    const other = await call(OTHER_OWNER, 'GET', `${URL}?limit=200`);
    expect(other.body.data.some((c: Item) => c.sellerTeamId === demoTeamId)).toBe(false);
    const asked = await call(OTHER_SELLER, 'GET', `${URL}?limit=200&sellerTeam=${demoTeamId}`);
    expect(asked.body.data.every((c: Item) => c.sellerTeamId === otherTeamId)).toBe(true);
    expect((await call(SELLER, 'GET', `${URL}/00000000-0000-0000-0000-000000000000`)).body.message).toBe(CUSTOMER_MSG.notFound);
  });
});

describe('the list', () => {
  it('searches name, e-mail and phone, trimmed, with % a plain character; filters by country and last order; pages', async () => {
    const some = (await call(SELLER, 'GET', `${URL}?limit=200`)).body.data as Item[];
    const pick = some.find((c) => c.email.includes('@'))!;
    const byName = await call(SELLER, 'GET', `${URL}?search=${encodeURIComponent(`  ${pick.fullName.split(' ')[1]} `)}`);
    expect(byName.body.data.map((c: Item) => c.id)).toContain(pick.id);
    const byMail = await call(SELLER, 'GET', `${URL}?search=${encodeURIComponent(pick.email.toUpperCase())}`);
    expect(byMail.body.data.map((c: Item) => c.id)).toEqual([pick.id]);
    expect((await call(SELLER, 'GET', `${URL}?search=%25`)).body.total).toBe(0);
    const country = await call(SELLER, 'GET', `${URL}?limit=200&country=${pick.countryCode.toLowerCase()}`);
    expect(country.body.data.length).toBeGreaterThan(0);
    expect(country.body.data.every((c: Item) => c.countryCode === pick.countryCode)).toBe(true);
    expect((await call(SELLER, 'GET', `${URL}?country=XX`)).status).toBe(400);
    const day = pick.lastOrderAt.slice(0, 10);
    const onDay = await call(SELLER, 'GET', `${URL}?limit=200&lastOrderFrom=${day}&lastOrderTo=${day}`);
    expect(onDay.body.data.map((c: Item) => c.id)).toContain(pick.id);
    expect(onDay.body.data.every((c: Item) => c.lastOrderAt.slice(0, 10) === day)).toBe(true);
    const page2 = await call(SELLER, 'GET', `${URL}?limit=10&page=2`);
    expect(page2.body).toMatchObject({ page: 2, limit: 10, total: some.length });
    expect((await call(SELLER, 'GET', `${URL}?limit=201`)).status).toBe(400);
  });

  it('sorts by total spent both ways, and by name', async () => {
    const asc = (await call(SELLER, 'GET', `${URL}?limit=200&sort=spent&order=asc`)).body.data.map((c: Item) => c.totalSpent);
    expect(asc).toEqual([...asc].sort((a: number, b: number) => a - b));
    const desc = (await call(SELLER, 'GET', `${URL}?limit=200&sort=spent&order=desc`)).body.data.map((c: Item) => c.totalSpent);
    expect(desc).toEqual([...asc].reverse());
    const names = (await call(SELLER, 'GET', `${URL}?limit=200&sort=name&order=asc`)).body.data.map((c: Item) => c.fullName.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('gives the detail with its addresses, its orders newest first, and the filter choices', async () => {
    const top = (await call(SELLER, 'GET', `${URL}?limit=1&sort=orders&order=desc`)).body.data[0] as Item;
    const detail = await call(SELLER, 'GET', `${URL}/${top.id}`);
    expect(detail.body.data).toMatchObject({ id: top.id, ordersCount: top.ordersCount });
    expect(detail.body.data.addresses.reduce((s: number, a: { orders: number }) => s + a.orders, 0)).toBe(top.ordersCount);
    const list = await call(SELLER, 'GET', `${URL}/${top.id}/orders?limit=10`);
    expect(list.body.total).toBe(top.ordersCount);
    const dates = list.body.data.map((o: { createdAt: string }) => o.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const options = await call(OWNER, 'GET', `${URL}/options`);
    expect(options.body.sellerTeams.map((s: { name: string }) => s.name)).toContain('Demo Seller');
    expect(options.body.countries.length).toBeGreaterThan(0);
    expect((await call(SELLER, 'GET', `${URL}/options`)).body.sellerTeams).toEqual([]);
    expect((await call(SELLER, 'GET', `${URL}/backfill`)).body.data.status).toBe('done');
  });

  it('exports the filters as CSV, a formula typed as a name written as text', async () => {
    const [order] = await db().select().from(orders).where(eq(orders.sellerTeamId, demoTeamId)).limit(1);
    await db().transaction(async (tx) => {
      await tx.update(orders).set({ fullName: '=HYPERLINK("http://x.test")', email: 'formula@example.com' }).where(eq(orders.id, order!.id));
      await linkCustomers(tx, order!.agencyId, [order!.id]);
    });
    const res = await call(SELLER, 'GET', `${URL}/export?search=formula%40example.com&format=csv`);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/api\/job-files\//);
    const file = await t.app.inject({ method: 'GET', url: res.body.url });
    const lines = file.rawPayload.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Phone,Address 1,Address 2,City,Province,Zip code,Country,Orders,Total spent,First order,Last order,Sources');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x.test"")"`);
    expect((await call(SELLER, 'GET', `${URL}/export?format=pdf`)).status).toBe(400);
  });
});

describe('kept as orders are written', () => {
  it('a CSV import links its buyers', async () => {
    const scope = await sellerScope(db());
    const names = ['#CUST-1', '#CUST-2', '#CUST-3'];
    const { importId } = await uploadOrders(t, 'customers.csv', shopifyCsv(names, scope.skus).text);
    await t.app.jobs.drain();
    const made = await db().select().from(orders).where(eq(orders.importId, importId));
    expect(made).toHaveLength(3);
    for (const o of made) expect(await customerOf(o.id)).not.toBeNull();
    const found = await call(SELLER, 'GET', `${URL}?search=b1%40example.com`);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({ fullName: 'Buyer, 1', sources: { files: true } });
    expect(await recountMismatches()).toEqual([]);
  });

  it('an edited e-mail moves the order to another customer and changes both in the same transaction', async () => {
    const [order] = await db().select().from(orders).where(and(eq(orders.sellerTeamId, demoTeamId), eq(orders.status, 'Unfulfilled'))).limit(1);
    const before = await customerOf(order!.id);
    const res = await call(SELLER, 'POST', `/api/orders/${order!.id}/customer/update`, { fullName: 'Moved Buyer', email: 'moved.buyer@example.com', phone: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [after] = await db().select().from(orders).where(eq(orders.id, order!.id));
    expect(await customerOf(after!.id)).not.toBe(before);
    const moved = (await call(SELLER, 'GET', `${URL}?search=moved.buyer`)).body.data as Item[];
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ ordersCount: 1, fullName: 'Moved Buyer' });
    expect(await recountMismatches()).toEqual([]);
  });

  it('a cancel takes the order out of the spending, keeps it in the count', async () => {
    const [order] = await db().select().from(orders).where(and(eq(orders.sellerTeamId, demoTeamId), eq(orders.status, 'Unfulfilled'), sql`${orders.totalPriceCents} > 0`)).limit(1);
    const [was] = await db().select().from(customers).where(eq(customers.id, (await customerOf(order!.id))!));
    const res = await call(SELLER, 'POST', '/api/orders/cancel', { ids: [order!.id], reason: 'Buyer changed their mind' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [now] = await db().select().from(customers).where(eq(customers.id, (await customerOf(order!.id))!));
    expect(now!.ordersCount).toBe(was!.ordersCount);
    expect(now!.totalSpentCents).toBe(was!.totalSpentCents - order!.totalPriceCents);
  });

  it('an erase removes a customer whose every order it erased', async () => {
    const [order] = await db().select().from(orders).where(and(eq(orders.sellerTeamId, demoTeamId), eq(orders.status, 'Cancel'), sql`${orders.email} like '%@%'`)).limit(1);
    const [customer] = await db().select().from(customers).where(eq(customers.id, (await customerOf(order!.id))!));
    const open = (await ordersOf(customer!.id)).filter((o) => o.status !== 'Cancel' && o.status !== 'Fulfilled');
    const out = await eraseBuyerData(db(), { agencyId: order!.agencyId, sellerTeamId: demoTeamId, buyer: { emails: [customer!.email] }, source: 'customers', requestKey: `test:${customer!.id}` });
    expect(out.waiting).toBe(open.length);
    const left = await db().select().from(customers).where(eq(customers.id, customer!.id));
    if (open.length === 0) expect(left).toEqual([]);
    else expect(left[0]!.ordersCount).toBe(open.length);
    expect(await recountMismatches()).toEqual([]);
  });
});

describe('the backfill', () => {
  it('rebuilds the customers of orders made before them, resuming where a stopped job left off', async () => {
    const [team] = await db().select().from(orders).where(eq(orders.sellerTeamId, otherTeamId)).limit(1);
    const agencyId = team!.agencyId;
    const before = executedRows<{ key: string; n: number; spent: string }>(await db().execute(sql`
      select seller_team_id || ' ' || match_key as key, orders_count as n, total_spent_cents::text as spent from customers where agency_id = ${agencyId} order by 1`));
    expect(before.length).toBeGreaterThan(5);
    await db().execute(sql`delete from customer_orders where agency_id = ${agencyId}`);
    await db().execute(sql`delete from customers where agency_id = ${agencyId}`);
    // Half done before a stop: the cursor stands after the first orders by id, which are linked already.
    const [mid] = executedRows<{ id: string }>(await db().execute(sql`select id from orders where agency_id = ${agencyId} order by id offset 9 limit 1`));
    const firstTen = executedRows<{ id: string }>(await db().execute(sql`select id from orders where agency_id = ${agencyId} order by id limit 10`)).map((r) => r.id);
    await db().transaction((tx) => linkCustomers(tx, agencyId, firstTen));
    await db().insert(customerBackfills).values({ agencyId, cursor: mid!.id, processed: 10, total: 0 });
    expect((await call(OTHER_OWNER, 'GET', `${URL}/backfill`)).body.data).toMatchObject({ status: 'running', processed: 10 });
    await t.app.jobs.enqueue(db(), { kind: CUSTOMER_BACKFILL_JOB, payload: { agencyId }, agencyId });
    await t.app.jobs.drain();
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, CUSTOMER_BACKFILL_JOB));
    expect(job!.status).toBe('done');
    const after = executedRows<{ key: string; n: number; spent: string }>(await db().execute(sql`
      select seller_team_id || ' ' || match_key as key, orders_count as n, total_spent_cents::text as spent from customers where agency_id = ${agencyId} order by 1`));
    expect(after).toEqual(before);
    expect((await call(OTHER_OWNER, 'GET', `${URL}/backfill`)).body.data.status).toBe('done');
    expect(await recountMismatches()).toEqual([]);
  });
});

describe('the figures equal a recount', () => {
  it('after thousands of random order changes (e-mail, name, address, total, cancel), linked a batch at a time', async () => {
    const changes = Number(process.env.CUSTOMER_PROPERTY_CHANGES ?? 2_000);
    let x = 20261207;
    const rand = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pool = await db().select({ id: orders.id, agencyId: orders.agencyId }).from(orders).where(eq(orders.sellerTeamId, demoTeamId));
    const agencyId = pool[0]!.agencyId;
    const buyers = ['ann@example.com', 'bob@example.com', 'cy@example.com', '', ''];
    const names = ['Ann Lee', 'Bob Stone', 'Cy Young', '  ann   lee ', ''];
    const BATCH = 20;
    for (let done = 0; done < changes; done += BATCH) {
      await db().transaction(async (tx) => {
        const touched: string[] = [];
        for (let i = 0; i < BATCH; i++) {
          const o = pool[Math.floor(rand() * pool.length)]!;
          const r = rand();
          const patch =
            r < 0.3 ? { email: buyers[Math.floor(rand() * buyers.length)]! }
            : r < 0.55 ? { fullName: names[Math.floor(rand() * names.length)]! }
            : r < 0.7 ? { address1: rand() < 0.5 ? '1 Main St' : '1 main st.' }
            : r < 0.9 ? { totalPriceCents: Math.floor(rand() * 10_000) }
            : { status: rand() < 0.5 ? 'Cancel' : 'Unfulfilled' };
          await tx.update(orders).set(patch).where(eq(orders.id, o.id));
          touched.push(o.id);
        }
        await linkCustomers(tx, agencyId, touched);
      });
    }
    expect(await recountMismatches()).toEqual([]);
  }, 180_000);
});
