import type { FileStorage, S3Settings } from './storage';
import { presignUrl } from './sigv4';

/** Path-style addresses (<endpoint>/<bucket>/<key>) work with AWS, MinIO, R2 and most others. */
export function createS3Storage(s3: S3Settings): FileStorage {
  const objectUrl = (path: string) => `${s3.endpoint}/${s3.bucket}/${path}`;
  const sign = (method: 'GET' | 'PUT' | 'DELETE', path: string, seconds: number, headers?: Record<string, string>) =>
    presignUrl({ method, url: objectUrl(path), region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, expiresInSeconds: seconds, headers });
  return {
    kind: 's3',
    async presignPut({ path, contentType, size, expiresAt }) {
      const seconds = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      // The content type is signed: the bucket then serves the object with the type we checked.
      // So is the declared length: the bucket refuses a PUT of any other size (a browser sends the
      // file's own size); POST /complete checks the stored size against it again.
      const headers: Record<string, string> = { 'content-type': contentType };
      if (size !== undefined) headers['content-length'] = String(size);
      return sign('PUT', path, seconds, headers);
    },
    publicUrl(path) {
      return `${s3.publicUrl ?? `${s3.endpoint}/${s3.bucket}`}/${path}`;
    },
    async inspect(path) {
      // A ranged GET: the first bytes for the type check, the total size from Content-Range.
      const res = await fetch(sign('GET', path, 60), { headers: { range: 'bytes=0-63' } });
      if (res.status === 404 || res.status === 403 || res.status === 416) return null;
      if (!res.ok) throw new Error(`S3 read failed: ${res.status}`);
      const head = Buffer.from(await res.arrayBuffer());
      const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
      return { size: total ? Number(total) : head.length, head };
    },
    async remove(path) {
      const res = await fetch(sign('DELETE', path, 60), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw new Error(`S3 delete failed: ${res.status}`);
    },
  };
}
