// `npm run bench:kpis -w bench`: the KPIs (GET /api/dashboards/profits) and the customers list on the 1,000,000 orders
// of bench:orders (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/fbo_bench; BENCH_REUSE=1 keeps the
// one an earlier run generated), on PostgreSQL. The orders' KPI roll-ups are appended by the database triggers as they
// are generated and folded by the server's kpi.fold job, which this bench waits for; their customers are linked
// set-based (lib/customers-data.mjs). Writes the "KPIs and customers at scale" section of docs/benchmarks.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORDER_SHAPE, describeOrders, generateOrders, recreateDatabase } from './lib/orders-data.mjs';
import { linkBenchCustomers, unfoldedKpiDeltas } from './lib/customers-data.mjs';
import { LOOPBACK, freePort, killAllNow, sleep, startNode, stop, waitFor200, postgresServerEnv } from './lib/processes.mjs';
import { replaceSection } from './lib/sections.mjs';
import { agencyHeaders, getJson } from './lib/order-scenarios.mjs';
import { loadRow, loadTable } from './lib/load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const docsFile = path.join(root, 'docs/benchmarks.md');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fbo_bench';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const KPI_LOAD = { connections: 20, duration, warmup: 3 };
const LIST_LOAD = { connections: 50, duration, warmup: 3 };
const SECTION = '## KPIs and customers at scale';
const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const serverEnv = (port) => postgresServerEnv(port, databaseUrl);

function section(r) {
  return `${SECTION}

The ${ORDER_SHAPE.orders.toLocaleString('en-US')} orders of "Orders at scale" (${r.teams} seller teams, ${ORDER_SHAPE.days} days, every status),
their KPI roll-ups appended by the database triggers as the orders were generated and folded by the server's
\`kpi.fold\` job (${r.folded}), and their ${r.customers.toLocaleString('en-US')} customers linked set-based${r.linkMs ? ` in ${(r.linkMs / 1000).toFixed(0)} s` : ''};
the real server on PostgreSQL 15, signed in as agency@demo.test, ${duration} s per row after a 3 s warm-up. Goals: KPIs
p99 <= 200 ms at 20 connections, the customers list's first page p99 <= 50 ms at 50 connections. The generated orders
carry no money (no ledger entries or invoices): a KPI request reads the same roll-up rows whatever their amounts.
Measured ${r.date} (\`npm run bench:kpis -w bench\`).

| Scenario | request | connections | req/s (avg) | p50 ms | p99 ms | errors / non-2xx |
| --- | --- | ---: | ---: | ---: | ---: | --- |
${loadTable(r.load, { withConnections: true })}
`;
}

async function main() {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build first`);
  const port = await freePort(3207);
  const base = `http://${LOOPBACK}:${port}`;
  const start = async () => {
    const proc = startNode(serverMain, { cwd: root, env: serverEnv(port), label: 'server' });
    await waitFor200(`${base}/api/health`, proc, { timeoutMs: 600_000 });
    return proc;
  };
  let server = null;
  try {
    let generated;
    if (process.env.BENCH_REUSE === '1') {
      generated = await describeOrders(databaseUrl);
      console.log(`Reusing ${databaseUrl}`);
    } else {
      console.log(`Re-creating ${databaseUrl}; the server migrates and seeds it`);
      await recreateDatabase(databaseUrl);
      server = await start();
      await stop(server);
      server = null;
      console.log(`Generating ${ORDER_SHAPE.orders.toLocaleString('en-US')} orders`);
      generated = await generateOrders(databaseUrl);
    }
    const linked = await linkBenchCustomers(databaseUrl);
    server = await start();
    // The fold job runs every minute: wait until it has folded what the generation appended.
    const waited = Date.now();
    const before = await unfoldedKpiDeltas(databaseUrl);
    let left = before;
    while (left > 1_000 && Date.now() - waited < 180_000) {
      await sleep(2_000);
      left = await unfoldedKpiDeltas(databaseUrl);
    }
    const folded = `${before.toLocaleString('en-US')} delta rows folded in ${((Date.now() - waited) / 1000).toFixed(0)} s of waiting, ${left.toLocaleString('en-US')} left`;
    console.log(`  ${folded}`);
    const headers = await agencyHeaders(base);
    const teams = await getJson(`${base}/api/seller-teams?page=1&limit=10`, headers);
    const team = teams.data?.[0]?.id ?? teams.items?.[0]?.id;
    const kpis = '/api/dashboards/profits';
    const kpiRows = [
      ['KPIs, default (last 30 days)', kpis],
      ['KPIs, Last 3 months', `${kpis}?dateFrom=${day(89)}&dateTo=${day(0)}`],
      ['KPIs, a year (366 days)', `${kpis}?dateFrom=${day(365)}&dateTo=${day(0)}`],
      ['KPIs, Last month, one seller team', `${kpis}?dateFrom=${day(29)}&dateTo=${day(0)}&sellerTeam=${team}`],
      ['KPIs, Last month, catalog type POD', `${kpis}?dateFrom=${day(29)}&dateTo=${day(0)}&catalogType=pod`],
    ];
    const listRows = [
      ['Customers, first page', '/api/customers?page=1&limit=10'],
      ['Customers, first page of one seller team', `/api/customers?page=1&limit=10&sellerTeam=${team}`],
    ];
    const rows = [];
    for (const [name, p] of kpiRows) rows.push(await loadRow(name, `${base}${p}`, headers, KPI_LOAD));
    for (const [name, p] of listRows) rows.push(await loadRow(name, `${base}${p}`, headers, LIST_LOAD));
    const result = { load: rows, teams: generated.teams, customers: linked.customers, linkMs: linked.ms, folded, date: new Date().toISOString().slice(0, 10) };
    replaceSection(docsFile, SECTION, section(result));
    console.log(`Wrote the "${SECTION.slice(3)}" section of ${path.relative(root, docsFile)}`);
  } finally {
    await stop(server);
    killAllNow();
  }
}

main().catch((err) => {
  console.error(`bench:kpis failed: ${err.stack ?? err}`);
  process.exitCode = 1;
});
