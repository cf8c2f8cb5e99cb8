import path from 'node:path';
import { localPublicUrl } from './lib/public-links';
import { readS3Settings, type S3Settings } from './storage/storage';
import { parseSecretKeys, type SecretKey } from './lib/secret-box';

/** Settings read from the environment (docs/deploy.md lists them). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** When absent outside production, a secret is generated once and kept in the database. */
  jwtSecret?: string;
  nodeEnv: string;
  /**
   * The address links that leave the server (mails) go to, besides the agencies' connected domains
   * (lib/public-links.ts). Required in production; http://localhost:<port> in development, never a
   * request header.
   */
  publicUrl: string;
  /** TRUST_PROXY=true: believe X-Forwarded-For/-Host/-Proto (only behind a proxy that sets them). */
  trustProxy: boolean;
  mailFrom: string;
  logLevel: string;
  /** Uploaded files of the local storage driver: UPLOAD_DIR, default <DATA_DIR>/uploads. */
  uploadDir: string;
  /** Set when all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are. */
  s3?: S3Settings;
  /** JOB_CONCURRENCY: background jobs one process runs at once (default 4 on PostgreSQL, 2 embedded). */
  jobConcurrency?: number;
  /** JOB_RETENTION_DAYS: finished jobs and their files are deleted this many days after (default 30). */
  jobRetentionDays: number;
  /**
   * DB_PREPARED_STATEMENTS (default true): name the repeated statements (db/prepared-statements.ts).
   * false for a pooler that cannot keep named statements in transaction mode (PgBouncer before 1.21).
   */
  preparedStatements: boolean;
  /**
   * CREDENTIALS_KEYS / CREDENTIALS_KEY_ID: the keys store credentials are encrypted with (lib/secret-box.ts).
   * Required in production; absent elsewhere, a development key is kept in the database.
   */
  credentials?: { keys: SecretKey[]; currentKeyId?: string };
  /** SHOPIFY_API_KEY / SHOPIFY_API_SECRET / SHOPIFY_SCOPES: the deployment's Shopify app (docs/stores.md). */
  shopify?: { apiKey: string; apiSecret: string; scopes: string };
  /**
   * STORE_FAKES_URL (tests and local trials only, refused in production): platform calls go to the local
   * fakes at this address instead of the real platforms (docs/stores.md).
   */
  storeFakesUrl?: string;
  /** ETSY_API_KEY / ETSY_SHARED_SECRET: the deployment's Etsy app (docs/stores-etsy.md). */
  etsy?: { apiKey: string; sharedSecret: string };
  /** ETSY_FAKE_URL (tests and local trials only, refused in production): Etsy calls go to the local Etsy fake. */
  etsyFakeUrl?: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (nodeEnv === 'production' && !env.JWT_SECRET) {
    throw new Error('JWT_SECRET must be set when NODE_ENV=production');
  }
  if (nodeEnv === 'production' && !env.PUBLIC_URL) {
    throw new Error('PUBLIC_URL must be set when NODE_ENV=production (the address mailed links go to)');
  }
  if (nodeEnv === 'production' && !env.CREDENTIALS_KEYS) {
    throw new Error('CREDENTIALS_KEYS must be set when NODE_ENV=production (the keys store credentials are encrypted with)');
  }
  if (nodeEnv === 'production' && env.STORE_FAKES_URL) {
    throw new Error('STORE_FAKES_URL points platform calls at local fakes: it is refused when NODE_ENV=production');
  }
  if (nodeEnv === 'production' && env.ETSY_FAKE_URL) {
    throw new Error('ETSY_FAKE_URL points Etsy calls at a local fake: it is refused when NODE_ENV=production');
  }
  const dataDir = env.DATA_DIR ?? './data';
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    nodeEnv,
    publicUrl: env.PUBLIC_URL ? checkedPublicUrl(env.PUBLIC_URL) : localPublicUrl(port),
    trustProxy: env.TRUST_PROXY === 'true',
    mailFrom: env.MAIL_FROM ?? 'Fulfilment <no-reply@fulfilment.local>',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    uploadDir: env.UPLOAD_DIR || path.join(dataDir, 'uploads'),
    s3: readS3Settings(env),
    jobConcurrency: env.JOB_CONCURRENCY ? positiveInteger('JOB_CONCURRENCY', env.JOB_CONCURRENCY) : undefined,
    jobRetentionDays: env.JOB_RETENTION_DAYS ? positiveInteger('JOB_RETENTION_DAYS', env.JOB_RETENTION_DAYS) : 30,
    preparedStatements: env.DB_PREPARED_STATEMENTS ? trueOrFalse('DB_PREPARED_STATEMENTS', env.DB_PREPARED_STATEMENTS) : true,
    credentials: env.CREDENTIALS_KEYS ? { keys: parseSecretKeys(env.CREDENTIALS_KEYS), currentKeyId: env.CREDENTIALS_KEY_ID || undefined } : undefined,
    shopify: env.SHOPIFY_API_KEY && env.SHOPIFY_API_SECRET
      ? { apiKey: env.SHOPIFY_API_KEY, apiSecret: env.SHOPIFY_API_SECRET, scopes: env.SHOPIFY_SCOPES || DEFAULT_SHOPIFY_SCOPES }
      : undefined,
    storeFakesUrl: env.STORE_FAKES_URL || undefined,
    etsy: env.ETSY_API_KEY && env.ETSY_SHARED_SECRET ? { apiKey: env.ETSY_API_KEY, sharedSecret: env.ETSY_SHARED_SECRET } : undefined,
    etsyFakeUrl: env.ETSY_FAKE_URL || undefined,
  };
}

/** What the app asks a shop for: its products and orders, and to create fulfilments of the orders it fulfils. */
const DEFAULT_SHOPIFY_SCOPES = 'read_products,write_products,read_orders,write_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_assigned_fulfillment_orders,write_assigned_fulfillment_orders';

/** A typo must not silently keep the default: a pooler that breaks on named statements fails later, under load. */
function trueOrFalse(name: string, value: string): boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`${name} must be true or false: ${value}`);
}

function positiveInteger(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1: ${value}`);
  return n;
}

/** PUBLIC_URL must be a plain http(s) address: links are built by appending paths to it. */
function checkedPublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL is not an address: ${value}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_URL must be an http(s) address without query, fragment or credentials: ${value}`);
  }
  return value;
}
