/**
 * Bulk mapping (docs/stores.md, "Bulk mapping"): a product export (either one) is the template; the seller edits its
 * mapping columns and imports it again (POST /api/mapping/import), and the MAPPING_IMPORT job maps every variant it
 * names by id, a product per transaction through the screens' own save (so a product still maps to one catalog, a
 * catalog change clears the variants it leaves behind, and each product gets its audit entry). A row with no code and
 * Ignored "No" changes nothing; an empty artwork cell keeps the variant's artwork. Failed rows go to a report with
 * every original column and a Reason, in the file's kind.
 */
import {
  ARTWORK_SLOTS, MAPPING_IMPORT_COLUMNS as COL, MAPPING_IMPORT_JOB, MAPPING_IMPORT_LIMITS, MAPPING_IMPORT_MSG as M, artworkSlots,
  type Actor, type ArtworkValues,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { JobRun } from '../../jobs/queue';
import { HttpError, badRequest } from '../../lib/errors';
import type { UploadedFile } from '../../lib/upload';
import { writeAudit } from '../audit';
import { CSV_TYPE, XLSX_TYPE, giveJobFile, readJobFile, saveJobFile } from '../jobs';
import { fileKind, readSheet, saveFailedRows, type Sheet } from '../order-import';
import { productScope, type ProductScope } from '../products';
import type { VariantInput } from './mapping-plan';
import * as repo from './mapping.repo';
import { saveMapping } from './mapping.service';

interface Payload {
  scope: ProductScope;
  fileId: string;
  fileName: string;
  /** The agency's import through one store (/ag/stores): only that store's products are mapped. */
  storeId?: string;
}

/**
 * Keeps the file and queues its import (the job, its ownership of the file and the audit commit together). A seller
 * maps its team's products; the agency maps one store's, on its seller's behalf (`store`), audited as itself.
 */
export async function startMappingImport(ctx: AppContext, actor: Actor, file: UploadedFile | undefined, store?: { id: string; sellerTeamId: string }) {
  const scope: ProductScope = store ? { agencyId: actor.agencyId!, sellerTeamId: store.sellerTeamId } : productScope(actor);
  if (!file || file.data.length === 0) throw badRequest(M.noFile, { file: M.noFile });
  const kind = fileKind(file.name);
  if (!kind) throw badRequest(M.wrongFile, { file: M.wrongFile });
  if (file.data.length > MAPPING_IMPORT_LIMITS.maxBytes) throw new HttpError(413, M.fileTooLarge);
  // Refused now rather than in the job: a file without the mapping columns is not a template.
  checkColumns(await readSheet(file.name, file.data));
  const saved = await saveJobFile(ctx.db, {
    userId: actor.userId, agencyId: scope.agencyId, purpose: 'import', name: file.name,
    contentType: kind === 'csv' ? CSV_TYPE : XLSX_TYPE, data: file.data,
  });
  const job = await ctx.db.transaction(async (tx) => {
    const queued = await ctx.jobs.enqueue(tx, {
      kind: MAPPING_IMPORT_JOB, agencyId: scope.agencyId, sellerTeamId: scope.sellerTeamId, userId: actor.userId,
      payload: { scope, fileId: saved.id, fileName: file.name, ...(store && { storeId: store.id }) } satisfies Payload as unknown as Record<string, unknown>,
    });
    await giveJobFile(tx, saved.id, queued.id);
    await writeAudit(tx, { actorId: actor.userId, agencyId: scope.agencyId, entity: 'job', entityId: queued.id, action: 'import_mapping', after: { fileName: file.name, size: file.data.length, sellerTeamId: scope.sellerTeamId, ...(store && { storeId: store.id }) } });
    return queued;
  });
  ctx.jobs.kick();
  return { data: { jobId: job.id, message: M.queued } };
}

function checkColumns(sheet: Sheet) {
  if (!sheet.headers.includes(COL.variantId) || !sheet.headers.includes(COL.code)) throw badRequest(M.missingColumns, { file: M.missingColumns });
  if (sheet.rows.length === 0) throw badRequest(M.emptyFile, { file: M.emptyFile });
  if (sheet.rows.length > MAPPING_IMPORT_LIMITS.maxRows) throw badRequest(M.tooManyRows, { file: M.tooManyRows });
}

/** One row as read: what it asks of its variant, or why it cannot be used. */
type RowAsk = { index: number; variantId: string; code: string; ignored: boolean; artworks: Partial<ArtworkValues> };
type Failure = { index: number; reason: string };

function readRows(sheet: Sheet): { asks: RowAsk[]; failures: Failure[] } {
  const at = (header: string) => sheet.cellIndex(sheet.headers.indexOf(header));
  const idAt = at(COL.variantId);
  const codeAt = at(COL.code);
  const ignoredAt = at(COL.ignored);
  const artAt = COL.artworks.map(at);
  const asks: RowAsk[] = [];
  const failures: Failure[] = [];
  sheet.rows.forEach(({ cells }, index) => {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const variantId = cell(idAt);
    if (!variantId) return failures.push({ index, reason: M.variantIdRequired });
    const ignoredText = cell(ignoredAt).toLowerCase();
    if (!['', 'yes', 'no'].includes(ignoredText)) return failures.push({ index, reason: M.ignoredValue });
    const artworks: Partial<ArtworkValues> = {};
    for (let i = 0; i < ARTWORK_SLOTS.length; i++) {
      const text = cell(artAt[i]!);
      if (!text) continue;
      const parsed = artworkSlots.shape[ARTWORK_SLOTS[i]!].safeParse(text);
      if (!parsed.success || text.length > MAPPING_IMPORT_LIMITS.artworkMax) return failures.push({ index, reason: M.artwork(COL.artworks[i]!) });
      artworks[ARTWORK_SLOTS[i]!] = parsed.data;
    }
    asks.push({ index, variantId, code: cell(codeAt), ignored: ignoredText === 'yes', artworks });
  });
  return { asks, failures };
}

/** A row that says what the variant is already (an untouched row of the exported file): nothing to write, nothing to audit. */
function restates(ask: RowAsk, current: { catalogVariantId: string | null; ignored: boolean } & ArtworkValues, codes: Map<string, { id: string }>) {
  const sameArtwork = ARTWORK_SLOTS.every((slot) => ask.artworks[slot] === undefined || ask.artworks[slot] === current[slot]);
  if (ask.ignored) return current.ignored && sameArtwork;
  return !current.ignored && codes.get(ask.code)?.id === current.catalogVariantId && sameArtwork;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function runMappingImport(ctx: AppContext, run: JobRun) {
  const { scope, fileId, fileName, storeId } = run.job.payload as unknown as Payload;
  const stored = await readJobFile(ctx.db, fileId);
  if (!stored) return { ok: false, message: 'The file could not be read.' };
  const sheet = await readSheet(fileName, stored.data);
  const { asks, failures } = readRows(sheet);
  await run.progress({ total: sheet.rows.length, processed: failures.length, failed: failures.length });

  const variants = await repo.variantsByIds(ctx.db, scope, asks.map((a) => a.variantId).filter((id) => UUID.test(id)), storeId);
  const codes = await repo.offeredVariantsByCode(ctx.db, scope.agencyId, [...new Set(asks.map((a) => a.code).filter(Boolean))]);
  const counts = { mapped: 0, ignored: 0, unchanged: 0 };
  // Per product: its rows that change something.
  // The catalogs each product's rows name, restating rows included: a file naming two for one product is contradictory.
  const catalogsOf = new Map<string, Set<string>>();
  for (const ask of asks) {
    const productId = variants.get(ask.variantId)?.productId;
    const catalogId = codes.get(ask.code)?.catalogId;
    if (productId && catalogId) catalogsOf.set(productId, (catalogsOf.get(productId) ?? new Set()).add(catalogId));
  }
  const byProduct = new Map<string, RowAsk[]>();
  for (const ask of asks) {
    const variant = variants.get(ask.variantId);
    const catalogs = variant ? (catalogsOf.get(variant.productId)?.size ?? 0) : 0;
    if (!variant) failures.push({ index: ask.index, reason: M.variantNotFound(ask.variantId) });
    else if (ask.code && !codes.has(ask.code)) failures.push({ index: ask.index, reason: M.codeUnknown(ask.code) });
    else if (catalogs > 1) failures.push({ index: ask.index, reason: M.twoCatalogs(catalogs) });
    else if ((!ask.code && !ask.ignored) || restates(ask, variant, codes)) counts.unchanged++;
    else byProduct.set(variant.productId, [...(byProduct.get(variant.productId) ?? []), ask]);
  }

  let processed = failures.length + counts.unchanged;
  for (const [productId, rows] of byProduct) {
    const catalogIds = catalogsOf.get(productId) ?? new Set<string>();
    try {
      await ctx.db.transaction(async (tx) => {
        const [product] = await repo.productsOf(tx, scope, [productId], true);
        const catalogId = [...catalogIds][0] ?? product?.catalogId;
        if (!catalogId) throw badRequest(M.noCatalog);
        const inputs = new Map<string, VariantInput>();
        for (const r of rows) {
          const current = variants.get(r.variantId)!;
          const artworks = Object.fromEntries(ARTWORK_SLOTS.map((slot) => [slot, r.artworks[slot] ?? current[slot]]));
          inputs.set(r.variantId, { catalogVariantId: r.ignored ? null : codes.get(r.code)!.id, ignored: r.ignored, ...artworks } as VariantInput);
        }
        await saveMapping(tx, scope, run.job.userId!, productId, catalogId, inputs);
      });
      for (const r of rows) counts[r.ignored ? 'ignored' : 'mapped']++;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      for (const r of rows) failures.push({ index: r.index, reason: err.message });
    }
    processed += rows.length;
    await run.progress({ processed, failed: failures.length });
  }
  await run.progress({ processed: sheet.rows.length, failed: failures.length });
  const reportFileId = failures.length ? await saveFailedRows(ctx, run, fileName, sheet, failures.sort((a, b) => a.index - b.index)) : null;
  return {
    ok: true, ...counts, failed: failures.length, message: M.done(counts.mapped, counts.ignored, counts.unchanged, failures.length),
    ...(reportFileId ? { reportFileId } : {}),
  };
}

export function registerMappingImport(ctx: AppContext): void {
  ctx.jobs.register(MAPPING_IMPORT_JOB, (run) => runMappingImport(ctx, run));
}
