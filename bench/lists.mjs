/* global AbortSignal */
// `npm run bench:lists -w bench [-- <server root> [seconds] [seeded data dir]]`: req/s of the list endpoints of the
// agency owner, and of a bare Fastify hello, as one JSON line. The server root (default: this
// repository) lets a second checkout be measured the same way, so before and after can be run
// interleaved on a shared machine, each run on its own copy of the same seeded data dir when one
// is given (else a fresh one, migrated and seeded). The server must be built (apps/server/dist/main.js).
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { LOOPBACK, freePort, killAllNow, startNode, stop, waitFor200 } from './lib/processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.argv[2] ?? path.join(here, '..'));
const seconds = Number(process.argv[3] ?? 5);
const seeded = process.argv[4];
const serverMain = path.join(root, 'apps/server/dist/main.js');

export const LIST_ENDPOINTS = [
  '/api/catalogs?page=1&limit=20',
  '/api/invoices?page=1&limit=20',
  '/api/seller-teams?page=1&limit=20',
  '/api/users?page=1&limit=20',
  '/api/proxies?page=1&limit=20',
  '/api/deposits?page=1&limit=20',
  '/api/email-history?page=1&limit=20',
];

async function rps(url, headers) {
  const opts = { url, headers, connections: 10, pipelining: 1 };
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: seconds });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return Math.round(r.requests.average);
}

async function main() {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: npm run build -w apps/server there`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fbo-bench-lists-'));
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const port = await freePort(3210);
  const base = `http://${LOOPBACK}:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: LOOPBACK, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'WEB_DIST', 'TRUST_PROXY']) delete env[name];
  const server = startNode(serverMain, { cwd: root, env, label: 'server' });
  let hello = null;
  try {
    await waitFor200(`${base}/api/health`, server, { timeoutMs: 300_000 });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'agency@demo.test', password: 'demo-password' }),
      signal: AbortSignal.timeout(10_000),
    });
    const auth = { authorization: `Bearer ${(await login.json()).access_token}` };
    const result = { root, seconds, lists: {} };
    for (const endpoint of LIST_ENDPOINTS) result.lists[endpoint] = await rps(`${base}${endpoint}`, auth);
    await stop(server);
    const helloPort = await freePort(3211);
    hello = startNode(path.join(here, 'lib/hello-server.mjs'), { cwd: here, env: { ...process.env, PORT: String(helloPort) }, label: 'bare fastify' });
    await waitFor200(`http://${LOOPBACK}:${helloPort}/`, hello, { timeoutMs: 30_000 });
    result.hello = await rps(`http://${LOOPBACK}:${helloPort}/`, {});
    console.log(JSON.stringify(result));
  } finally {
    await stop(hello);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAllNow();
    process.exit(130);
  });
}
main().catch((err) => {
  console.error(`bench:lists failed: ${err.stack ?? err}`);
  process.exitCode = 1;
});
