import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema/index';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

/**
 * The local upload target over a real socket, with chunked bodies (no Content-Length): the server
 * must count what arrives, stop at the declared size and stream the rest to disk, never buffering it.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const CHUNK = 64 * 1024;
const uploadDir = mkdtempSync(path.join(tmpdir(), 'fbo-upload-streaming-'));
const t = useApiTest({ uploadDir });
const { send } = t;
let origin: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

async function presign(size: number) {
  const res = await send(PERSONA.DESIGNER, 'GET', `/api/images/presigned_url?file_name=big.png&size=${size}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { presigned_url: string; file_path: string; file_id: string; url: string };
}

/**
 * PUTs the chunks `next` gives (null: the end) as a chunked body, following backpressure, and
 * stops sending once the server has answered. Resolves with the answer and the bytes sent.
 */
function streamPut(url: string, next: () => Buffer | null): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${origin}${url}`, { method: 'PUT', headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' } }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString(), sent }));
    });
    // Once answered, the server may drop the connection under the rest of our body: expected.
    req.on('error', (error) => { if (!answered) reject(error); });
    const pump = () => {
      while (!answered) {
        const chunk = next();
        if (!chunk) {
          req.end();
          return;
        }
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** The chunks of `bytes`, then null. */
function chunksOf(bytes: Buffer) {
  let at = 0;
  return () => {
    if (at >= bytes.length) return null;
    const chunk = bytes.subarray(at, at + CHUNK);
    at += CHUNK;
    return chunk;
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const leftovers = () => readdirSync(uploadDir, { recursive: true }).map(String).filter((name) => name.endsWith('.part'));
const partBytes = () => leftovers().reduce((sum, name) => sum + statSync(path.join(uploadDir, name)).size, 0);

describe('streamed local uploads', () => {
  it('stores exactly the bytes of a 20 MB chunked upload', async () => {
    const body = Buffer.concat([PNG, randomBytes(20 * 1024 * 1024)]);
    const link = await presign(body.length);
    const res = await streamPut(link.presigned_url, chunksOf(body));
    expect(res.status).toBe(200);
    expect(sha256(readFileSync(path.join(uploadDir, link.file_path)))).toBe(sha256(body));
    const [row] = await t.database.db.select().from(files).where(eq(files.id, link.file_id));
    expect(row).toMatchObject({ status: 'uploaded', size: body.length, contentType: 'image/png' });
    expect(leftovers()).toEqual([]);
  });

  it('writes the body to a temporary file while it is still arriving (it is never held whole)', async () => {
    const body = Buffer.concat([PNG, randomBytes(2 * 1024 * 1024)]);
    const link = await presign(body.length);
    const req = request(`${origin}${link.presigned_url}`, { method: 'PUT', headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' } });
    const status = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
    });
    req.write(body.subarray(0, 1024 * 1024));
    // Half the body sent, the request still open: its bytes are already on disk, not in memory.
    await expect.poll(partBytes, { timeout: 15_000 }).toBeGreaterThan(0);
    req.end(body.subarray(1024 * 1024));
    expect(await status).toBe(200);
    expect(leftovers()).toEqual([]);
    expect(sha256(readFileSync(path.join(uploadDir, link.file_path)))).toBe(sha256(body));
  });

  it('answers 413 once a body without Content-Length passes the declared size, long before it ends; nothing is stored', async () => {
    const declared = 1024 * 1024;
    const link = await presign(declared);
    // A 30 MB body (under the 70 MB rule, far over the declared size): the answer must come while
    // it is still being sent.
    const total = 30 * 1024 * 1024;
    let left = total;
    const res = await streamPut(link.presigned_url, () => {
      if (left <= 0) return null;
      left -= CHUNK;
      return left === total - CHUNK ? Buffer.concat([PNG, Buffer.alloc(CHUNK - PNG.length)]) : Buffer.alloc(CHUNK);
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('File size can not exceed 70MB!');
    expect(left).toBeGreaterThan(0);
    expect(existsSync(path.join(uploadDir, link.file_path))).toBe(false);
    expect(leftovers()).toEqual([]);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, link.file_id));
    expect(row!.status).toBe('pending');
  });

  it('refuses a body whose first bytes are no image without storing it', async () => {
    const link = await presign(4 * 1024 * 1024);
    const res = await streamPut(link.presigned_url, chunksOf(Buffer.concat([Buffer.from('<svg onload="alert(1)">'), Buffer.alloc(4 * 1024 * 1024 - 32)])));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toBe('File must be image format!');
    expect(existsSync(path.join(uploadDir, link.file_path))).toBe(false);
    expect(leftovers()).toEqual([]);
  });
});
