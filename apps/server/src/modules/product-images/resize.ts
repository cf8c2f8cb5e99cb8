/**
 * A product image as the public page shows it: 992 x 992, the whole picture fitted inside and centred on
 * white (transparent parts become white), JPEG at quality 85 (mozjpeg). sharp (libvips) does the work on
 * libuv's threads, never on the event loop (docs/architecture.md "Product images").
 */
import sharp from 'sharp';
import { ImageRefused } from './safe-fetch';

export const PRODUCT_IMAGE_SIZE = 992;
export const PRODUCT_IMAGE_TYPE = 'image/jpeg';
/** A decompression bomb is refused before it is decoded (about 8,000 x 8,000). */
const MAX_INPUT_PIXELS = 64_000_000;

export async function productImage(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(PRODUCT_IMAGE_SIZE, PRODUCT_IMAGE_SIZE, { fit: 'contain', background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (err) {
    throw new ImageRefused(`not a readable image (${err instanceof Error ? err.message : String(err)})`);
  }
}
