import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './storage';

/**
 * Files on the server's disk under uploadDir. The "presigned" link points back at this server
 * (PUT /api/files/upload/:id) and carries an HMAC of id and expiry, so it needs no session.
 */
export interface LocalStorage extends FileStorage {
  kind: 'local';
  verify(fileId: string, expires: string | undefined, signature: string | undefined): boolean;
  /**
   * Streams `source` to a temporary file beside `path`, renamed into place once the source ends;
   * when the source throws (too large, not an image) the temporary file is removed and nothing is stored.
   */
  writeStream(path: string, source: AsyncIterable<Buffer>): Promise<void>;
  /** A stored file as a stream (served without loading it whole), or null when it is not there. */
  open(path: string): Promise<{ size: number; stream: ReadStream } | null>;
}

export function createLocalStorage(uploadDir: string, secret: string): LocalStorage {
  const root = path.resolve(uploadDir);
  const sign = (fileId: string, expires: string) => createHmac('sha256', secret).update(`${fileId}.${expires}`).digest('hex');
  // Paths come from our own rows, but a resolved path must still stay inside the root.
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('path outside upload dir');
    return full;
  };
  return {
    kind: 'local',
    async presignPut({ fileId, expiresAt }) {
      const expires = String(Math.floor(expiresAt.getTime() / 1000));
      return `/api/files/upload/${fileId}?expires=${expires}&signature=${sign(fileId, expires)}`;
    },
    publicUrl(key) {
      return `/files/${key}`;
    },
    verify(fileId, expires, signature) {
      if (!expires || !signature || !/^\d+$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
      if (Number(expires) * 1000 < Date.now()) return false;
      return timingSafeEqual(Buffer.from(sign(fileId, expires), 'hex'), Buffer.from(signature, 'hex'));
    },
    async writeStream(key, source) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async open(key) {
      const full = resolve(key);
      const info = await stat(full).catch(() => null);
      return info?.isFile() ? { size: info.size, stream: createReadStream(full) } : null;
    },
    async inspect(key) {
      const bytes = await readFile(resolve(key)).catch(() => null);
      return bytes ? { size: bytes.length, head: bytes.subarray(0, 64) } : null;
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
