/**
 * A whole server process on a test database, for the tests that need real processes: killed with
 * SIGKILL mid-job, or run twice side by side as two replicas (test/helpers/server-process.ts).
 * Env: DATABASE_URL; WORKER_TICK_SCHEDULE, a cron pattern for a `test.tick` schedule whose jobs
 * record which process ran them. Prints "ready <port>" when it listens.
 */
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';

const TICK_KIND = 'test.tick';

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 5, onPoolError: () => undefined });
  const app = await buildApp({
    database,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    logLevel: process.env.WORKER_LOG_LEVEL ?? 'silent',
    publicUrl: 'http://localhost:3000',
    runJobs: true,
  });
  if (process.env.WORKER_TICK_SCHEDULE) {
    app.jobs.register(TICK_KIND, async () => ({ pid: process.pid }));
    await app.jobs.schedule({ name: 'test-tick', kind: TICK_KIND, cron: process.env.WORKER_TICK_SCHEDULE });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
