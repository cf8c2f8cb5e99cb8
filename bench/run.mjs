/* global AbortSignal */
// `npm run bench`: load figures for the real server against a bare Fastify, the login page's
// initial JavaScript against its budget, and start-up time; written to docs/benchmarks.md.
// Everything runs on 127.0.0.1 and everything started here is stopped again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { measureInitialJs } from './lib/bundle.mjs';
import { benchImport, seedImportCatalogs } from './lib/import.mjs';
import { LOOPBACK, freePort, killAllNow, sleep, startNode, stop, waitFor200 } from './lib/processes.mjs';
import { consoleTable, median, writeMarkdown } from './lib/report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const webDist = path.join(root, 'apps/web/dist');
const docsFile = path.join(root, 'docs/benchmarks.md');
const require = createRequire(import.meta.url);

const SETTINGS = { connections: 10, duration: 10, warmup: 2 };
const JS_BUDGET_BYTES = 250 * 1000;
const STARTUP_RUNS = 3;
const LOGIN = { email: 'agency@demo.test', password: 'demo-password' };

// 1. Build output.
function ensureBuilt() {
  const missing = [serverMain, path.join(webDist, 'index.html')].filter((f) => !existsSync(f));
  if (missing.length === 0) return;
  console.log(`Missing ${missing.map((f) => path.relative(root, f)).join(', ')}: running npm run build`);
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', timeout: 10 * 60_000 });
  if (res.status !== 0) throw new Error(`npm run build failed (${res.error?.message ?? `exit ${res.status}`})`);
  const still = [serverMain, path.join(webDist, 'index.html')].filter((f) => !existsSync(f));
  if (still.length) throw new Error(`npm run build did not produce ${still.join(', ')}`);
}

// 2. The real server.
function serverEnv(port, dataDir, logLevel) {
  const env = { ...process.env, PORT: String(port), HOST: LOOPBACK, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: logLevel };
  // Same embedded database and no outgoing mail whatever the caller's shell has set.
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'WEB_DIST', 'TRUST_PROXY']) delete env[name];
  return env;
}

async function startServer(port, dataDir, logLevel) {
  const proc = startNode(serverMain, { cwd: root, env: serverEnv(port, dataDir, logLevel), label: 'server' });
  const healthyAt = await waitFor200(`http://${LOOPBACK}:${port}/api/health`, proc, { timeoutMs: 60_000 });
  proc.wallMs = healthyAt - proc.spawnedAt;
  if (logLevel === 'info') {
    // The ready line is logged right after listen; give the pipe a moment (bounded) to deliver it.
    for (let i = 0; i < 50 && proc.readyMs() == null; i++) await sleep(10);
  }
  return proc;
}

