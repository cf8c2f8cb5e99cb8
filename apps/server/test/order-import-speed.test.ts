import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { createJobQueue } from '../src/jobs/queue';
import { arrayLiteral, unnestRows } from '../src/lib/pg-array';
import { testDatabase } from './helpers/db';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

describe('array literals for unnest (the import batch parameters)', () => {
  it('quotes text, leaves uuids and numbers bare, writes NULL', () => {
    expect(arrayLiteral([{ v: 'a' }, { v: '' }, { v: null }], (r) => r.v)).toBe('{"a","",NULL}');
    expect(arrayLiteral([{ v: 1 }, { v: null }], (r) => r.v, true)).toBe('{1,NULL}');
    expect(arrayLiteral([{ v: 'say "hi" \\ bye' }], (r) => r.v)).toBe('{"say \\"hi\\" \\\\ bye"}');
  });

  it('round-trips awkward values through the database unchanged', async () => {
    const rows = [
      { id: '01a2065c-6eeb-7f8e-a95c-1739b095b521', name: 'Buyer, "Q" \\ {NULL}', n: 2499, ok: true, meta: { notes: 'a "b" \\ c', source: 'shopify' } },
      { id: '01a2065c-6eeb-7f8e-a95c-1739b095b522', name: 'NULL', n: null, ok: false, meta: { source: 'template' } },
      { id: '01a2065c-6eeb-7f8e-a95c-1739b095b523', name: ' spaced\nline ', n: 0, ok: true, meta: {} },
    ];
    const result = await database.db.execute(sql`
      select x.id::text as id, x.name, x.n, x.ok, x.meta
      from ${unnestRows(rows, 'x', [['id', 'uuid'], ['name', 'text'], ['n', 'bigint'], ['ok', 'boolean'], ['meta', 'jsonb']])}`);
    const back = rowsOf<{ id: string; name: string; n: number | string | null; ok: boolean; meta: unknown }>(result);
    expect(back.map((r) => ({ ...r, n: r.n === null ? null : Number(r.n) }))).toEqual(rows);
  });
});

describe('job queue kick', () => {
  it('runs a job enqueued after start at once, not at the next poll', async () => {
    const queue = createJobQueue({ db: database.db });
    const ran: string[] = [];
    queue.register('H9_KICK_TEST', async (run) => {
      ran.push(run.job.id);
      return {};
    });
    // A poll an hour away: only the kick can run the job within the test.
    queue.start(3_600_000);
    try {
      const job = await queue.enqueue(database.db, { kind: 'H9_KICK_TEST' });
      queue.kick();
      const until = Date.now() + 5_000;
      while (!ran.includes(job.id) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(ran).toEqual([job.id]);
    } finally {
      await queue.stop();
    }
  });

  it('does nothing on a queue that was not started (tests drain by hand)', async () => {
    const queue = createJobQueue({ db: database.db });
    const ran: string[] = [];
    queue.register('H9_KICK_IDLE', async (run) => {
      ran.push(run.job.id);
      return {};
    });
    const job = await queue.enqueue(database.db, { kind: 'H9_KICK_IDLE' });
    queue.kick();
    await new Promise((r) => setTimeout(r, 100));
    expect(ran).toEqual([]);
    await queue.drain();
    expect(ran).toEqual([job.id]);
  });
});
