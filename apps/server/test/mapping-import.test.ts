/**
 * Bulk mapping (docs/stores.md, "Bulk mapping"): the product variants export is the template; the seller fills the
 * mapping columns and imports it again (POST /api/mapping/import), and the job maps the variants it names, a product
 * at a time through the screens' own save. Rows that fail (another team's variant, an unknown code, two catalogs in one
 * product, a bad Ignored value or artwork link) go to the report; rows asking nothing change nothing. Accounting may
 * not import (403); a file without the mapping columns is refused at once (400).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { MAPPING_IMPORT_MSG, REPORT_REASON_COLUMN, PRODUCT_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { postFile } from './helpers/multipart';
import { auditEntries, catalogVariants, productVariants, products, stores, users } from '../src/db/schema/index';
import { productsFromImport } from '../src/modules/products';

const t = useApiTest();
const { call, send } = t;
const db = () => t.database.db;
const { SELLER, SELLER_ACCOUNTING, OTHER_SELLER, OWNER, SUPPORT, STAFF, OTHER_OWNER } = PERSONA;
const TOTE = 'Plant Mom Tote Bag';
let toteId: string;
let otherVariantId: string;
/** Two live variants of one catalog the agency offers, and one of another catalog. */
let codes: { a: string; b: string; otherCatalog: string };

/** Minimal CSV (every field quoted), as a spreadsheet saves the edited export. */
const toCsv = (rows: Record<string, string>[]) => {
  const headers = Object.keys(rows[0]!);
  const q = (v: string) => `"${v.replace(/"/g, '""')}"`;
  return [headers.map(q).join(','), ...rows.map((r) => headers.map((h) => q(r[h] ?? '')).join(','))].join('\r\n');
};
function parseCsv(text: string): Record<string, string>[] {
  const lines = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  const split = (line: string) => (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).slice(0, -1).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
  const [head, ...rest] = lines.map(split);
  return rest.map((cells) => Object.fromEntries(head!.map((h, i) => [h, cells[i] ?? ''])));
}

async function exportTote(): Promise<Record<string, string>[]> {
  const start = await call(SELLER, 'GET', `/api/products/${toteId}/variants/export`);
  expect(start.body.data.message).toBe(PRODUCT_MSG.exportStarted);
  await t.app.jobs.drain();
  const job = await call(SELLER, 'GET', `/api/jobs/${start.body.data.jobId}`);
  return parseCsv((await send(null, 'GET', job.body.data.fileUrl)).body);
}

async function importFile(who: string, name: string, text: string) {
  return postFile(t, who, '/api/mapping/import', { name, data: Buffer.from(text, 'utf8') });
}

beforeAll(async () => {
  const [seller] = await db().select().from(users).where(eq(users.email, SELLER));
  [{ id: toteId }] = await db().select({ id: products.id }).from(products).where(and(eq(products.sellerTeamId, seller!.sellerTeamId!), eq(products.title, TOTE)));
  const [other] = await db().select().from(users).where(eq(users.email, OTHER_SELLER));
  // Another agency's team's own product variant: never this team's to map.
  const made = await db().transaction((tx) =>
    productsFromImport(tx, { agencyId: other!.agencyId!, sellerTeamId: other!.sellerTeamId! }, [{ sku: 'OTHER-TEAM-VARIANT', title: 'Other Tee - S', priceCents: 1000 }]));
  otherVariantId = made.variantIds.get('OTHER-TEAM-VARIANT')!;
  // Variants of catalogs the demo agency offers (the tee's catalog, and another).
  const offered = await db().execute<{ code: string; catalog_id: string }>(
    sql`select cv.catalog_variant_code as code, cv.catalog_id from catalog_variants cv
      join agency_catalogs ac on ac.catalog_id = cv.catalog_id and ac.agency_id = ${seller!.agencyId}
      join catalogs c on c.id = cv.catalog_id and c.deleted_at is null
      where not cv.archived order by cv.catalog_id, cv.catalog_variant_code`,
  );
  const rows = ((offered as unknown as { rows?: { code: string; catalog_id: string }[] }).rows ?? (offered as unknown as { code: string; catalog_id: string }[]));
  const first = rows.filter((r) => r.catalog_id === rows[0]!.catalog_id);
  codes = { a: first[0]!.code, b: first[1]!.code, otherCatalog: rows.find((r) => r.catalog_id !== rows[0]!.catalog_id)!.code };
});

