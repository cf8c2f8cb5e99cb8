/**
 * The two product exports (docs/stores.md, "Products"): GET /api/products/list/export (the list's
 * filters, one row per variant) and GET /api/products/{id}/variants/export are jobs; the finished job
 * holds a signed link, and the file downloaded through it is parsed here. Scoped like the list (another
 * team's product is 404), open to whoever reads products, and the link works only as signed and in time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { PRODUCT_MSG } from '@fbo/shared';
import { useApiTest, type Sender } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { catalogVariants, productVariants, products, users } from '../src/db/schema/index';
import { jobFileUrl } from '../src/modules/jobs/job-files';
import { resolveUploadSecret } from '../src/modules/images/upload-secret';

const t = useApiTest();
const { call, send } = t;
const db = () => t.database.db;
const { SELLER, SELLER_ACCOUNTING, SELLER_SUPPORT, OTHER_SELLER, OWNER } = PERSONA;

const TOTE = 'Plant Mom Tote Bag';
const HOODIE = 'Mountains Are Calling Hoodie';
let manualStoreId: string;
let shopId: string;
let toteId: string;
/** Every variant of the demo seller's team, the rows a full list export holds. */
let teamVariants: number;

/** RFC 4180, as lib/spreadsheet toCsv writes it (a BOM, CRLF, quoted fields with doubled quotes). */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  const [header, ...lines] = rows;
  return lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}

/** Starts an export as `who`, runs the queue, reads the job, downloads its file through the signed link. */
async function exported(who: Sender, url: string) {
  const start = await call(who, 'GET', url);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body.data).toEqual({ jobId: expect.any(String), message: PRODUCT_MSG.exportStarted });
  await t.app.jobs.drain();
  const job = await call(who, 'GET', `/api/jobs/${start.body.data.jobId}`);
  expect(job.body.data.status).toBe('done');
  expect(job.body.data.fileUrl).toMatch(/^\/api\/job-files\/[0-9a-f-]+\?expires=\d+&signature=/);
  const file = await send(null, 'GET', job.body.data.fileUrl);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toContain('text/csv');
  return { job: job.body.data, file, rows: parseCsv(file.body) };
}

beforeAll(async () => {
  const stores = await call(SELLER, 'GET', '/api/stores?limit=50');
  manualStoreId = stores.body.data.find((s: { name: string }) => s.name === 'Demo Market (CSV)').id;
  shopId = stores.body.data.find((s: { name: string }) => s.name === 'Demo Tees').id;
  const [seller] = await db().select().from(users).where(eq(users.email, SELLER));
  const mine = await db().select({ id: products.id, title: products.title }).from(products)
    .where(and(eq(products.agencyId, seller!.agencyId!), eq(products.sellerTeamId, seller!.sellerTeamId!)));
  toteId = mine.find((p) => p.title === TOTE)!.id;
  const [n] = await db().select({ n: count() }).from(productVariants).where(inArray(productVariants.productId, mine.map((p) => p.id)));
  teamVariants = Number(n!.n);
});

