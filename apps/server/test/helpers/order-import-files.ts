/**
 * Order files for the import's crash tests (order-import-attempts, job-crash-recovery): a Shopify
 * export of named orders, some with an unknown SKU, uploaded as the seller persona through the API.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { agencyCatalogs, auditEntries, catalogVariants, jobs, orderImports, orders, users } from '../../src/db/schema/index';
import type { TestApp } from './app';
import { PERSONA } from './personas';
import { postFile } from './multipart';

type Db = TestApp['database']['db'];

export const IMPORT_SELLER = PERSONA.SELLER;
export const UNKNOWN_SKU = 'NOT-A-SKU-42';

export interface SellerScope {
  teamId: string;
  /** Variants of catalogs the seller's agency offers. */
  skus: string[];
}

export async function sellerScope(db: Db): Promise<SellerScope> {
  const [seller] = await db.select().from(users).where(eq(users.email, IMPORT_SELLER));
  const offered = await db
    .select({ code: catalogVariants.catalogVariantCode })
    .from(catalogVariants)
    .innerJoin(agencyCatalogs, and(eq(agencyCatalogs.catalogId, catalogVariants.catalogId), eq(agencyCatalogs.agencyId, seller!.agencyId!)))
    .orderBy(asc(catalogVariants.catalogVariantCode))
    .limit(3);
  return { teamId: seller!.sellerTeamId!, skus: offered.map((v) => v.code) };
}

/**
 * A Shopify export: one order a name, every other order with a second row. An order named in
 * `badNames` has an unknown SKU on its first row, so all of its rows fail.
 */
export function shopifyCsv(names: string[], skus: string[], badNames: Set<string> = new Set()): { text: string; rows: number; badRows: number } {
  const lines = ['Name,Email,Lineitem quantity,Lineitem price,Lineitem sku,Shipping Name,Shipping Address1,Shipping City,Shipping Zip,Shipping Province,Shipping Country'];
  let badRows = 0;
  names.forEach((name, i) => {
    const bad = badNames.has(name);
    lines.push(`${name},b${i}@example.com,1,12.00,${bad ? UNKNOWN_SKU : skus[i % skus.length]},"Buyer, ${i}",${i} Main St,Boston,'02134,MA,US`);
    if (i % 2 === 1) lines.push(`${name},,2,3.50,${skus[(i + 1) % skus.length]},,,,,,`);
    if (bad) badRows += i % 2 === 1 ? 2 : 1;
  });
  return { text: lines.join('\n'), rows: lines.length - 1, badRows };
}

/** POST /api/orders/import/csv as a browser sends it (the file and the text fields): the raw response. */
export async function postOrderFile(t: TestApp, who: string, name: string, text: string, fields: Record<string, string> = {}) {
  return postFile(t, who, '/api/orders/import/csv', { name, data: Buffer.from(text, 'utf8') }, fields);
}

/** POST /api/orders/import/csv as the seller: answers { importId, jobId }. */
export async function uploadOrders(t: TestApp, name: string, text: string): Promise<{ importId: string; jobId: string }> {
  const res = await postOrderFile(t, IMPORT_SELLER, name, text);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data;
}

export async function jobRow(db: Db, jobId: string) {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  return job!;
}

/** The orders the import created (its orders carry its id). */
export async function importedCount(db: Db, importId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.importId, importId));
  return row!.n;
}

/** The three places an import's counts are kept: the job result, the history row, the audit entry. */
export async function importCounts(db: Db, importId: string, jobId: string) {
  const job = await jobRow(db, jobId);
  const [record] = await db.select().from(orderImports).where(eq(orderImports.id, importId));
  const [audit] = await db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.entityId, importId), eq(auditEntries.action, 'import_orders')));
  const result = job.result as { created: number; skipped: number; failed: number; message: string };
  return {
    status: job.status,
    attempts: job.attempts,
    result: { created: result?.created, skipped: result?.skipped, failed: result?.failed, message: result?.message },
    record: { status: record!.status, created: record!.ordersCreated, skipped: record!.ordersSkipped, failed: record!.failedRows },
    audit: audit?.after as { created: number; skipped: number; failed: number } | undefined,
  };
}
