// `npm start`: builds what is missing or out of date, then runs the server (which migrates,
// seeds an empty database outside production, and serves /cms/ and /api on one port).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** Newest modification time in a tree (skipping build output and dependencies). */
function newest(dir) {
  let max = 0;
  if (!existsSync(dir)) return max;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

const outdated = (output, ...sources) =>
  !existsSync(output) || Math.max(...sources.map(newest)) > statSync(output).mtimeMs;

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (outdated(at('apps/web/dist/index.html'), at('apps/web'), at('packages/shared/src'))) {
  console.log('Building the web app...');
  run(['run', 'build', '-w', 'apps/web']);
}
if (outdated(at('apps/server/dist/main.js'), at('apps/server/src'), at('packages/shared/src'))) {
  console.log('Building the server...');
  run(['run', 'build', '-w', 'apps/server']);
}

const server = spawn(process.execPath, ['--enable-source-maps', at('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? at('apps/web/dist') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
