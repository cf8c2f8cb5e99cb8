import type { FastifyInstance } from 'fastify';
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
  /** A schema's 400 says so in an x-validation header (the fuzz walk tells it from a handler's own 400). */
  markValidationErrors?: boolean;
}

/**
 * A server on a private copy of the seeded database. `close` ends the server and drops the copy
 * (useApiTest calls it after the file's tests); a copy whose app fails to start is dropped at once.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp & { close(): Promise<void> }> {
  const database = await testDatabase();
  let app: FastifyInstance | undefined;
  const close = async () => {
    try {
      await app?.close();
    } finally {
      await database.close();
    }
  };
  try {
    app = await buildApp({
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
      markValidationErrors: options.markValidationErrors,
    });
    await app.ready();
  } catch (err) {
    await close();
    throw err;
  }
  const started = app;
  const tokens = new Map<string, string>();
  return {
    app: started,
    database,
    close,
    async as(email, password = DEMO_PASSWORD) {
      let token = tokens.get(email);
      if (!token) {
        const res = await started.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
        if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
        token = res.json().access_token as string;
        tokens.set(email, token);
      }
      return { authorization: `Bearer ${token}` };
    },
  };
}
