/* global AbortSignal */
// `npm run bench:warehouses -w bench`: approving BENCH_WAREHOUSE_ORDERS (1,000) warehouse orders (docs/warehouses.md):
// each approval routes the order's lines to a warehouse, reserves them under the levels' row locks and charges the
// fees through the order charge, invoice and ledger. Two runs on the demo data: one order per request at
// BENCH_CONCURRENCY (10) requests at once, all competing for the same two products' levels (the worst case: every
// approval waits on the same rows), then bulk requests of 100 ids. Orders/s from the first request to the last answer.
// PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/fbo_bench_warehouses, dropped and
// re-created) unless BENCH_PGLITE=1. The server must be built (apps/server/dist/main.js, or BENCH_SERVER_MAIN).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { recreateDatabase } from './lib/orders-data.mjs';
import { LOOPBACK, freePort, killAllNow, startNode, stop, waitFor200 } from './lib/processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const ORDERS = Number(process.env.BENCH_WAREHOUSE_ORDERS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const databaseUrl = process.env.BENCH_PGLITE ? null : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fbo_bench_warehouses');

async function api(base, token, method, url, body, headers = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body && { 'content-type': 'application/json' }), ...headers },
    body: body && JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return json;
}

/** Inserts `n` orders of the demo seller in review, each with two warehouse lines (2 + 1 units). */
async function insertOrders(client, n, tag) {
  const { rows: [team] } = await client.query(`select id, agency_id from seller_teams where name = 'Demo Seller'`);
  const { rows: products } = await client.query(
    `select id, sku from warehouse_products where agency_id = $1 and sku in ('WH-TUMBLER-20', 'WH-TOTE-NAT') order by sku`, [team.agency_id]);
  const ids = [];
  for (let start = 0; start < n; start += 500) {
    const orders = [];
    const items = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const id = randomUUID();
      ids.push(id);
      orders.push([id, team.agency_id, team.id, `${tag}-${i}`]);
      products.forEach((p, position) => items.push([randomUUID(), id, team.agency_id, team.id, position, p.sku, p.id, position === 0 ? 2 : 1]));
    }
    await client.query(
      `insert into orders (id, agency_id, seller_team_id, order_name, status, address_status, country_code, country, item_count)
       select o.id::uuid, o.agency::uuid, o.team::uuid, o.name, 'InReview', 1, 'US', 'United States', 2
         from json_to_recordset($1::json) as o(id text, agency text, team text, name text)`,
      [JSON.stringify(orders.map(([id, agency, t, name]) => ({ id, agency, team: t, name })))]);
    await client.query(
      `insert into order_items (id, order_id, agency_id, seller_team_id, position, sku, warehouse_product_id, quantity, price_cents)
       select i.id::uuid, i.o::uuid, i.agency::uuid, i.team::uuid, i.pos, i.sku, i.wp::uuid, i.qty, 1999
         from json_to_recordset($1::json) as i(id text, o text, agency text, team text, pos int, sku text, wp text, qty int)`,
      [JSON.stringify(items.map(([id, o, agency, t, pos, sku, wp, qty]) => ({ id, o, agency, team: t, pos, sku, wp, qty })))]);
  }
  return { ids, team, products };
}

async function approveAll(base, token, ids, perRequest, concurrency) {
  const batches = [];
  for (let i = 0; i < ids.length; i += perRequest) batches.push(ids.slice(i, i + perRequest));
  let next = 0;
  let approved = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      const answer = await api(base, token, 'POST', '/api/orders/approve', { ids: batch });
      approved += batch.length === 1 ? 1 : answer.data.succeeded;
    }
  }));
  return { approved, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  if (databaseUrl) await recreateDatabase(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fbo-bench-warehouses-'));
  const port = await freePort(3230);
  const base = `http://${LOOPBACK}:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: LOOPBACK, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', PUBLIC_URL: base };
  for (const name of ['SMTP_URL', 'WEB_DIST', 'TRUST_PROXY']) delete env[name];
  const server = startNode(process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js'), { cwd: root, env, label: 'server' });
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  try {
    await waitFor200(`${base}/api/health`, server, { timeoutMs: 300_000 });
    if (!client) throw new Error('BENCH_PGLITE: the embedded database is one process; this bench inserts its orders through PostgreSQL');
    await client.connect();
    const token = (await api(base, null, 'POST', '/api/auth/login', { email: 'agency@demo.test', password: 'demo-password' })).access_token;
    const single = await insertOrders(client, ORDERS, 'BW1');
    const bulk = await insertOrders(client, ORDERS, 'BW2');
    // Stock and money enough for every order: through the API, as the agency would.
    const { rows: [dal] } = await client.query(`select id from warehouses where code = 'DAL'`);
    for (const p of single.products) {
      await api(base, token, 'POST', `/api/warehouses/${dal.id}/adjust`, { warehouseProductId: p.id, quantity: ORDERS * 6, reason: 'bench stock' });
    }
    await api(base, token, 'POST', `/api/balances/seller-teams/${single.team.id}/adjust`, { amount: ORDERS * 2 * 40, reason: 'bench wallet top-up' }, { 'idempotency-key': randomUUID() });

    const one = await approveAll(base, token, single.ids, 1, CONCURRENCY);
    const many = await approveAll(base, token, bulk.ids, 100, 2);
    const { rows: [check] } = await client.query(
      `select count(*)::int as n, count(*) filter (where f.id is not null)::int as routed from orders o
         left join warehouse_fulfilments f on f.agency_id = o.agency_id and f.order_id = o.id
        where o.order_name like 'BW%' and o.status = 'Approved'`);
    console.log(JSON.stringify({
      orders: ORDERS, database: databaseUrl ? 'postgres' : 'pglite',
      singleRequests: { concurrency: CONCURRENCY, approved: one.approved, seconds: +one.seconds.toFixed(2), ordersPerSecond: +(one.approved / one.seconds).toFixed(1) },
      bulkRequests: { idsPerRequest: 100, concurrency: 2, approved: many.approved, seconds: +many.seconds.toFixed(2), ordersPerSecond: +(many.approved / many.seconds).toFixed(1) },
      approvedAndRouted: check,
    }, null, 2));
  } finally {
    await client?.end().catch(() => {});
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  killAllNow();
  process.exit(1);
});
