import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as schema from './schema/index';
import { namePoolStatements } from './prepared-statements';

export type Schema = typeof schema;
/** One type for both drivers: repos never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, for tests that snapshot it. */
  pglite?: PGlite;
  /** The PostgreSQL pool, when on PostgreSQL. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; memory when absent. */
  dataDir?: string;
  /** A ready PGlite (tests load one from a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
  /** Name repeated statements (db/prepared-statements.ts); false behind a pooler that cannot keep them. Default true. */
  preparedStatements?: boolean;
  /** An idle pooled connection died (database restart, admin termination); default: log it. */
  onPoolError?: (err: Error) => void;
}

/**
 * The extensions the migrations create (0009: pg_trgm for the order search index). PGlite needs them
 * loaded when it opens any database that has them: use these options for every PGlite instance.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The rows of `db.execute(sql)`: node-postgres answers `{ rows }`, PGlite's Drizzle driver the array itself. */
export function executedRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export function migrationsFolder(): string {
  // src/db/migrations in tests; the bundle build copies the folder to dist/migrations beside main.js.
  const here = path.dirname(fileURLToPath(import.meta.url));
  return process.env.MIGRATIONS_DIR ?? path.join(here, 'migrations');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Without a listener, a dropped idle connection would crash the process; the pool reconnects.
    pool.on('error', options.onPoolError ?? ((err) => console.error('idle database connection lost:', err.message)));
    // int8 (bigint) as JS number: money is integer cents well inside 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    if (options.preparedStatements !== false) namePoolStatements(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const pglite = options.pglite ?? new PGlite(options.dataDir, { extensions: PGLITE_EXTENSIONS });
  await pglite.waitReady;
  yieldBeforeEachStatement(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

/**
 * PGlite runs on this thread and resolves its promises without any I/O, so a job's loop of statements
 * is one long chain of microtasks: nothing else (an incoming request) ran until it ended. Measured on a
 * 40,000-order import: /api/health unanswered for 28 s. Each statement and transaction now starts on a
 * macrotask of its own (setImmediate), so requests interleave between a job's statements.
 */
function yieldBeforeEachStatement(pglite: PGlite): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = pglite.query.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  pglite.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    await turn();
    return transaction(...args);
  }) as PGlite['transaction'];
}

/** Replicas starting together take turns: the first migrates, the others find nothing to do. */
const MIGRATION_LOCK = 727_001;

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'postgres') {
    // A session lock needs one connection held for its whole life, not any pooled one.
    const client = await database.pool!.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(database.db as never, { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  } else {
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }
}
