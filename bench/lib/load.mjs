// One autocannon row of a scale bench: a warm-up, then the measured run; answers what the tables of docs/benchmarks.md show.
import autocannon from 'autocannon';

export async function loadRow(name, url, headers, { connections, duration, warmup }) {
  const opts = { url, headers, connections, pipelining: 1 };
  await autocannon({ ...opts, duration: warmup });
  const r = await autocannon({ ...opts, duration });
  const row = { name, url: url.replace(/^https?:\/\/[^/]+/, ''), connections, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
  console.log(`  ${name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}`);
  return row;
}

/** The rows as a markdown table body. */
export function loadTable(rows, { withConnections = false } = {}) {
  return rows.map((x) => `| ${x.name} | \`${x.url}\` |${withConnections ? ` ${x.connections} |` : ''} ${Math.round(x.rps).toLocaleString('en-US')} | ${x.p50} | ${x.p99} | ${x.errors} / ${x.non2xx} |`).join('\n');
}
