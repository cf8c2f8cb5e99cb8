/**
 * Where uploaded files live. The embedded default is the local disk (served by /files/...);
 * with the S3_* settings the browser PUTs straight to the bucket (docs/deploy.md).
 */
export interface PresignRequest {
  fileId: string;
  path: string;
  contentType: string;
  /** The size declared by the browser: the exact Content-Length its PUT must send, when known. */
  size?: number;
  expiresAt: Date;
}

export interface FileStorage {
  kind: 'local' | 's3';
  /** The address the browser PUTs the bytes to. */
  presignPut(request: PresignRequest): Promise<string>;
  /** Where the stored file can be read. */
  publicUrl(path: string): string;
  remove(path: string): Promise<void>;
  /**
   * What was really stored at `path`: its size and first bytes (for the magic-byte check), or null
   * when nothing is there. S3 uploads are checked this way when the browser says it is done.
   */
  inspect(path: string): Promise<{ size: number; head: Buffer } | null>;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Base address objects are read from; defaults to <endpoint>/<bucket>. */
  publicUrl?: string;
}

/** The S3 settings when all the required ones are present, otherwise undefined (local disk). */
export function readS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION, S3_PUBLIC_URL } = env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: S3_ENDPOINT.replace(/\/+$/, ''),
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    region: S3_REGION || 'us-east-1',
    publicUrl: S3_PUBLIC_URL ? S3_PUBLIC_URL.replace(/\/+$/, '') : undefined,
  };
}
