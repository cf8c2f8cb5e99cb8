import path from 'node:path';
import { readS3Settings, type S3Settings } from './storage/storage';

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
  /** The address mails link to; defaults to the requesting origin. */
  publicUrl?: string;
  mailFrom: string;
  logLevel: string;
  /** Uploaded files of the local storage driver: UPLOAD_DIR, default <DATA_DIR>/uploads. */
  uploadDir: string;
  /** Set when all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are. */
  s3?: S3Settings;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (nodeEnv === 'production' && !env.JWT_SECRET) {
    throw new Error('JWT_SECRET must be set when NODE_ENV=production');
  }
  const dataDir = env.DATA_DIR ?? './data';
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    nodeEnv,
    publicUrl: env.PUBLIC_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Fulfilment <no-reply@fulfilment.local>',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    uploadDir: env.UPLOAD_DIR || path.join(dataDir, 'uploads'),
    s3: readS3Settings(env),
  };
}
