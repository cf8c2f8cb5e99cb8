/**
 * DB_PREPARED_STATEMENTS=false turns named statements off, for a pooler in transaction mode that cannot
 * keep them (PgBouncer before 1.21; docs/deploy.md). Named statements stay on by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { testDatabase } from './helpers/db';

describe('DB_PREPARED_STATEMENTS', () => {
  it('is on unless set to false, and refuses anything but true or false', () => {
    expect(readConfig({}).preparedStatements).toBe(true);
    expect(readConfig({ DB_PREPARED_STATEMENTS: '' }).preparedStatements).toBe(true);
    expect(readConfig({ DB_PREPARED_STATEMENTS: 'true' }).preparedStatements).toBe(true);
    expect(readConfig({ DB_PREPARED_STATEMENTS: 'false' }).preparedStatements).toBe(false);
    for (const bad of ['no', '0', 'FALSE', 'off']) {
      expect(() => readConfig({ DB_PREPARED_STATEMENTS: bad }), bad).toThrow(/DB_PREPARED_STATEMENTS/);
    }
  });
});

describe('named statements on PostgreSQL', () => {
  let copy: Database & { url?: string };
  beforeAll(async () => {
    copy = await testDatabase();
  });
  afterAll(() => copy.close());

  /** How many statements one pooled connection holds by name after running a parameterised query. */
  async function namedAfterOneQuery(preparedStatements: boolean | undefined): Promise<number> {
    const database = await openDatabase({ databaseUrl: copy.url, poolSize: 1, preparedStatements });
    try {
      const client = await database.pool!.connect();
      try {
        await client.query({ text: 'select $1::int as one', values: [1] });
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
        return rows[0]!.n;
      } finally {
        client.release();
      }
    } finally {
      await database.close();
    }
  }

  it('are named by default and not when turned off', async (ctx) => {
    if (!copy.url) return ctx.skip('the embedded database has no pool and names nothing');
    expect(await namedAfterOneQuery(undefined)).toBe(1);
    expect(await namedAfterOneQuery(true)).toBe(1);
    expect(await namedAfterOneQuery(false)).toBe(0);
  });
});
