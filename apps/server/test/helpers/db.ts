import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS, openDatabase, type Database } from '../../src/db/client';
import { copyPrefix, withDatabase } from './global-setup';

/**
 * A private copy of the seeded template for one test file: loaded from the PGlite dump,
 * or created from the PostgreSQL template database. `close` drops it.
 */
export async function testDatabase(): Promise<Database & { url?: string }> {
  const template = JSON.parse(inject('dbTemplate')) as
    | { kind: 'pglite'; file: string }
    | { kind: 'postgres'; url: string; template: string };
  if (template.kind === 'pglite') {
    const blob = new Blob([readFileSync(template.file)]);
    const pglite = await PGlite.create({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
    return openDatabase({ pglite });
  }
  // Named after the run's template, so the run's teardown finds every copy it made (global-setup.ts).
  const name = `${copyPrefix(template.template)}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.template}`);
  // The copy is dropped `with (force)` at the end: connections it ends are expected.
  const url = withDatabase(template.url, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 5, onPoolError: () => undefined });
  return {
    ...database,
    /** The copy's address, for a server process of its own (test/helpers/server-process.ts). */
    url,
    async close() {
      // Dropped even when the pool does not end cleanly (a test left a connection checked out).
      try {
        await database.close();
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  };
}
