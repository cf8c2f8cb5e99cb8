/**
 * The embedded database runs on the server's own thread and resolves its promises without I/O: a job's
 * loop of statements was one long chain of microtasks, and an HTTP request arriving meanwhile was not
 * even read until the loop ended (by hand, /api/health unanswered for 7 s during a 40,000-order import,
 * 28 s on a loaded machine; 318 ms at most since). Every statement now starts on a turn of the event
 * loop of its own (db/client.ts), so other work (a request) runs between a job's statements.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';

describe('the embedded database', () => {
  it('lets the event loop turn between statements', async () => {
    const { db, close } = await openDatabase({ pglite: new PGlite() });
    let statements = 0;
    let ranAfter: number | undefined;
    // A macrotask queued before the loop: it runs at the first turn the loop gives.
    setImmediate(() => (ranAfter = statements));
    for (let i = 0; i < 200; i++) {
      await db.execute(sql`select ${i}::int`);
      statements++;
    }
    await db.transaction(async (tx) => tx.execute(sql`select 1`));
    await close();
    expect(ranAfter).toBeDefined();
    expect(ranAfter!).toBeLessThan(5);
  });
});