// 3. Sign in.
async function signIn(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || !body.access_token) {
    throw new Error(`login as ${LOGIN.email} failed: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return body.access_token;
}

// 4. Load.
async function load(name, url, headers = {}) {
  const opts = { url, headers, connections: SETTINGS.connections, pipelining: 1 };
  await autocannon({ ...opts, duration: SETTINGS.warmup });
  const r = await autocannon({ ...opts, duration: SETTINGS.duration });
  const row = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
  console.log(`  ${name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ` +
    `errors ${row.errors}, non-2xx ${row.non2xx}`);
  return row;
}

async function checkOnce(url, headers) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

async function main() {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fbo-bench-'));
  let server = null;
  let hello = null;
  const cleanup = () => {
    killAllNow();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers and removing ${dataDir}`);
      cleanup();
      process.exit(130);
    });
  }

  try {
    const serverPort = await freePort(3200);
    const helloPort = await freePort(serverPort === 3201 ? 3202 : 3201);
    const base = `http://${LOOPBACK}:${serverPort}`;

    console.log(`Starting the server on ${base} with DATA_DIR=${dataDir} (migrate + seed)`);
    server = await startServer(serverPort, dataDir, 'warn');
    const freshWallMs = server.wallMs;
    const databaseKind = JSON.parse(await checkOnce(`${base}/api/health`)).database ?? 'unknown';
    const auth = { authorization: `Bearer ${await signIn(base)}` };

    const targets = [
      ['GET /api/health', `${base}/api/health`, {}],
      ['GET /api/users/info', `${base}/api/users/info`, auth],
      ['GET /api/push-notifications?page=1&limit=6', `${base}/api/push-notifications?page=1&limit=6`, auth],
      // Money screens of the agency owner: the Sellers list (balances, pending top-ups), deposits, invoices.
      ['GET /api/seller-teams?page=1&limit=10', `${base}/api/seller-teams?page=1&limit=10`, auth],
      ['GET /api/deposits?page=1&limit=10', `${base}/api/deposits?page=1&limit=10`, auth],
      ['GET /api/invoices?page=1&limit=10', `${base}/api/invoices?page=1&limit=10`, auth],
      // Order lists of the agency owner (1,000,000 orders: bench/orders.mjs): first page, a tab, the tab counts, items.
      ['GET /api/orders?page=1&limit=20', `${base}/api/orders?page=1&limit=20`, auth],
      ['GET /api/orders?page=1&limit=20&status=InReview', `${base}/api/orders?page=1&limit=20&status=InReview`, auth],
      ['GET /api/orders/counts', `${base}/api/orders/counts`, auth],
      ['GET /api/order-items?page=1&limit=20', `${base}/api/order-items?page=1&limit=20`, auth],
    ];
    for (const [, url, headers] of targets) await checkOnce(url, headers);

    console.log(`Load: ${SETTINGS.connections} connections, ${SETTINGS.warmup} s warm-up + ${SETTINGS.duration} s each`);
    const rows = [];
    for (const [name, url, headers] of targets) rows.push(await load(name, url, headers));

    hello = startNode(path.join(here, 'lib/hello-server.mjs'), {
      cwd: here, env: { ...process.env, PORT: String(helloPort) }, label: 'bare fastify',
    });
    await waitFor200(`http://${LOOPBACK}:${helloPort}/`, hello, { timeoutMs: 30_000 });
    const baseline = { ...(await load('bare Fastify GET / (hello)', `http://${LOOPBACK}:${helloPort}/`)), isBaseline: true };
    await stop(hello);
    for (const row of rows) row.ratio = row.rps / baseline.rps;
    rows.push(baseline);

    // 5. Initial JavaScript of the login page.
    const js = measureInitialJs(webDist);
    Object.assign(js, { budget: JS_BUDGET_BYTES, pass: js.gzip <= JS_BUDGET_BYTES });

    // 6. Start-up on the existing (seeded) data dir.
    console.log(`Start-up: ${STARTUP_RUNS} restarts on the same DATA_DIR`);
    const runs = [];
    for (let i = 0; i < STARTUP_RUNS; i++) {
      await stop(server);
      server = null;
      server = await startServer(serverPort, dataDir, 'info');
      runs.push({ wallMs: server.wallMs, readyMs: server.readyMs() });
      console.log(`  run ${i + 1}: ${server.wallMs.toFixed(1)} ms to health 200, ready in ${server.readyMs() ?? 'n/a'} ms`);
    }
    const readies = runs.map((r) => r.readyMs).filter((x) => x != null);
    const startup = {
      freshWallMs,
      runs,
      wall: { min: Math.min(...runs.map((r) => r.wallMs)), median: median(runs.map((r) => r.wallMs)) },
      ready: readies.length ? { min: Math.min(...readies), median: median(readies) } : { min: null, median: null },
    };

    // 7b. Supplier price import: 10,000 rows on catalogs the bench adds to its own data dir.
    await stop(server);
    server = null;
    await seedImportCatalogs(dataDir);
    server = await startServer(serverPort, dataDir, 'warn');
    const importResult = await benchImport(base);

    // 8. Report.
    const cpus = os.cpus();
    const results = {
      date: new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
      machine: {
        cores: cpus.length,
        model: cpus[0]?.model?.trim() ?? 'unknown CPU',
        memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
        os: `${os.type()} ${os.release()} ${os.arch()}`,
        node: process.version,
      },
      settings: {
        ...SETTINGS,
        autocannonVersion: JSON.parse(readFileSync(require.resolve('autocannon/package.json'), 'utf8')).version,
        fastifyVersion: JSON.parse(readFileSync(require.resolve('fastify/package.json'), 'utf8')).version,
      },
      databaseKind,
      load: rows,
      js,
      startup,
      import: importResult,
    };
    console.log(`\n${consoleTable(results)}\n`);
    writeMarkdown(docsFile, results);
    console.log(`Wrote ${path.relative(root, docsFile)}`);
  } finally {
    // 7. Stop everything, remove the data dir.
    await stop(hello);
    await stop(server);
    cleanup();
  }
}

process.on('exit', killAllNow);
main().catch((err) => {
  console.error(`bench failed: ${err.stack ?? err}`);
  process.exitCode = 1;
});