describe('bulk mapping', () => {
  it('refuses accounting (403), a file that is not a template (400) and a wrong kind of file (400)', async () => {
    const rows = await exportTote();
    expect((await importFile(SELLER_ACCOUNTING, 'm.csv', toCsv(rows))).statusCode).toBe(403);
    const plain = await importFile(SELLER, 'm.csv', 'SKU,Title\nA,B\n');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(MAPPING_IMPORT_MSG.missingColumns);
    expect((await importFile(SELLER, 'm.pdf', 'x')).json().message).toBe(MAPPING_IMPORT_MSG.wrongFile);
  });

  it('maps, ignores and leaves variants as the edited export says; failed rows go to the report', async () => {
    const rows = await exportTote();
    expect(rows).toHaveLength(4);
    rows[0]!['Catalog variant code'] = codes.a;
    rows[0]!['Artwork 1'] = 'https://cdn.example.com/tote-front.png';
    rows[1]!['Catalog variant code'] = codes.b;
    rows[2]!.Ignored = 'Yes';
    // rows[3] asks nothing: unchanged.
    const extra = [
      { ...rows[3]!, 'Variant id': otherVariantId, 'Catalog variant code': codes.a },
      { ...rows[3]!, 'Catalog variant code': 'NO-SUCH-CODE' },
      { ...rows[3]!, Ignored: 'maybe' },
    ];
    const res = await importFile(SELLER, 'tote-mapping.csv', toCsv([...rows, ...extra]));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.message).toBe(MAPPING_IMPORT_MSG.queued);
    await t.app.jobs.drain();
    const job = (await call(SELLER, 'GET', `/api/jobs/${res.json().data.jobId}`)).body.data;
    expect(job).toMatchObject({ status: 'done', total: 7, processed: 7, failed: 3 });
    expect(job.result).toMatchObject({ ok: true, mapped: 2, ignored: 1, unchanged: 1, failed: 3, message: MAPPING_IMPORT_MSG.done(2, 1, 1, 3) });

    const variants = await db().select().from(productVariants).where(eq(productVariants.productId, toteId)).orderBy(asc(productVariants.position));
    const [cvA] = await db().select().from(catalogVariants).where(eq(catalogVariants.catalogVariantCode, codes.a));
    expect(variants[0]).toMatchObject({ catalogVariantId: cvA!.id, artwork1: 'https://cdn.example.com/tote-front.png', mappingStatus: 2, ignored: false });
    expect(variants[1]).toMatchObject({ mappingStatus: 1 });
    expect(variants[2]).toMatchObject({ ignored: true, catalogVariantId: null });
    expect(variants[3]).toMatchObject({ catalogVariantId: null, ignored: false });
    const [product] = await db().select().from(products).where(eq(products.id, toteId));
    expect(product!.catalogId).toBe(cvA!.catalogId);
    expect(await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, toteId), eq(auditEntries.action, 'mapping')))).toHaveLength(1);

    const report = parseCsv((await send(null, 'GET', job.reportUrl)).body);
    expect(report.map((r) => r[REPORT_REASON_COLUMN])).toEqual([
      MAPPING_IMPORT_MSG.variantNotFound(otherVariantId), MAPPING_IMPORT_MSG.codeUnknown('NO-SUCH-CODE'), MAPPING_IMPORT_MSG.ignoredValue,
    ]);
    expect(report[0]!.SKU).toBe(rows[3]!.SKU);

    // The same file again says what the variants are already: nothing written, nothing audited.
    const again = await importFile(SELLER, 'tote-mapping.csv', toCsv(rows));
    await t.app.jobs.drain();
    expect((await call(SELLER, 'GET', `/api/jobs/${again.json().data.jobId}`)).body.data.result).toMatchObject({ mapped: 0, ignored: 0, unchanged: 4, failed: 0 });
    expect(await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, toteId), eq(auditEntries.action, 'mapping')))).toHaveLength(1);
  });

  it('fails every row of a product whose rows name two catalogs, and changes nothing of it', async () => {
    const rows = await exportTote();
    rows[3]!['Catalog variant code'] = codes.otherCatalog;
    const res = await importFile(SELLER, 'two.csv', toCsv(rows));
    await t.app.jobs.drain();
    const job = (await call(SELLER, 'GET', `/api/jobs/${res.json().data.jobId}`)).body.data;
    // The export carries the two mapped rows' codes (catalog A), the ignored row, and the new one (catalog B): all four fail.
    expect(job.result).toMatchObject({ mapped: 0, ignored: 0, failed: 4, message: MAPPING_IMPORT_MSG.done(0, 0, 0, 4) });
    const report = parseCsv((await send(null, 'GET', job.reportUrl)).body);
    expect(new Set(report.map((r) => r[REPORT_REASON_COLUMN]))).toEqual(new Set([MAPPING_IMPORT_MSG.twoCatalogs(2)]));
    const [v3] = await db().select().from(productVariants).where(eq(productVariants.productId, toteId)).orderBy(asc(productVariants.position)).offset(3).limit(1);
    expect(v3!.catalogVariantId).toBeNull();
  });

  it('lets the agency map one of its sellers\u2019 stores from /ag/stores: that store\u2019s products only, audited as the agency user', async () => {
    const [shop] = await db().select().from(stores).where(eq(stores.name, 'Demo Tees'));
    for (const [who, status] of [[SELLER, 403], [STAFF, 403], [OTHER_OWNER, 404]] as const) {
      expect((await call(who, 'GET', `/api/stores/${shop!.id}/products/export`)).status, who).toBe(status);
      expect((await postFile(t, who, `/api/stores/${shop!.id}/mapping/import`, { name: 'm.csv', data: Buffer.from('x') })).statusCode, who).toBe(status);
    }
    const start = await call(SUPPORT, 'GET', `/api/stores/${shop!.id}/products/export`);
    expect(start.status).toBe(200);
    await t.app.jobs.drain();
    const job = await call(SUPPORT, 'GET', `/api/jobs/${start.body.data.jobId}`);
    const rows = parseCsv((await send(null, 'GET', job.body.data.fileUrl)).body);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.Store))).toEqual(new Set(['Demo Tees']));
    // Unmap-and-map one variant to code b; a row of the tote (another store of the team) is not this import's.
    const target = rows.find((r) => r['Catalog variant code'] === '' || r['Catalog variant code'] !== codes.b)!;
    const chosen = { ...target, 'Catalog variant code': codes.b };
    const same = rows.filter((r) => r['Product id'] === target['Product id'] && r['Variant id'] !== target['Variant id']).map((r) => ({ ...r, 'Catalog variant code': '', Ignored: 'No' }));
    const tote = (await db().select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, toteId)).limit(1))[0]!;
    const res = await postFile(t, OWNER, `/api/stores/${shop!.id}/mapping/import`, { name: 'shop.csv', data: Buffer.from(toCsv([chosen, ...same, { ...chosen, 'Variant id': tote.id }]), 'utf8') });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    const done = (await call(OWNER, 'GET', `/api/jobs/${res.json().data.jobId}`)).body.data;
    expect(done.result).toMatchObject({ mapped: 1, failed: 1 });
    const [cvB] = await db().select().from(catalogVariants).where(eq(catalogVariants.catalogVariantCode, codes.b));
    const [mapped] = await db().select().from(productVariants).where(eq(productVariants.id, target['Variant id']!));
    expect(mapped!.catalogVariantId).toBe(cvB!.id);
    const [owner] = await db().select().from(users).where(eq(users.email, OWNER));
    const audit = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, target['Product id']!), eq(auditEntries.action, 'mapping')));
    expect(audit.at(-1)!.actorId).toBe(owner!.id);
  });
});
