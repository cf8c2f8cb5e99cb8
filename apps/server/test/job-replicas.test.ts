/**
 * Two server processes on one PostgreSQL database (two replicas): a schedule fires once per tick.
 * PostgreSQL only: the embedded database belongs to one process (job-queue.test.ts runs two
 * queues side by side on both databases).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index';
import { testDatabase } from './helpers/db';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two server processes', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill9()));
    await database.close();
  });

  it('run a schedule once per tick', async () => {
    const env = { WORKER_TICK_SCHEDULE: '* * * * * *' };
    servers.push(...(await Promise.all([startServerProcess(database.url!, env), startServerProcess(database.url!, env)])));
    // Both are up: every tick from now on is contested by two pollers.
    const from = new Date();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await Promise.all(servers.map((s) => s.stop()));
    const rows = (await database.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'))).filter(
      (r) => new Date(r.payload['scheduledFor'] as string) >= from,
    );
    const ticks = rows.map((r) => r.payload['scheduledFor'] as string);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  }, 60_000);
});
