import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Names the app's small, repeated statements so each pooled connection parses and plans them once
 * (PostgreSQL's extended protocol: a named statement is parsed once per connection, then only
 * bound and executed; the server keeps custom plans for the first runs, then a generic one when it
 * costs no more). On the order list this saves about a fifth of the database's time per request
 * (docs/benchmarks.md, "Orders at scale"). Bounded, since every named statement stays on its
 * connection until the connection closes:
 * - only statements with at most MAX_PARAMS parameters and MAX_TEXT characters (a batch insert
 *   whose text grows with its rows is never named);
 * - at most MAX_NAMED distinct texts per process, first come; the rest run unnamed as before.
 */
const MAX_PARAMS = 64;
const MAX_TEXT = 8_000;
const MAX_NAMED = 500;

type QueryConfig = { text: string; name?: string; values?: unknown[] };
type Query = (config: unknown, ...rest: unknown[]) => unknown;

export class StatementNames {
  private readonly names = new Map<string, string>();

  /** The name for this text, or undefined when it should run unnamed. */
  nameOf(text: string, paramCount: number): string | undefined {
    if (paramCount > MAX_PARAMS || text.length > MAX_TEXT) return undefined;
    const known = this.names.get(text);
    if (known || this.names.size >= MAX_NAMED) return known;
    const name = `fbo_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }
}

function paramCountOf(config: QueryConfig, values: unknown): number {
  const list = Array.isArray(values) ? values : config.values;
  return Array.isArray(list) ? list.length : 0;
}

/** Wraps one client's query(): a config object without a name gets one (strings are left alone). */
export function nameStatementsOf(client: { query: Query }, names: StatementNames): void {
  const query = client.query.bind(client) as Query;
  // pool.query() passes (text, values, callback): whatever follows the config goes through as it came.
  client.query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && typeof (config as QueryConfig).text === 'string' && !(config as QueryConfig).name) {
      const c = config as QueryConfig;
      const name = names.nameOf(c.text, paramCountOf(c, rest[0]));
      if (name) return query({ ...c, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

/** Every connection of the pool, and pool.query() itself, names its statements. */
export function namePoolStatements(pool: pg.Pool): void {
  const names = new StatementNames();
  pool.on('connect', (client) => nameStatementsOf(client as unknown as { query: Query }, names));
}
