/* global AbortSignal */
// `npm run bench:stores -w bench`: a seller's store end to end against the local Shopify fake (docs/stores.md):
// (1) the first product sync of a 10,000-product shop (products/s), and (2) webhook ingest: the fake shop takes
// orders and delivers orders/create to the server for real; orders/s counted from the first order placed to the
// last one created in the database, and (3) the reconciliation of BENCH_RECONCILE_ORDERS (10,000) orders whose
// webhooks were all lost (the fake holds them): the store's pull, orders/s, with the shop's cost bucket unbounded so
// the server is what is measured (BENCH_RECONCILE_PLAN=standard measures Shopify's limit instead), and (4) publishing
// BENCH_PUBLISH_PRODUCTS (100) catalog products of BENCH_PUBLISH_VARIANTS (6) variants to the shop, products/s from the
// first request to the last job done (the shop's bucket unbounded: the server is measured). PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/fbo_bench_stores,
// dropped and re-created) unless BENCH_PGLITE=1. Sizes: BENCH_PRODUCTS (10000), BENCH_ORDERS (1000),
// BENCH_CONCURRENCY (20 orders placed at once). The server must be built (apps/server/dist/main.js, or BENCH_SERVER_MAIN).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startShopifyFake } from '../apps/server/fakes/shopify/index.ts';
import { recreateDatabase } from './lib/orders-data.mjs';
import { LOOPBACK, freePort, killAllNow, sleep, startNode, stop, waitFor200 } from './lib/processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const databaseUrl = process.env.BENCH_PGLITE ? null : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fbo_bench_stores');
const APP = { apiKey: 'bench-app-key', apiSecret: 'bench-app-secret' };
const SHOP = 'bench-shop.myshopify.com';
/**
 * The shop's GraphQL cost bucket (Shopify's published rate limits per plan): the first sync of a large shop is
 * bound by it, not by the server. BENCH_SHOPIFY_PLAN=standard (2,000 points, 100 a second) or plus (20,000, 1,000).
 */
const PLANS = { standard: { maximumAvailable: 2_000, restoreRate: 100 }, plus: { maximumAvailable: 20_000, restoreRate: 1_000 } };
const PLAN = process.env.BENCH_SHOPIFY_PLAN ?? 'standard';
const RECONCILE_ORDERS = Number(process.env.BENCH_RECONCILE_ORDERS ?? 10_000);
const RECONCILE_PLAN = process.env.BENCH_RECONCILE_PLAN ?? 'unbounded';
const UNBOUNDED = { maximumAvailable: 1e12, restoreRate: 1e12 };
const PUBLISH_PRODUCTS = Number(process.env.BENCH_PUBLISH_PRODUCTS ?? 100);
/** Variants of each published product (six colours and sizes of Gildan 5000: a typical listing). */
const PUBLISH_VARIANTS = Number(process.env.BENCH_PUBLISH_VARIANTS ?? 6);

async function api(base, token, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return json;
}

