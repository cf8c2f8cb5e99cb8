// The bench's 1,000,000 orders get their customers set-based (the server links orders as it writes them; the bench's
// orders are generated inside PostgreSQL, past the server): one customer per buyer e-mail per seller team, with its
// figures, and a customer_orders row per order, the same shape linkCustomers writes (docs/customers.md).
import pg from 'pg';

/** Links the demo agency's BENCH- orders that have no customer yet; answers how long it took and how many customers exist. */
export async function linkBenchCustomers(url, { log = console.log } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    const { rows: [agency] } = await client.query(`select id from agencies where name = 'Demo Fulfilment'`);
    const { rows: [{ missing }] } = await client.query(`select count(*)::int as missing from orders o
      where o.agency_id = $1 and o.order_name like 'BENCH-%'
        and not exists (select 1 from customer_orders co where co.agency_id = o.agency_id and co.order_id = o.id)`, [agency.id]);
    if (missing > 0) {
      log(`  linking ${missing.toLocaleString('en-US')} orders to their customers`);
      await client.query('begin');
      await client.query(`
        insert into customers (agency_id, id, seller_team_id, match_key, full_name, email, address1, city, province, zip_code, country, country_code,
          orders_count, total_spent_cents, first_order_at, last_order_at, from_files)
        select agency_id, gen_random_uuid(), seller_team_id, 'e:' || lower(btrim(email)), min(full_name), min(email), min(address1), min(city), min(province),
          min(zip_code), min(country), min(country_code), count(*), coalesce(sum(total_price_cents) filter (where status <> 'Cancel'), 0),
          min(created_at), max(created_at), true
        from orders where agency_id = $1 and order_name like 'BENCH-%'
        group by agency_id, seller_team_id, lower(btrim(email))
        on conflict do nothing`, [agency.id]);
      await client.query(`
        insert into customer_orders (agency_id, order_id, customer_id)
        select o.agency_id, o.id, c.id from orders o
        join customers c on c.agency_id = o.agency_id and c.seller_team_id = o.seller_team_id and c.match_key = 'e:' || lower(btrim(o.email))
        where o.agency_id = $1 and o.order_name like 'BENCH-%'
        on conflict do nothing`, [agency.id]);
      await client.query('commit');
      await client.query('vacuum analyze customers');
      await client.query('vacuum analyze customer_orders');
    }
    const { rows: [{ customers }] } = await client.query(`select count(*)::int as customers from customers where agency_id = $1`, [agency.id]);
    return { ms: Date.now() - started, customers };
  } finally {
    await client.end();
  }
}

/** Delta rows the KPI fold job has not folded yet. */
export async function unfoldedKpiDeltas(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [{ n }] } = await client.query(`select count(*)::int as n from kpi_deltas`);
    return n;
  } finally {
    await client.end();
  }
}
