import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app';
import type { PlatformSettings } from '../../src/context';
import type { Database } from '../../src/db/client';
import { testDatabase } from './db';
import type { S3Settings } from '../../src/storage/storage';

export const DEMO_PASSWORD = 'demo-password';

export interface TestApp {
  app: FastifyInstance;
  /** On PostgreSQL `url` is the private copy's address (a server process of its own can open it). */
  database: Database & { url?: string };
  /** Signs a persona in and returns the headers to send as it. */
  as(email: string, password?: string): Promise<Record<string, string>>;
}

export interface TestAppOptions {
  smtpUrl?: string;
  webDist?: string;
  s3?: S3Settings;
  uploadDir?: string;
  /** null: no PUBLIC_URL at all (the development default). */
  publicUrl?: string | null;
  trustProxy?: boolean;
  /** Store platforms: the Shopify app and the local fakes' address (stores tests). */
  platforms?: PlatformSettings;
  credentials?: BuildAppOptions['credentials'];
}

/** A server on a private copy of the seeded database, closed after the file's tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await testDatabase();
  // Registered before the app is built: a copy whose app fails to start is dropped too.
  const started: { app?: FastifyInstance } = {};
  afterAll(async () => {
    try {
      await started.app?.close();
    } finally {
      await database.close();
    }
  });
  const app = await buildApp({
    database,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    smtpUrl: options.smtpUrl,
    webDist: options.webDist,
    s3: options.s3,
    logLevel: 'silent',
    publicUrl: options.publicUrl === null ? undefined : (options.publicUrl ?? 'http://localhost:3000'),
    trustProxy: options.trustProxy,
    uploadDir: options.uploadDir,
    platforms: options.platforms,
    credentials: options.credentials,
  });
  started.app = app;
  await app.ready();
  const tokens = new Map<string, string>();
  return {
    app,
    database,
    async as(email, password = DEMO_PASSWORD) {
      let token = tokens.get(email);
      if (!token) {
        const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
        if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
        token = res.json().access_token as string;
        tokens.set(email, token);
      }
      return { authorization: `Bearer ${token}` };
    },
  };
}
