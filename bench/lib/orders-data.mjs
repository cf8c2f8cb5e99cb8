// The order list at scale: 1,000,000 orders (and their items) generated set-based inside
// PostgreSQL for the demo agency's seller teams, spread over a year, every status, so the list's
// first page, page 500 and its filters are measured on a realistic table.
import pg from 'pg';

export const ORDER_SHAPE = { orders: 1_000_000, batch: 100_000, days: 365 };

const STATUSES = ['Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected', 'Cancel', 'InProduction', 'InTransit', 'Fulfilled', 'PartiallyFulfilled', 'CancelShipment'];

/** Drops and re-creates the bench database (never the test or demo ones). */
export async function recreateDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  // A helper's own prefix may come first (fbo_ingest_bench): the name still says it is a bench database.
  if (!/^fbo_(\w+_)?bench\w*$/.test(name)) throw new Error(`refusing to recreate ${name}: a bench database's name is fbo_bench… or fbo_<prefix>_bench…`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * Inserts ORDER_SHAPE.orders orders for the teams of the agency 'Demo Fulfilment' (seeded by the
 * server's first start), in batches, each with one item (every third with two) of a real catalog
 * variant; then VACUUM ANALYZE. Answers how long the generation took.
 */
export async function generateOrders(url, { orders = ORDER_SHAPE.orders, log = console.log } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    const { rows: [agency] } = await client.query(`select id from agencies where name = 'Demo Fulfilment'`);
    if (!agency) throw new Error('the demo agency is missing: start the server once to seed');
    const { rows: [{ teams }] } = await client.query(`select count(*)::int as teams from seller_teams where agency_id = $1`, [agency.id]);
    await client.query(`create temporary table bench_teams as
      select row_number() over (order by id) - 1 as n, id from seller_teams where agency_id = $1`, [agency.id]);
    await client.query(`create temporary table bench_variants as
      select row_number() over (order by v.id) - 1 as n, v.id, v.catalog_id, v.catalog_variant_code as sku, v.color, v.size
      from catalog_variants v join agency_catalogs ac on ac.catalog_id = v.catalog_id and ac.agency_id = $1`, [agency.id]);
    const { rows: [{ variants }] } = await client.query(`select count(*)::int as variants from bench_variants`);
    const statuses = `array[${STATUSES.map((s) => `'${s}'`).join(',')}]`;
    for (let from = 1; from <= orders; from += ORDER_SHAPE.batch) {
      const to = Math.min(orders, from + ORDER_SHAPE.batch - 1);
      await client.query('begin');
      // uuidv7-like ids are not needed for the bench: gen_random_uuid() keeps the generator set-based.
      // One statement per batch: the orders, then their items from what the insert returned.
      await client.query(`
        with o as (
          insert into orders (id, agency_id, seller_team_id, order_name, status, full_name, email, address1, city, province, zip_code,
            country, country_code, address_status, total_price_cents, sub_total_price_cents, item_count, order_type, created_at, updated_at)
          select gen_random_uuid(), $1, t.id, 'BENCH-' || g, (${statuses})[1 + (g % ${STATUSES.length})],
            'Customer ' || g, 'customer' || g || '@bench.test', (g % 9000 + 100) || ' Main St', 'Springfield', 'IL', lpad((g % 99999)::text, 5, '0'),
            'United States', 'US', (g % 4)::smallint, 2000 + (g % 5000), 2000 + (g % 5000), 1 + (g % 3 = 0)::int, 'pod',
            now() - ((g % (${ORDER_SHAPE.days} * 24 * 60)) || ' minutes')::interval, now()
          from generate_series($2::int, $3::int) g
          join bench_teams t on t.n = g % $4
          returning id, agency_id, seller_team_id, item_count, total_price_cents, created_at, order_name
        )
        insert into order_items (id, order_id, agency_id, seller_team_id, position, sku, catalog_variant_id, catalog_id, title, color, size, quantity, price_cents, created_at)
        select gen_random_uuid(), o.id, o.agency_id, o.seller_team_id, p.position, v.sku, v.id, v.catalog_id, 'Bench item', v.color, v.size,
          1 + p.position, o.total_price_cents, o.created_at
        from o
        cross join lateral generate_series(0, o.item_count - 1) p(position)
        join bench_variants v on v.n = (hashtext(o.order_name) & 2147483647) % $5`, [agency.id, from, to, teams, variants]);
      await client.query('commit');
      log(`  orders ${to.toLocaleString('en-US')} / ${orders.toLocaleString('en-US')}`);
    }
    // A fresh table's visibility map is empty until vacuumed: index-only scans (the list's page of
    // ids) would visit the heap for every row. Autovacuum would get there; the bench should not wait.
    await client.query('vacuum analyze orders');
    await client.query('vacuum analyze order_items');
    return { ms: Date.now() - started, teams, variants };
  } finally {
    await client.end();
  }
}

/** What an earlier run generated (BENCH_REUSE=1): the demo agency's team count; the generation time is unknown (0). */
export async function describeOrders(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [row] } = await client.query(`select count(*)::int as teams from seller_teams t join agencies a on a.id = t.agency_id where a.name = 'Demo Fulfilment'`);
    return { ms: 0, teams: row.teams, variants: 0 };
  } finally {
    await client.end();
  }
}
