import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGLITE_EXTENSIONS, openDatabase, runMigrations } from '../../src/db/client';
import { seedIfEmpty } from '../../src/db/seed';

/**
 * Builds one migrated, seeded database per run and lets every test file copy it:
 * a PGlite data-dir dump (no initdb per test), or a PostgreSQL template database.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `fbo_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 2 });
    await runMigrations(database);
    await seedIfEmpty(database.db);
    await database.close();
    provide('dbTemplate', JSON.stringify({ kind: 'postgres', url, template }));
    return async () => {
      // Copies a file could not drop (a crashed worker, a hung close) go with the run.
      const left = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${copyPrefix(template)}%`]);
      for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
      await admin.query(`drop database if exists ${template} with (force)`).catch(() => undefined);
      await admin.end();
    };
  }
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ pglite });
  await runMigrations(database);
  await seedIfEmpty(database.db);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = path.join(os.tmpdir(), 'fbo-test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  provide('dbTemplate', JSON.stringify({ kind: 'pglite', file }));
  // The dump (about 50 MB) goes with the run: repeated runs filled /tmp with them.
  return () => rmSync(file, { force: true });
}

/** The name prefix of a run's per-file copies of its template `fbo_template_<pid>`: `fbo_t_<pid>_`. */
export function copyPrefix(template: string): string {
  return `fbo_t_${template.replace('fbo_template_', '')}_`;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}
