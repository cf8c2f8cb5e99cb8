import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for query-string ("presigned") requests, written on node:crypto so the
 * server needs no AWS SDK. Checked against the example of the AWS S3 documentation
 * ("Authenticating Requests: Using Query Parameters") in test/images.test.ts.
 */
export interface PresignInput {
  method: 'GET' | 'PUT' | 'DELETE';
  /** Full address of the object, e.g. https://bucket.s3.amazonaws.com/images/a.png */
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  expiresInSeconds: number;
  /** Headers the client must send unchanged (host is always signed). */
  headers?: Record<string, string>;
  now?: Date;
  service?: string;
}

/** RFC 3986 encoding as AWS wants it: encodeURIComponent plus !'()*. */
export function awsEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** "20130524T000000Z" */
function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function presignUrl(input: PresignInput): string {
  const url = new URL(input.url);
  const service = input.service ?? 's3';
  const date = amzDate(input.now ?? new Date());
  const day = date.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;

  const headers: Record<string, string> = { host: url.host };
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value.trim();
  const headerNames = Object.keys(headers).sort();
  const signedHeaders = headerNames.join(';');

  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${input.accessKeyId}/${scope}`],
    ['X-Amz-Date', date],
    ['X-Amz-Expires', String(input.expiresInSeconds)],
    ['X-Amz-SignedHeaders', signedHeaders],
  ];
  const canonicalQuery = query
    .map(([k, v]) => [awsEncode(k), awsEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  // The path is already percent-encoded by URL; decode then re-encode each segment the AWS way.
  const canonicalPath = url.pathname.split('/').map((s) => awsEncode(decodeURIComponent(s))).join('/') || '/';
  const canonicalRequest = [
    input.method,
    canonicalPath,
    canonicalQuery,
    headerNames.map((n) => `${n}:${headers[n]}\n`).join(''),
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${url.origin}${canonicalPath}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