describe('GET /api/products/list/export', () => {
  it('writes one row per variant of every product of the team, with the product\u2019s and the variant\u2019s columns', async () => {
    const { job, rows, file } = await exported(SELLER, '/api/products/list/export');
    expect(job.result).toMatchObject({ ok: true, products: 5, rows: teamVariants, message: PRODUCT_MSG.exportSuccess });
    expect(teamVariants).toBeGreaterThan(5);
    expect(rows).toHaveLength(teamVariants);
    expect(file.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Product id,Title,Handle,Type,Store,Platform,Server id,Personalized,Variant SKU,Variant title,Option 1,Option 2,Option 3,Price,Mapping status,Variant id,Catalog variant code,Ignored,Artwork 1,Artwork 2,Artwork 3,Artwork 4,Artwork 5,Artwork 6',
    );
    const tote = rows.filter((r) => r.Title === TOTE);
    expect(tote).toHaveLength(4);
    expect(tote[0]).toEqual({
      'Product id': toteId, Title: TOTE, Handle: 'plant-mom-tote-bag', Type: 'POD', Store: 'Demo Market (CSV)', Platform: 'Manual',
      'Server id': '', Personalized: 'No', 'Variant SKU': 'PLANT-MOM-TO-WHI-ONE SIZE', 'Variant title': 'White / One size',
      'Option 1': 'White', 'Option 2': 'One size', 'Option 3': '', Price: '18.95', 'Mapping status': 'Not mapped',
      'Variant id': expect.any(String), 'Catalog variant code': '', Ignored: 'No',
      'Artwork 1': '', 'Artwork 2': '', 'Artwork 3': '', 'Artwork 4': '', 'Artwork 5': '', 'Artwork 6': '',
    });
    const hoodie = rows.filter((r) => r.Title === HOODIE);
    expect(hoodie.length).toBeGreaterThan(0);
    expect(hoodie.every((r) => r.Store === 'Demo Tees' && /^\d+$/.test(r['Server id']!))).toBe(true);
    // Every row of a product sits together (newest product first, its variants in their order).
    const order = rows.map((r) => r['Product id']);
    expect(new Set(order).size).toBe(5);
    expect(order.filter((id, i) => i > 0 && id !== order[i - 1]).length).toBe(4);
  });

  it('applies the list\u2019s filters: store, type, mapping status, search', async () => {
    const byStore = await exported(SELLER, `/api/products/list/export?storeId=${manualStoreId}`);
    expect(new Set(byStore.rows.map((r) => r.Title))).toEqual(new Set([TOTE]));
    expect(byStore.rows).toHaveLength(4);
    const byShop = await exported(SELLER, `/api/products/list/export?storeId=${shopId}`);
    expect(byShop.rows.length).toBe(teamVariants - 4);
    expect(byShop.rows.some((r) => r.Title === TOTE)).toBe(false);
    const bySearch = await exported(SELLER, '/api/products/list/export?search=hoodie');
    expect(new Set(bySearch.rows.map((r) => r.Title))).toEqual(new Set([HOODIE]));
    const byType = await exported(SELLER, '/api/products/list/export?productType=drop');
    expect(byType.rows).toEqual([]);
    expect(byType.job.result).toMatchObject({ products: 0, rows: 0 });
    // Each mapping status holds the products the list shows for it (the demo data has some in every status).
    let seen = 0;
    for (const status of [0, 1, 2]) {
      const listed = (await call(SELLER, 'GET', `/api/products?mappingStatus=${status}&limit=50`)).body.data as { id: string; variantCount: number }[];
      const byMapping = await exported(SELLER, `/api/products/list/export?mappingStatus=${status}`);
      expect(new Set(byMapping.rows.map((r) => r['Product id'])), `status ${status}`).toEqual(new Set(listed.map((p) => p.id)));
      expect(byMapping.rows.length).toBe(listed.reduce((n, p) => n + Math.max(p.variantCount, 1), 0));
      seen += byMapping.rows.length;
    }
    expect(seen).toBe(teamVariants);
    // The list's page and limit mean nothing to an export: every match is written.
    expect((await exported(SELLER, '/api/products/list/export?page=3&limit=1')).rows).toHaveLength(teamVariants);
    for (const q of ['mappingStatus=3', 'productType=shirt', 'storeId=nope']) {
      expect((await call(SELLER, 'GET', `/api/products/list/export?${q}`)).status, q).toBe(400);
    }
  });

  it('writes formula-looking titles as text', async () => {
    await db().update(products).set({ title: '=HYPERLINK("http://evil.test")' }).where(eq(products.id, toteId));
    try {
      const { file, rows } = await exported(SELLER, `/api/products/list/export?storeId=${manualStoreId}`);
      expect(rows[0]!.Title).toBe('\'=HYPERLINK("http://evil.test")');
      expect(file.body).toContain('"\'=HYPERLINK(""http://evil.test"")"');
    } finally {
      await db().update(products).set({ title: TOTE }).where(eq(products.id, toteId));
    }
  });

  it('holds only the caller\u2019s team: another team\u2019s export has none of its products, even when filtered by its store', async () => {
    const theirs = await exported(OTHER_SELLER, '/api/products/list/export');
    expect(theirs.rows.some((r) => r['Product id'] === toteId)).toBe(false);
    const byOurStore = await exported(OTHER_SELLER, `/api/products/list/export?storeId=${manualStoreId}`);
    expect(byOurStore.rows).toEqual([]);
  });
});

