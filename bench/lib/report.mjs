// Formatting: the console table and docs/benchmarks.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { importSection } from './import.mjs';

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n == null ? 'n/a' : String(Math.round(n)));
/** autocannon records latency in whole milliseconds: 0 means under 1 ms. */
const lat = (n) => (n === 0 ? '< 1' : String(n));
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const pct = (x) => `${(x * 100).toFixed(1)} %`;

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function loadRows(results) {
  return results.load.map((r) => [
    r.name,
    int(r.rps),
    lat(r.p50),
    lat(r.p99),
    `${r.errors} / ${r.non2xx}`,
    r.isBaseline ? '100 % (baseline)' : pct(r.ratio),
  ]);
}
const loadHeader = ['Endpoint', 'req/s (avg)', 'p50 ms', 'p99 ms', 'errors / non-2xx', 'vs bare Fastify'];

/** A plain-text table for the terminal. */
export function consoleTable(results) {
  const rows = [loadHeader, ...loadRows(results)];
  const widths = loadHeader.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  const out = [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];

  const { js, startup } = results;
  out.push('');
  out.push(`Login page initial JS: ${kB(js.gzip)} gzip (${js.files.length} files, ${kB(js.raw)} raw) ` +
    `vs budget ${kB(js.budget)}: ${js.pass ? 'PASS' : 'FAIL'}`);
  out.push(`Start-up on existing data (${startup.runs.length} runs): wall to /api/health 200 ` +
    `min ${ms(startup.wall.min)} ms, median ${ms(startup.wall.median)} ms; ` +
    `"ready in" min ${ms(startup.ready.min)} ms, median ${ms(startup.ready.median)} ms`);
  out.push(`First start on an empty data dir (migrate + seed): ${ms(startup.freshWallMs)} ms to /api/health 200`);
  return out.join('\n');
}

const mdTable = (header, rows) =>
  [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/**
 * Sections this run does not write but must keep: the notes, and the scenarios other bench scripts
 * own (bench:orders, bench:order-import, bench:jobs, bench:lists), each up to the next `## ` heading.
 */
const KEPT_SECTIONS = ['## Orders at scale', '## CSV order import', '## Orders: where the time goes', '## Job queue', '## Job batches on PGlite',
  '## List endpoints: compiled serialisation and one round trip', '## Notes'];

export function keptNotes(file) {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const kept = KEPT_SECTIONS.map((heading) => {
    const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(`^${escaped}[ \\t]*\\r?\\n[\\s\\S]*?(?=^## |(?![\\s\\S]))`, 'm').exec(text);
    return m ? m[0].trimEnd() : null;
  }).filter(Boolean);
  return kept.length ? kept.join('\n\n') : null;
}

export function writeMarkdown(file, results) {
  const { machine, settings, load, js, startup } = results;
  const baseline = load.find((r) => r.isBaseline);
  const endpoints = load.filter((r) => !r.isBaseline);
  const notes = keptNotes(file);

  const md = `# Benchmarks

Written by \`npm run bench\` (bench/run.mjs); rerun it to refresh the figures. The sections of
\`npm run bench:orders\`, \`bench:order-import\`, \`bench:jobs\` and \`bench:lists\` (-w bench) and \`## Notes\` are kept between runs.

- **Date:** ${results.date}
- **Machine:** ${machine.cores} cores, ${machine.model}, ${machine.memory} RAM, ${machine.os}
- **Node:** ${machine.node}

## Method

- The real server (\`node apps/server/dist/main.js\`) runs as a child process with
  \`NODE_ENV=development\`, \`LOG_LEVEL=warn\`, \`HOST=127.0.0.1\`, and a fresh temporary
  \`DATA_DIR\`: the embedded database (${results.databaseKind}) is migrated and seeded with the
  demo data on the first start. Authenticated requests carry the bearer token of
  \`agency@demo.test\`.
- Load: autocannon ${settings.autocannonVersion} (programmatic API), ${settings.connections} connections,
  ${settings.duration} s per endpoint, no pipelining, after a discarded ${settings.warmup} s warm-up,
  against 127.0.0.1 only. Load generator and server share this machine's ${machine.cores} cores, so
  the absolute figures are low-end and the ratios are the more portable number.
- Baseline: a bare Fastify ${settings.fastifyVersion} (logger off) in its own process answering
  \`GET /\` with \`{"hello":"world"}\`, measured the same way.
- Initial JS: the \`<script type="module">\` entry and every \`<link rel="modulepreload">\` of
  apps/web/dist/index.html, each gzipped with node:zlib at level 9, summed
  (1 kB = 1000 bytes). Lazy route chunks (the login page's own chunk included) are not counted.
- Start-up: the server is stopped (SIGTERM, waited for) and started again on the same, already
  seeded \`DATA_DIR\`, ${startup.runs.length} times; wall time from spawn to the first 200 of
  \`/api/health\` (polled every 20 ms), and the server's own \`ready in N ms\` log figure (these
  runs use \`LOG_LEVEL=info\`, since that line is logged at info level).

## Results

${mdTable(loadHeader, loadRows(results))}

Ratios to the bare Fastify hello (${int(baseline.rps)} req/s):
${endpoints.map((r) => `\`${r.name}\` ${pct(r.ratio)}`).join(', ')}.

Errors / non-2xx are autocannon's counts of socket errors and timeouts / responses outside 2xx.
Latencies are autocannon's, in whole milliseconds (\`< 1\` = under a millisecond), over 2xx
responses.

## Login page JavaScript

**${kB(js.gzip)}** gzip (level 9) in ${js.files.length} files (${kB(js.raw)} uncompressed), budget
${kB(js.budget)}: **${js.pass ? 'PASS' : 'FAIL'}**.

${mdTable(['File', 'raw', 'gzip -9'], js.files.map((f) => [`\`${f.url}\``, kB(f.raw), kB(f.gzip)]))}

## Start-up

| Measure | min | median |
| --- | ---: | ---: |
| Wall time, spawn to \`/api/health\` 200 | ${ms(startup.wall.min)} ms | ${ms(startup.wall.median)} ms |
| Server's \`ready in N ms\` | ${ms(startup.ready.min)} ms | ${ms(startup.ready.median)} ms |

Runs (wall / ready): ${startup.runs.map((r) => `${ms(r.wallMs)} / ${ms(r.readyMs)} ms`).join('; ')}.
For comparison, the first start on the empty data dir (migrations + demo seed) took
${ms(startup.freshWallMs)} ms to the first health 200.

${results.import ? `${importSection(results.import)}
` : ''}## How to run

\`\`\`sh
npm run bench
\`\`\`

Builds the server and web app first if their dist output is missing, needs ports on 127.0.0.1
(3200 and 3201 preferred, others picked when taken), takes a little over a minute, and
rewrites this file.
${notes ? `\n${notes}\n` : ''}`;
  writeFileSync(file, md);
}
