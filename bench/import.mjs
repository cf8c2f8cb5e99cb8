// `npm run bench:import -w bench`: only the supplier price import scenario (bench/lib/import.mjs), on a
// fresh data dir; rewrites only the "Supplier price import" section of docs/benchmarks.md.
// `npm run bench` runs it too, after the load figures. BENCH_SERVER_MAIN picks another server build.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchImport, seedImportCatalogs, writeImportSection } from './lib/import.mjs';
import { LOOPBACK, freePort, killAllNow, startNode, stop, waitFor200 } from './lib/processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const docsFile = path.join(root, 'docs/benchmarks.md');

function serverEnv(port, dataDir) {
  const env = { ...process.env, PORT: String(port), HOST: LOOPBACK, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'WEB_DIST', 'TRUST_PROXY']) delete env[name];
  return env;
}

async function main() {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fbo-bench-import-'));
  const port = await freePort(3204);
  const base = `http://${LOOPBACK}:${port}`;
  const start = async () => {
    const proc = startNode(serverMain, { cwd: root, env: serverEnv(port, dataDir), label: 'server' });
    await waitFor200(`${base}/api/health`, proc, { timeoutMs: 90_000 });
    return proc;
  };
  let server = null;
  try {
    console.log(`Starting the server on ${base} with DATA_DIR=${dataDir} (migrate + demo seed)`);
    server = await start();
    await stop(server);
    console.log('Adding the bench catalogs');
    await seedImportCatalogs(dataDir);
    server = await start();
    const result = await benchImport(base);
    writeImportSection(docsFile, result);
    console.log(`Wrote the import section of ${path.relative(root, docsFile)}`);
  } finally {
    await stop(server);
    killAllNow();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`bench:import failed: ${err.stack ?? err}`);
  process.exitCode = 1;
});