async function waitForJob(base, token, jobId, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await api(base, token, 'GET', `/api/jobs/${jobId}`)).data;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} not done in ${timeoutMs} ms (${job.processed}/${job.total})`);
    await sleep(200);
  }
}

async function main() {
  if (databaseUrl) await recreateDatabase(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fbo-bench-stores-'));
  const fake = await startShopifyFake({ clientId: APP.apiKey, clientSecret: APP.apiSecret, bucket: PLANS[PLAN] });
  const port = await freePort(3220);
  const base = `http://${LOOPBACK}:${port}`;
  const env = {
    ...process.env, PORT: String(port), HOST: LOOPBACK, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn',
    PUBLIC_URL: base, SHOPIFY_API_KEY: APP.apiKey, SHOPIFY_API_SECRET: APP.apiSecret, STORE_FAKES_URL: fake.url,
  };
  for (const name of ['SMTP_URL', 'WEB_DIST', 'TRUST_PROXY']) delete env[name];
  const server = startNode(process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js'), { cwd: root, env, label: 'server' });
  try {
    await waitFor200(`${base}/api/health`, server, { timeoutMs: 300_000 });
    const token = (await api(base, null, 'POST', '/api/auth/login', { email: 'seller@demo.test', password: 'demo-password' })).access_token;

    // Connect the shop the way a seller does: the app's install, approved at the fake, back through the signed callback.
    const started = await api(base, token, 'POST', '/api/stores/shopify/connect', { shop: 'bench-shop' });
    const approval = await fetch(started.url, { redirect: 'manual' });
    const callback = await fetch(approval.headers.get('location'), { redirect: 'manual' });
    if (callback.status !== 302) throw new Error(`callback answered ${callback.status}`);
    const store = (await api(base, token, 'GET', '/api/stores?limit=50')).data.find((s) => s.shopDomain === SHOP || s.name.includes('bench'));
    if (!store) throw new Error('the shop did not connect');

    const db = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
    await db?.connect();

    // A few products first, one mapped by name to a catalog the agency offers, so orders resolve through the mapping.
    fake.seedProducts(SHOP, { count: 3, variantsPerProduct: 3 });
    const first = await api(base, token, 'POST', `/api/stores/${store.id}/sync-products`);
    await waitForJob(base, token, first.jobId, 120_000);
    const products = (await api(base, token, 'GET', `/api/products?storeId=${store.id}&limit=1&search=Tee%201`)).data;
    const catalogs = (await api(base, token, 'GET', '/api/catalogs?limit=5&search=Gildan%205000')).data;
    if (products[0] && catalogs[0]) await api(base, token, 'POST', '/api/mapping/products', { catalogId: catalogs[0].id, productIds: [products[0].id] });
    // Their image copies are queued too: ingest is measured on a quiet queue.
    const busy = async () => (db ? Number((await db.query("select count(*)::int as n from jobs where status in ('queued', 'running') and run_at <= now()")).rows[0].n) : 0);
    for (const deadline = Date.now() + 120_000; (await busy()) > 0 && Date.now() < deadline; ) await sleep(250);

    // (2) Webhook ingest: the fake places orders (each delivered to the server as Shopify would) CONCURRENCY at a time.
    const skus = ['TEE1-BLACK-S', 'TEE2-BLACK-M', 'TEE3-BLACK-L'];
    const count = async () =>
      db
        ? Number((await db.query('select count(*)::int as n from orders where store_id = $1', [store.id])).rows[0].n)
        : (await api(base, token, 'GET', `/api/orders?limit=1&storeId=${store.id}`)).total;
    fake.shops.get(SHOP).nextOrderNumber = 500_001;
    const ingestStart = performance.now();
    for (let placed = 0; placed < ORDERS; placed += CONCURRENCY) {
      const n = Math.min(CONCURRENCY, ORDERS - placed);
      await Promise.all(Array.from({ length: n }, (_, i) => fake.createOrder(SHOP, { lineItems: [{ sku: skus[(placed + i) % skus.length], quantity: 1 }] })));
    }
    const placedMs = performance.now() - ingestStart;
    const deadline = Date.now() + 1_800_000;
    let created = 0;
    while ((created = await count()) < ORDERS) {
      if (Date.now() > deadline) throw new Error(`only ${created} of ${ORDERS} orders created`);
      await sleep(100);
    }
    const ingestMs = performance.now() - ingestStart;
    const failedDeliveries = fake.webhooks.deliveries.filter((d) => d.topic === 'orders/create' && d.status !== 200).length;
    for (const deadline2 = Date.now() + 300_000; (await busy()) > 0 && Date.now() < deadline2; ) await sleep(250);

    // (3) Reconciliation: the shop takes RECONCILE_ORDERS orders while every webhook is lost (held in the fake), then the
    // seller's pull (the daily reconciliation's job) reads them all back.
    let reconcile = null;
    if (RECONCILE_ORDERS > 0) {
      fake.webhooks.hold();
      const before = await count();
      fake.shops.get(SHOP).nextOrderNumber = 900_001;
      for (let placed = 0; placed < RECONCILE_ORDERS; placed += 100) {
        const n = Math.min(100, RECONCILE_ORDERS - placed);
        await Promise.all(Array.from({ length: n }, (_, i) => fake.createOrder(SHOP, { lineItems: [{ sku: skus[(placed + i) % skus.length], quantity: 1 }] })));
      }
      Object.assign(fake.shops.get(SHOP).bucket, RECONCILE_PLAN === 'unbounded' ? UNBOUNDED : PLANS[RECONCILE_PLAN], { available: (RECONCILE_PLAN === 'unbounded' ? UNBOUNDED : PLANS[RECONCILE_PLAN]).maximumAvailable });
      const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const reconcileStart = performance.now();
      const pull = await api(base, token, 'POST', `/api/stores/${store.id}/pull-orders`, { since });
      const pullJob = await waitForJob(base, token, pull.jobId, 3_600_000);
      const reconcileMs = performance.now() - reconcileStart;
      if (pullJob.status !== 'done') throw new Error(`reconciliation failed: ${JSON.stringify(pullJob.result ?? pullJob.error)}`);
      const caughtUp = (await count()) - before;
      if (caughtUp !== RECONCILE_ORDERS) throw new Error(`the reconciliation caught up ${caughtUp} of ${RECONCILE_ORDERS} orders`);
      reconcile = { orders: RECONCILE_ORDERS, plan: RECONCILE_PLAN, seconds: +(reconcileMs / 1000).toFixed(1), ordersPerSecond: Math.round(RECONCILE_ORDERS / (reconcileMs / 1000)), read: pullJob.result?.processed };
      Object.assign(fake.shops.get(SHOP).bucket, PLANS[PLAN], { available: PLANS[PLAN].maximumAvailable });
      for (const deadline3 = Date.now() + 300_000; (await busy()) > 0 && Date.now() < deadline3; ) await sleep(250);
    }

    // (4) Publishing: PUBLISH_PRODUCTS products made from a catalog in the shop, each a job, all asked at once.
    let publish = null;
    if (PUBLISH_PRODUCTS > 0 && catalogs[0]) {
      Object.assign(fake.shops.get(SHOP).bucket, UNBOUNDED, { available: UNBOUNDED.maximumAvailable });
      const catalog = (await api(base, token, 'GET', `/api/catalogs/${catalogs[0].id}`)).data;
      const variants = catalog.variants.filter((v) => v.inStock && !v.archived).slice(0, PUBLISH_VARIANTS).map((v) => ({ catalogVariantId: v.id, priceCents: 2499 }));
      const publishStart = performance.now();
      const jobs = [];
      for (let i = 0; i < PUBLISH_PRODUCTS; i++) {
        const body = { storeId: store.id, catalogId: catalog.id, title: `Bench Tee ${i + 1}`, description: 'Published by the bench', variants, artwork: { artwork1: '/cms/demo/tshirt-white.svg' } };
        jobs.push((await api(base, token, 'POST', '/api/publishing/products', body)).jobId);
      }
      let failed = 0;
      for (const jobId of jobs) if ((await waitForJob(base, token, jobId, 1_800_000)).status !== 'done') failed++;
      const publishMs = performance.now() - publishStart;
      publish = { products: PUBLISH_PRODUCTS, variantsEach: variants.length, failed, seconds: +(publishMs / 1000).toFixed(1), productsPerSecond: +(PUBLISH_PRODUCTS / (publishMs / 1000)).toFixed(1) };
      Object.assign(fake.shops.get(SHOP).bucket, PLANS[PLAN], { available: PLANS[PLAN].maximumAvailable });
      for (const deadline4 = Date.now() + 300_000; (await busy()) > 0 && Date.now() < deadline4; ) await sleep(250);
    }

    // (1) The first sync of a large shop, after the ingest (the image copies it queues would compete with it).
    fake.seedProducts(SHOP, { count: PRODUCTS, variantsPerProduct: 3 });
    const syncStart = performance.now();
    const sync = await api(base, token, 'POST', `/api/stores/${store.id}/sync-products`);
    const syncJob = await waitForJob(base, token, sync.jobId, 1_800_000);
    const syncMs = performance.now() - syncStart;
    if (syncJob.status !== 'done') throw new Error(`sync failed: ${JSON.stringify(syncJob.result ?? syncJob.error)}`);
    await db?.end();
    console.log(JSON.stringify({
      database: databaseUrl ? 'postgresql' : 'pglite',
      shopifyPlan: PLAN,
      sync: { products: PRODUCTS, seconds: +(syncMs / 1000).toFixed(1), productsPerSecond: Math.round(PRODUCTS / (syncMs / 1000)) },
      ingest: { orders: ORDERS, concurrency: CONCURRENCY, placedSeconds: +(placedMs / 1000).toFixed(1), seconds: +(ingestMs / 1000).toFixed(1), ordersPerSecond: Math.round(ORDERS / (ingestMs / 1000)), failedDeliveries },
      reconcile,
      publish,
    }));
  } finally {
    await stop(server);
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.on('exit', killAllNow);
main().catch((err) => {
  console.error(`bench:stores failed: ${err.stack ?? err}`);
  process.exitCode = 1;
});
