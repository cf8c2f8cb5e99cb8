// `npm run bench:orders -w bench`: the agency order list on 1,000,000 orders in PostgreSQL.
// Re-creates the database BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fbo_bench;
// its name must start with fbo_bench), lets the server migrate and seed it, generates the orders
// set-based (bench/lib/orders-data.mjs), then loads the list's first page, page 500 and its filters
// with 50 connections and writes the "Orders at scale" section of docs/benchmarks.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORDER_SHAPE, describeOrders, generateOrders, recreateDatabase } from './lib/orders-data.mjs';
import { LOOPBACK, freePort, killAllNow, startNode, stop, waitFor200, postgresServerEnv } from './lib/processes.mjs';
import { replaceSection } from './lib/sections.mjs';
import { agencyHeaders, getJson, orderScenarios } from './lib/order-scenarios.mjs';
import { loadRow, loadTable } from './lib/load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const docsFile = path.join(root, 'docs/benchmarks.md');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fbo_bench';
const LOAD = { connections: 50, duration: Number(process.env.BENCH_DURATION ?? 10), warmup: 3 };
const SECTION = '## Orders at scale';

const serverEnv = (port) => postgresServerEnv(port, databaseUrl);

const load = (name, url, headers) => loadRow(name, url, headers, LOAD);

function section(r) {
  return `${SECTION}

${ORDER_SHAPE.orders.toLocaleString('en-US')} orders (${r.items.toLocaleString('en-US')} items) of the demo agency's ${r.teams} seller teams, spread over
${ORDER_SHAPE.days} days and every status, generated inside PostgreSQL${r.generateMs ? ` in ${(r.generateMs / 1000).toFixed(0)} s` : ""}
(\`bench/lib/orders-data.mjs\`), on top of the demo seed; the real server on PostgreSQL 15 (local
socket over TCP), signed in as agency@demo.test, ${LOAD.connections} connections, ${LOAD.duration} s per row after a
${LOAD.warmup} s warm-up. Goal: p99 <= 50 ms. Measured ${r.date} (\`npm run bench:orders -w bench\`).

| Scenario | request | req/s (avg) | p50 ms | p99 ms | errors / non-2xx |
| --- | --- | ---: | ---: | ---: | --- |
${loadTable(r.load)}
`;
}

async function main() {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build first`);
  const port = await freePort(3205);
  const base = `http://${LOOPBACK}:${port}`;
  const start = async () => {
    const proc = startNode(serverMain, { cwd: root, env: serverEnv(port), label: 'server' });
    await waitFor200(`${base}/api/health`, proc, { timeoutMs: 120_000 });
    return proc;
  };
  let server = null;
  try {
    // BENCH_REUSE=1 keeps a database an earlier run generated (the server migrates it on start).
    const reuse = process.env.BENCH_REUSE === '1';
    let generated;
    if (reuse) {
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
    server = await start();
    const headers = await agencyHeaders(base);
    const first = await getJson(`${base}/api/orders?page=1&limit=10`, headers);
    console.log(`  the list answers total ${first.total ?? first.meta?.total ?? '?'}`);
    const scenarios = (await orderScenarios(base, headers)).map(([name, p]) => [name, `${base}${p}`]);
    const rows = [];
    for (const [name, url] of scenarios) rows.push(await load(name, url, headers));
    const result = { load: rows, teams: generated.teams, items: Math.round(ORDER_SHAPE.orders * 4 / 3), generateMs: generated.ms, date: new Date().toISOString().slice(0, 10) };
    replaceSection(docsFile, SECTION, section(result));
    console.log(`Wrote the "${SECTION.slice(3)}" section of ${path.relative(root, docsFile)}`);
  } finally {
    await stop(server);
    killAllNow();
  }
}

main().catch((err) => {
  console.error(`bench:orders failed: ${err.stack ?? err}`);
  process.exitCode = 1;
});