describe('GET /api/products/{id}/variants/export', () => {
  it('writes the product\u2019s variants: SKU, title, options, price, server id, mapping status, image', async () => {
    const { job, rows, file } = await exported(SELLER, `/api/products/${toteId}/variants/export`);
    expect(job.result).toMatchObject({ ok: true, rows: 4, message: PRODUCT_MSG.exportSuccess });
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="plant-mom-tote-bag-variants-.*\.csv"$/);
    expect(file.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('SKU,Title,Option 1,Option 2,Option 3,Price,Server id,Mapping status,Image,Variant id,Catalog variant code,Ignored,Artwork 1,Artwork 2,Artwork 3,Artwork 4,Artwork 5,Artwork 6');
    const detail = await call(SELLER, 'GET', `/api/products/${toteId}`);
    expect(rows.map((r) => r.SKU)).toEqual(detail.body.data.variants.map((v: { sku: string }) => v.sku));
    expect(rows[0]).toEqual({
      SKU: detail.body.data.variants[0].sku, Title: 'White / One size', 'Option 1': 'White', 'Option 2': 'One size', 'Option 3': '',
      Price: '18.95', 'Server id': '', 'Mapping status': 'Not mapped', 'Catalog variant code': '', Image: '',
      'Variant id': detail.body.data.variants[0].id, Ignored: 'No',
      'Artwork 1': '', 'Artwork 2': '', 'Artwork 3': '', 'Artwork 4': '', 'Artwork 5': '', 'Artwork 6': '',
    });
    const shopProduct = (await call(SELLER, 'GET', `/api/products?storeId=${shopId}&search=hoodie`)).body.data[0];
    const fromShop = await exported(SELLER, `/api/products/${shopProduct.id}/variants/export`);
    expect(fromShop.rows.length).toBe(shopProduct.variantCount);
    expect(fromShop.rows.every((r) => /^\d+$/.test(r['Server id']!))).toBe(true);
  });

  it('names each variant’s mapped catalog variant code, and says Ignored for one the seller ships itself', async () => {
    // The demo tee is mapped to a catalog with artwork (seed-mapping.ts).
    const tee = (await call(SELLER, 'GET', '/api/products?mappingStatus=2&search=dog')).body.data[0];
    const mapped = await db()
      .select({ sku: productVariants.sku, code: catalogVariants.catalogVariantCode })
      .from(productVariants)
      .innerJoin(catalogVariants, eq(catalogVariants.id, productVariants.catalogVariantId))
      .where(eq(productVariants.productId, tee.id));
    expect(mapped.length).toBeGreaterThan(0);
    const [ignored] = await db().update(productVariants).set({ ignored: true })
      .where(and(eq(productVariants.productId, tee.id), eq(productVariants.sku, mapped[0]!.sku!))).returning({ sku: productVariants.sku });
    try {
      const { rows } = await exported(SELLER, `/api/products/${tee.id}/variants/export`);
      for (const m of mapped) {
        const row = rows.find((r) => r.SKU === m.sku)!;
        expect(row['Catalog variant code'], m.sku!).toBe(m.code);
        expect(row['Mapping status']).toBe(m.sku === ignored!.sku ? 'Ignored' : 'Mapped with artwork');
      }
      const list = await exported(SELLER, '/api/products/list/export?search=dog');
      expect(list.rows.find((r) => r['Variant SKU'] === ignored!.sku)!['Mapping status']).toBe('Ignored');
    } finally {
      await db().update(productVariants).set({ ignored: false }).where(eq(productVariants.productId, tee.id));
    }
  });

  it('another team\u2019s product, or none, is 404; a product deleted before the job ran ends it with the reason', async () => {
    expect((await call(OTHER_SELLER, 'GET', `/api/products/${toteId}/variants/export`)).status).toBe(404);
    expect((await call(SELLER, 'GET', '/api/products/00000000-0000-7000-8000-000000000000/variants/export')).status).toBe(404);
    expect((await call(SELLER, 'GET', '/api/products/nope/variants/export')).status).toBe(400);

    const made = await call(SELLER, 'POST', '/api/products', { storeId: manualStoreId, title: 'Gone Soon', productType: 'pod', variants: [{ sku: 'GONE-1', price: 100 }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const start = await call(SELLER, 'GET', `/api/products/${made.body.data.id}/variants/export`);
    expect(start.status).toBe(200);
    expect((await call(SELLER, 'DELETE', `/api/products/${made.body.data.id}`)).status).toBe(200);
    await t.app.jobs.drain();
    const job = await call(SELLER, 'GET', `/api/jobs/${start.body.data.jobId}`);
    expect(job.body.data).toMatchObject({ status: 'done', fileUrl: null, result: { ok: false, message: PRODUCT_MSG.notFound } });
  });
});

describe('who may export, and the link', () => {
  it('whoever reads products exports them (manager, staff, accounting); the agency and other sub-users may not', async () => {
    const staffEmail = 'product-export-staff@products.test';
    const created = await call(SELLER, 'POST', '/api/users', {
      fullName: 'Pat Staff', email: staffEmail, authority: 'staff', password: 'secret-pass', confirmPassword: 'secret-pass',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const staff = await t.as(staffEmail, 'secret-pass');
    for (const who of [staff, SELLER_ACCOUNTING] as Sender[]) {
      expect((await exported(who, '/api/products/list/export')).rows).toHaveLength(teamVariants);
      expect((await exported(who, `/api/products/${toteId}/variants/export`)).rows).toHaveLength(4);
    }
    for (const who of [SELLER_SUPPORT, OWNER, null]) {
      const expected = who === null ? 401 : 403;
      expect((await call(who, 'GET', '/api/products/list/export')).status).toBe(expected);
      expect((await call(who, 'GET', `/api/products/${toteId}/variants/export`)).status).toBe(expected);
    }
  });

  it('the file is served only through the signed link, in time; the job (and its link) only to the one who asked', async () => {
    const start = await call(SELLER, 'GET', `/api/products/${toteId}/variants/export`);
    await t.app.jobs.drain();
    const job = (await call(SELLER, 'GET', `/api/jobs/${start.body.data.jobId}`)).body.data;
    expect((await send(null, 'GET', job.fileUrl)).statusCode).toBe(200);

    const forged = job.fileUrl.replace(/signature=[^&]+/, 'signature=forged');
    expect((await send(null, 'GET', forged)).statusCode).toBe(404);
    const later = job.fileUrl.replace(/expires=(\d+)/, (_: string, e: string) => `expires=${Number(e) + 3_600_000}`);
    expect((await send(null, 'GET', later)).statusCode).toBe(404);
    const secret = await resolveUploadSecret(db());
    const fileId = job.result.fileId as string;
    expect((await send(null, 'GET', jobFileUrl(secret, fileId))).statusCode).toBe(200);
    const expired = jobFileUrl(secret, fileId, Date.now() - 60 * 60_000);
    expect((await send(null, 'GET', expired)).statusCode).toBe(404);

    expect((await call(SELLER_ACCOUNTING, 'GET', `/api/jobs/${job.id}`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'GET', `/api/jobs/${job.id}`)).status).toBe(404);
  });
});
