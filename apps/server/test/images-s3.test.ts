import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema/index';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

// The smallest valid PNG: a 1x1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A stand-in for an S3-compatible bucket on this machine: keeps PUT bodies by path, answers ranged
 * GETs with 206 and Content-Range, DELETE; refuses requests that are not SigV4-presigned.
 */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://s3.local');
    if (!url.searchParams.get('X-Amz-Signature') || url.searchParams.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
      res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    const key = decodeURIComponent(url.pathname);
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200).end();
      });
      return;
    }
    const object = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return;
    }
    if (!object) {
      res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      return;
    }
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '') ?? [];
    if (from === undefined) {
      res.writeHead(200).end(object);
      return;
    }
    const end = Math.min(Number(to), object.length - 1);
    res.writeHead(206, { 'content-range': `bytes ${from}-${end}/${object.length}` }).end(object.subarray(Number(from), end + 1));
  });
  return { server, objects };
}

let s3: ReturnType<typeof fakeS3>;

const t = useApiTest(async () => {
  s3 = fakeS3();
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  const port = (s3.server.address() as AddressInfo).port;
  return {
    s3: { endpoint: `http://127.0.0.1:${port}`, bucket: 'uploads', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', region: 'us-east-1' },
  };
});
const { send } = t;
afterAll(async () => {
  await new Promise<void>((resolve) => s3.server.close(() => resolve()));
});

async function presign(fileName: string, extra = '') {
  const res = await send(PERSONA.OWNER, 'GET', `/api/images/presigned_url?file_name=${encodeURIComponent(fileName)}${extra}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { presigned_url: string; file_path: string; url: string; file_id: string };
}
const complete = (id: string, who = PERSONA.OWNER) => send(who, 'POST', `/api/images/${id}/complete`);

describe('uploads to an S3-compatible store', () => {
  it('presigns a PUT to the bucket, then marks the file uploaded once the stored bytes check out', async () => {
    const link = await presign('logo.png');
    expect(link.presigned_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/images\/\d{4}\/\d\d\/[0-9a-f-]+-logo\.png\?X-Amz-Algorithm=AWS4-HMAC-SHA256/);
    // Before the PUT there is nothing to check.
    expect((await complete(link.file_id)).json()).toEqual({ message: 'The file has not been uploaded yet' });

    const put = await fetch(link.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    expect(put.status).toBe(200);
    const done = await complete(link.file_id);
    expect(done.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, link.file_id));
    expect(row).toMatchObject({ status: 'uploaded', size: PNG.length, contentType: 'image/png' });
    // Idempotent, and only the uploader may complete it.
    expect((await complete(link.file_id)).statusCode).toBe(200);
    expect((await complete(link.file_id, PERSONA.OTHER_OWNER)).statusCode).toBe(404);

    // Now it can join the library, whose address is the bucket's.
    const add = await send(PERSONA.OWNER, 'POST', '/api/images/library', { fileId: link.file_id });
    expect(add.statusCode).toBe(200);
    expect(add.json().url).toBe(link.url);
  });

  it('refuses and removes an object that is not an image, whatever its name said', async () => {
    const link = await presign('photo.png');
    await fetch(link.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: Buffer.from('<script>alert(1)</script>') });
    expect(s3.objects.size).toBeGreaterThan(0);
    const res = await complete(link.file_id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('File must be image format!');
    expect([...s3.objects.keys()].some((k) => k.endsWith(link.file_path))).toBe(false);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, link.file_id));
    expect(row!.status).toBe('pending');
  });

  it('signs the declared size into the PUT, and refuses and removes a stored object larger than declared', async () => {
    const link = await presign('sized.png', `&size=${PNG.length}`);
    // The bucket itself refuses a PUT whose Content-Length differs from the signed one.
    expect(new URL(link.presigned_url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    // This stand-in bucket does not check signatures, so the larger object lands; /complete catches it.
    await fetch(link.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: Buffer.concat([PNG, Buffer.alloc(10)]) });
    const res = await complete(link.file_id);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size can not exceed 70MB!');
    expect([...s3.objects.keys()].some((k) => k.endsWith(link.file_path))).toBe(false);
  });
});
