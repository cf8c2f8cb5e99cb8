/**
 * Product images copied to storage (modules/product-images): against local HTTP servers serving test PNGs (no
 * network). The stored copy is 992 x 992 JPEG served by /files/...; a non-image, a too large image, a 404 and a
 * redirect to a private address are refused and the product keeps the shop's address; a second run, and a
 * re-sync writing the same shop address back, download nothing again.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { useApiTest } from './helpers/api';
import { files, jobs, products } from '../src/db/schema/index';
import type { AppContext } from '../src/context';
import { createLocalStorage } from '../src/storage/local-storage';
import { COPY_PRODUCT_IMAGES, queueImageCopy, registerProductImageJobs } from '../src/modules/product-images';
import { isPrivateAddress } from '../src/modules/product-images/safe-fetch';

const uploadDir = mkdtempSync(path.join(tmpdir(), 'fbo-product-images-'));
const hits = new Map<string, number>();
let shop: { server: Server; url: string };
let elsewhere: { server: Server; url: string };
let wide: Buffer;
let big: Buffer;

async function listen(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}` };
}

const t = useApiTest(async () => {
  wide = await sharp({ create: { width: 1600, height: 800, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } }).png().toBuffer();
  big = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#00ff00' } }).png({ compressionLevel: 0 }).toBuffer();
  elsewhere = await listen((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(wide));
  shop = await listen((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/wide.png' || req.url === '/second.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(wide);
    if (req.url === '/big.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(big);
    if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (req.url === '/fake.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('not really a png');
    if (req.url === '/private.png') return res.writeHead(302, { location: `${elsewhere.url}/wide.png` }).end();
    if (req.url === '/localhost.png') return res.writeHead(302, { location: `http://localhost:${new URL(elsewhere.url).port}/wide.png` }).end();
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  // The shop's origin stands for the local fakes, the only private origin allowed; a redirect away from it is checked.
  return { uploadDir, platforms: { fakesUrl: shop.url } };
});
afterAll(() => {
  shop?.server.close();
  elsewhere?.server.close();
});
const db = () => t.database.db;
let ctx: AppContext;

beforeAll(() => {
  ctx = { db: db(), jobs: t.app.jobs, platforms: { fakesUrl: shop.url } } as unknown as AppContext;
  const local = createLocalStorage(uploadDir, 'test-upload-secret');
  // What app.ts does with its storage; a cap of 100 kB here stands for the 15 MB one (the big PNG is about 1 MB).
  registerProductImageJobs(ctx, { storage: local, local, fetch: { maxBytes: 100_000 } });
});

async function teeProduct() {
  const [p] = await db().select().from(products).where(eq(products.title, 'Best Dog Dad Ever Classic T-Shirt'));
  return p!;
}

async function runCopy(agencyId: string, productId: string) {
  await queueImageCopy(ctx, agencyId, [productId]);
  await t.app.jobs.drain();
  const [last] = await db().select().from(jobs).where(eq(jobs.kind, COPY_PRODUCT_IMAGES)).orderBy(desc(jobs.id)).limit(1);
  expect(last!.status).toBe('done');
  return last!.result as { copied: number; reused: number; refused: number; reasons: { source: string; reason: string }[] };
}

describe('product images copied to storage', () => {
  const refusedPaths = ['/page.html', '/fake.png', '/big.png', '/missing.png', '/private.png', '/localhost.png'];

  it('copies the shop\u2019s images as 992 x 992 JPEGs, served from storage; refuses the rest, which keep the shop\u2019s address', async () => {
    const p = await teeProduct();
    const sources = ['/wide.png', '/second.png', ...refusedPaths].map((x) => `${shop.url}${x}`);
    await db().update(products).set({ mockup: `${shop.url}/wide.png`, otherMockup: sources }).where(eq(products.id, p.id));
    const result = await runCopy(p.agencyId, p.id);
    expect(result).toMatchObject({ copied: 2, reused: 0, refused: refusedPaths.length });
    const reason = (x: string) => result.reasons.find((r) => r.source === `${shop.url}${x}`)?.reason;
    expect(reason('/page.html')).toContain('not an image');
    expect(reason('/fake.png')).toContain('not a readable image');
    expect(reason('/big.png')).toContain('larger than');
    expect(reason('/missing.png')).toContain('404');
    expect(reason('/private.png')).toContain('private address');
    expect(reason('/localhost.png')).toContain('private address');

    const [after] = await db().select().from(products).where(eq(products.id, p.id));
    expect(after!.mockup).toMatch(new RegExp(`^/files/agencies/${p.agencyId}/product-images/[0-9a-f]{64}\\.jpg$`));
    expect(after!.otherMockup[0]).toBe(after!.mockup);
    expect(after!.otherMockup[1]).toMatch(/^\/files\/agencies\//);
    expect(after!.otherMockup.slice(2)).toEqual(refusedPaths.map((x) => `${shop.url}${x}`));
    // The public page shows the stored copies, and /files serves them: 992 x 992 JPEG, white where the PNG was clear.
    const page = (await t.send(null, 'GET', `/api/public/products/${p.id}`)).json().data as { otherMockup: string[] };
    expect(page.otherMockup[0]).toBe(after!.mockup);
    const served = await t.send(null, 'GET', after!.mockup!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([992, 992, 'jpeg']);
    const corner = await sharp(served.rawPayload).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner].every((c) => c > 245)).toBe(true);
    // The copy keeps the shop's address it came from.
    const [copy] = await db().select().from(files).where(eq(files.path, after!.mockup!.replace(/^\/files\//, '')));
    expect(copy).toMatchObject({ name: `${shop.url}/wide.png`, status: 'uploaded', contentType: 'image/jpeg', agencyId: p.agencyId });
    // The redirect to another private port was never followed.
    expect(hits.get('/wide.png')).toBe(1);
  });

  it('a second run copies nothing new; a re-sync writing the same shop address back finds the copy without a download', async () => {
    const p = await teeProduct();
    const before = { wide: hits.get('/wide.png'), second: hits.get('/second.png') };
    const again = await runCopy(p.agencyId, p.id);
    expect(again).toMatchObject({ copied: 0, reused: 0 });
    // A sync writes the shop's addresses back.
    await db().update(products).set({ mockup: `${shop.url}/second.png`, otherMockup: [`${shop.url}/wide.png`] }).where(eq(products.id, p.id));
    const resync = await runCopy(p.agencyId, p.id);
    expect(resync).toMatchObject({ copied: 0, reused: 2, refused: 0 });
    expect({ wide: hits.get('/wide.png'), second: hits.get('/second.png') }).toEqual(before);
    const [after] = await db().select().from(products).where(eq(products.id, p.id));
    expect(after!.mockup).toMatch(/^\/files\/agencies\//);
    expect(after!.otherMockup[0]).toMatch(/^\/files\/agencies\//);
  });

  it('knows the private and reserved addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '100.64.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['23.227.38.65', '151.101.1.1', '2606:4700::6810:84e5']) expect(isPrivateAddress(a), a).toBe(false);
  });
});
