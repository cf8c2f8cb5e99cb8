import { IMAGE_FORMAT_MESSAGE, IMAGE_TOO_LARGE_MESSAGE } from '@fbo/shared';
import { HttpError, badRequest } from '../../lib/errors';
import { sniffImageType } from './image-bytes';

/** The longest signature sniffImageType reads (WEBP: RIFF....WEBP). */
const SNIFF_BYTES = 12;

export interface GuardedUpload {
  /** The chunks, passed on as they arrive; throws 413 past `cap` bytes and 400 when the first bytes are no image. */
  chunks: AsyncIterable<Buffer>;
  /** Filled in once the chunks are drained. */
  result: { size: number; contentType: ReturnType<typeof sniffImageType> };
}

/**
 * Wraps an upload body so it can be streamed to disk without ever being held whole: it counts
 * bytes and stops at the first chunk past `cap`, and sniffs the magic bytes from the first chunks,
 * so a refused upload is refused before the rest of it is read.
 */
export function guardImageUpload(body: AsyncIterable<Buffer | Uint8Array>, cap: number): GuardedUpload {
  const result: GuardedUpload['result'] = { size: 0, contentType: null };
  async function* chunks() {
    let head = Buffer.alloc(0);
    for await (const raw of body) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      result.size += chunk.length;
      if (result.size > cap) throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
      if (!result.contentType && head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) result.contentType = sniffOrRefuse(head);
      }
      yield chunk;
    }
    // A body shorter than the longest signature (a tiny JPEG header, or nothing at all).
    if (!result.contentType) result.contentType = sniffOrRefuse(head);
  }
  return { chunks: chunks(), result };
}

function sniffOrRefuse(head: Buffer) {
  const type = sniffImageType(head);
  if (!type) throw badRequest(IMAGE_FORMAT_MESSAGE);
  return type;
}
