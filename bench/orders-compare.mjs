// `npm run bench:orders-compare -w bench`: is a server build faster or slower than another on the order list?
// Starts both builds side by side on the bench:orders database (run bench:orders once first; nothing is
// regenerated): BENCH_SERVER_MAIN (A, default apps/server/dist/main.js) and BENCH_BASELINE_MAIN (B, required).
// For each scenario of bench:orders it sends the same fixed number of requests to A, then to B, then A, B ...
// (BENCH_PAIRS pairs, default 7; BENCH_ONLY a regex of scenario names) and prints the median of the A/B throughput ratios. Pairing in turn keeps the
// ratio honest on a shared, noisy machine, where two throughputs measured minutes apart are not comparable.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { agencyHeaders, orderScenarios } from './lib/order-scenarios.mjs';
import { LOOPBACK, freePort, killAllNow, startNode, stop, waitFor200 } from './lib/processes.mjs';
import { median } from './lib/report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const mainA = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const mainB = process.env.BENCH_BASELINE_MAIN;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fbo_bench';
const PAIRS = Number(process.env.BENCH_PAIRS ?? 7);
const CONNECTIONS = 50;
/** Wall time one side of a pair aims at; the request count is sized from a warm-up to about this. */
const TARGET_MS = 3000;

async function startServer(main) {
  const port = await freePort(3300);
  const env = { ...process.env, PORT: String(port), HOST: LOOPBACK, DATABASE_URL: databaseUrl, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  for (const name of ['DATA_DIR', 'SMTP_URL', 'PUBLIC_URL', 'WEB_DIST', 'TRUST_PROXY']) delete env[name];
  const proc = startNode(main, { cwd: root, env, label: path.basename(path.dirname(main)) });
  const base = `http://${LOOPBACK}:${port}`;
  await waitFor200(`${base}/api/health`, proc, { timeoutMs: 120_000 });
  return { proc, base, port, headers: await agencyHeaders(base) };
}

/** Sends `count` GETs over CONNECTIONS keep-alive connections; answers requests per second (throws on a non-200). */
async function blast(server, pathname, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const req = http.get({ host: LOOPBACK, port: server.port, path: pathname, headers: server.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${pathname}: ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  const worker = async () => {
    while (next < count) {
      next += 1;
      await one();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const ms = performance.now() - started;
  agent.destroy();
  return (count / ms) * 1000;
}

async function main() {
  if (!mainB) throw new Error('BENCH_BASELINE_MAIN (the build to compare against) is required');
  const a = await startServer(mainA);
  const b = await startServer(mainB);
  try {
    // BENCH_ONLY=<regex> measures the scenarios whose name matches (a second look at one figure).
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
    const scenarios = (await orderScenarios(a.base, a.headers)).filter(([name]) => !only || only.test(name));
    console.log(`A = ${path.relative(root, mainA)}\nB = ${path.relative(root, mainB)}\n${PAIRS} pairs per scenario, ${CONNECTIONS} connections\n`);
    console.log('| Scenario | A req/s (median) | B req/s (median) | A/B (median of pairs) | A/B min - max |');
    console.log('| --- | ---: | ---: | ---: | --- |');
    for (const [name, pathname] of scenarios) {
      const warm = Math.max(await blast(a, pathname, 200), await blast(b, pathname, 200));
      const count = Math.max(200, Math.round((warm * TARGET_MS) / 1000));
      const ra = [];
      const rb = [];
      for (let i = 0; i < PAIRS; i++) {
        ra.push(await blast(a, pathname, count));
        rb.push(await blast(b, pathname, count));
      }
      const ratios = ra.map((x, i) => x / rb[i]);
      const f = (x) => Math.round(x).toLocaleString('en-US');
      console.log(`| ${name} | ${f(median(ra))} | ${f(median(rb))} | ${median(ratios).toFixed(3)} | ${Math.min(...ratios).toFixed(2)} - ${Math.max(...ratios).toFixed(2)} |`);
    }
  } finally {
    await stop(a.proc);
    await stop(b.proc);
    killAllNow();
  }
}

main().catch((err) => {
  console.error(`bench:orders-compare failed: ${err.stack ?? err}`);
  process.exitCode = 1;
});
