// Bundles the server (and the shared TypeScript it imports) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@fbo/'));

// OUT_DIR lets parallel work build privately; npm start and CI use dist/.
const out = process.env.OUT_DIR ?? 'dist';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: `${out}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((n) => `${n}/*`)],
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${out}/migrations`, { recursive: true });
console.log(`server built: ${out}/main.js`);
