import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { seedIfEmpty } from './db/seed';
import { buildApp } from './app';

/** Start-up: open the database, migrate, seed an empty one (never in production), serve. */
async function main() {
  const started = performance.now();
  const config = readConfig();
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl, dataDir: config.dataDir, preparedStatements: config.preparedStatements,
  });
  await runMigrations(database);
  if (config.nodeEnv !== 'production') await seedIfEmpty(database.db);

  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp({
    database,
    jwtSecret: config.jwtSecret,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    publicUrl: config.publicUrl,
    webDist: process.env.WEB_DIST ?? path.resolve(here, '../../web/dist'),
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    uploadDir: config.uploadDir,
    s3: config.s3,
    runJobs: true,
    jobConcurrency: config.jobConcurrency,
    jobRetentionDays: config.jobRetentionDays,
    credentials: config.credentials,
    platforms: { shopify: config.shopify, fakesUrl: config.storeFakesUrl, etsy: config.etsy, etsyFakeUrl: config.etsyFakeUrl },
  });
  await app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - started);
  app.log.info(`ready in ${ms} ms: http://localhost:${config.port}/cms/ (${database.kind})`);

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
