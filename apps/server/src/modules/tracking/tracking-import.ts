/**
 * The tracking import (POST /api/tracking/import): an .xlsx or .csv with Order Name, Tracking
 * Number, Carrier, Tracking URL and, optionally, SKU (only that item ships) and Seller Team (when
 * several teams of the agency use the same order name). Rows with the same order and tracking
 * number make one shipment. Each shipment goes through the same addShipmentTx as the screen (its
 * own transaction: one bad order does not undo the others). A tracking number already on the order
 * is skipped, so importing the same file again changes nothing. Failed rows go to a report .xlsx.
 */
import { eq } from 'drizzle-orm';
import {
  IMPORT_TRACKING,
  TRACKING_LIMITS,
  TRACKING_MSG,
  TRACKING_REQUIRED_COLUMNS,
  TRACKING_SHEET_COLUMNS,
  addShipmentBody,
  type Actor,
  type TrackingImportResult,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/index';
import type { JobRun } from '../../jobs/queue';
import { HttpError, badRequest } from '../../lib/errors';
import { toXlsx } from '../../lib/spreadsheet';
import { writeAudit } from '../audit';
import { XLSX_TYPE, readJobFile, saveJobFile } from '../jobs';
import * as repo from './tracking.repo';
import { addShipmentTx, isDuplicateTracking, type TrackingActor } from './tracking.service';
import { readTrackingSheet, type Sheet } from './tracking-sheet';

type Row = Sheet['rows'][number];
interface FailedRow extends Row {
  reason: string;
}
interface Group {
  orderId: string;
  trackingNumber: string;
  carrier: string;
  trackingUrl: string;
  /** Empty: every item still to ship. */
  skus: string[];
  rows: Row[];
}

const cell = (row: Row, column: string) => (row.cells[column] ?? '').trim();
const fileProblem = (message: string): TrackingImportResult => ({ message, ok: false, rows: 0, shipments: 0, skipped: 0, failed: 0 });

/** The template: the columns and one made-up row (served publicly: no bearer token on a plain link). */
export async function trackingTemplate(): Promise<Buffer> {
  const example: Record<string, string> = {
    'Order Name': '#1001',
    'Tracking Number': '9400111899223456789012',
    Carrier: 'USPS',
    'Tracking URL': 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223456789012',
    SKU: '',
    'Seller Team': 'Demo Seller',
  };
  return toXlsx('Tracking', TRACKING_SHEET_COLUMNS.map((h) => ({ header: h, value: (r: Record<string, string>) => r[h] ?? '', width: h === 'Tracking URL' ? 48 : 22 })), [example]);
}

export async function startTrackingImport(ctx: AppContext, actor: Actor, file: { name: string; data: Buffer } | undefined) {
  if (!actor.agencyId) throw badRequest(TRACKING_MSG.noFile);
  if (!file || file.data.length === 0) throw badRequest(TRACKING_MSG.noFile, { file: TRACKING_MSG.noFile });
  if (!/\.(xlsx|csv)$/i.test(file.name)) throw badRequest(TRACKING_MSG.wrongFile, { file: TRACKING_MSG.wrongFile });
  if (file.data.length > TRACKING_LIMITS.importMaxBytes) throw new HttpError(413, TRACKING_MSG.fileTooLarge);
  const agencyId = actor.agencyId;
  // Saved before the transaction, part by part: the transaction does not hold the embedded database's
  // one connection for the whole file. Should the transaction fail, the file names no job and retention
  // (job-retention.ts) deletes it after JOB_RETENTION_DAYS.
  const saved = await saveJobFile(ctx.db, { userId: actor.userId, agencyId, purpose: 'import', name: file.name, contentType: /\.csv$/i.test(file.name) ? 'text/csv' : XLSX_TYPE, data: file.data });
  const job = await ctx.db.transaction(async (tx) => {
    const queued = await ctx.jobs.enqueue(tx, { kind: IMPORT_TRACKING, agencyId, userId: actor.userId, payload: { fileId: saved.id, fileName: file.name } });
    await writeAudit(tx, { actorId: actor.userId, agencyId, entity: 'job', entityId: queued.id, action: 'import_tracking', after: { fileName: file.name, fileId: saved.id, size: file.data.length } });
    return queued;
  });
  return { data: { jobId: job.id, message: TRACKING_MSG.importQueued } };
}

export function registerTrackingImport(ctx: AppContext): void {
  ctx.jobs.register(IMPORT_TRACKING, async (run) => ({ ...(await runTrackingImport(ctx, run)) }));
}

/** Finds each row's order by name, using Seller Team (name or code) when the name is not unique. */
async function resolveOrders(ctx: AppContext, agencyId: string, rows: Row[], failed: FailedRow[]) {
  const names = [...new Set(rows.map((r) => cell(r, 'Order Name')))];
  const byName = new Map<string, Awaited<ReturnType<typeof repo.ordersByName>>>();
  for (let i = 0; i < names.length; i += 1000) {
    for (const o of await repo.ordersByName(ctx.db, agencyId, names.slice(i, i + 1000))) byName.set(o.orderName, [...(byName.get(o.orderName) ?? []), o]);
  }
  const resolved: (Row & { orderId: string })[] = [];
  for (const row of rows) {
    const team = cell(row, 'Seller Team').toLowerCase();
    let matches = byName.get(cell(row, 'Order Name')) ?? [];
    if (team) matches = matches.filter((o) => o.teamName.toLowerCase() === team || o.teamCode.toLowerCase() === team);
    if (matches.length === 0) failed.push({ ...row, reason: TRACKING_MSG.rowOrderUnknown });
    else if (matches.length > 1) failed.push({ ...row, reason: TRACKING_MSG.rowOrderAmbiguous });
    else resolved.push({ ...row, orderId: matches[0]!.id });
  }
  return resolved;
}

function groupRows(rows: (Row & { orderId: string })[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const trackingNumber = cell(row, 'Tracking Number');
    const key = `${row.orderId}\u0000${trackingNumber}`;
    const group = groups.get(key) ?? { orderId: row.orderId, trackingNumber, carrier: cell(row, 'Carrier'), trackingUrl: cell(row, 'Tracking URL'), skus: [], rows: [] };
    group.rows.push(row);
    const sku = cell(row, 'SKU');
    if (sku) group.skus.push(sku);
    groups.set(key, group);
  }
  // A row without SKU ships every item still open: the group ships them all.
  for (const g of groups.values()) if (g.rows.some((r) => !cell(r, 'SKU'))) g.skus = [];
  return [...groups.values()];
}

/** The items a group's SKUs name (each SKU takes one open item), or the reason it cannot. */
async function itemsForSkus(ctx: AppContext, orderId: string, skus: string[]): Promise<string[] | string> {
  if (skus.length === 0) return [];
  const items = await repo.itemsOf(ctx.db, orderId);
  const taken = new Set<string>();
  for (const sku of skus) {
    const same = items.filter((i) => i.sku === sku && i.status !== 'Cancel' && !taken.has(i.id));
    if (same.length === 0) return TRACKING_MSG.rowSkuUnknown;
    const open = same.find((i) => !i.shipmentId);
    if (!open) return TRACKING_MSG.rowSkuShipped;
    taken.add(open.id);
  }
  return [...taken];
}

export async function runTrackingImport(ctx: AppContext, run: JobRun): Promise<TrackingImportResult> {
  const { fileId } = run.job.payload as { fileId?: string };
  const file = fileId ? await readJobFile(ctx.db, fileId) : undefined;
  if (!file || !run.job.userId || !run.job.agencyId) return fileProblem(TRACKING_MSG.unreadable);
  let sheet: Sheet;
  try {
    sheet = await readTrackingSheet(file.data);
  } catch {
    return fileProblem(TRACKING_MSG.unreadable);
  }
  const missing = TRACKING_REQUIRED_COLUMNS.filter((c) => !sheet.headers.includes(c));
  if (missing.length) return fileProblem(TRACKING_MSG.missingColumns([...missing]));
  if (sheet.rows.length === 0) return fileProblem(TRACKING_MSG.emptyFile);
  if (sheet.rows.length > TRACKING_LIMITS.importMaxRows) return fileProblem(TRACKING_MSG.tooManyRows);
  const total = sheet.rows.length;
  await run.progress({ total, processed: 0, failed: 0 });

  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, run.job.userId));
  const who: TrackingActor = { userId: run.job.userId, agencyId: run.job.agencyId, email: user?.email ?? '' };
  const failed: FailedRow[] = [];

  // 1. Each row on its own: the fields the screen's dialog would refuse.
  const readable: Row[] = [];
  for (const row of sheet.rows) {
    if (!cell(row, 'Order Name')) {
      failed.push({ ...row, reason: TRACKING_MSG.rowOrderUnknown });
      continue;
    }
    const check = addShipmentBody.safeParse({ trackingNumber: cell(row, 'Tracking Number'), carrier: cell(row, 'Carrier'), trackingUrl: cell(row, 'Tracking URL') });
    if (!check.success) failed.push({ ...row, reason: check.error.issues[0]?.message ?? TRACKING_MSG.unreadable });
    else readable.push(row);
  }

  // 2. Orders by name, then one shipment per order and tracking number.
  const groups = groupRows(await resolveOrders(ctx, who.agencyId, readable, failed));
  let processed = failed.length;
  await run.progress({ processed, failed: failed.length });
  let shipments = 0;
  let skipped = 0;
  for (const group of groups) {
    if (await repo.shipmentByNumber(ctx.db, group.orderId, group.trackingNumber)) {
      skipped += group.rows.length;
    } else {
      const items = await itemsForSkus(ctx, group.orderId, group.skus);
      if (typeof items === 'string') {
        failed.push(...group.rows.map((r) => ({ ...r, reason: items })));
      } else {
        try {
          await ctx.db.transaction((tx) =>
            addShipmentTx(ctx, tx, who, group.orderId, {
              trackingNumber: group.trackingNumber,
              carrier: group.carrier,
              trackingUrl: group.trackingUrl,
              ...(items.length ? { itemIds: items } : {}),
            }),
          );
          shipments++;
        } catch (err) {
          if (isDuplicateTracking(err)) skipped += group.rows.length;
          else if (err instanceof HttpError) failed.push(...group.rows.map((r) => ({ ...r, reason: err.message })));
          else throw err;
        }
      }
    }
    processed += group.rows.length;
    await run.progress({ processed, failed: failed.length });
  }

  let reportFileId: string | undefined;
  if (failed.length) {
    failed.sort((a, b) => a.rowNumber - b.rowNumber);
    const data = await toXlsx(
      'Failed rows',
      [
        { header: 'Row', value: (r: FailedRow) => r.rowNumber },
        ...TRACKING_SHEET_COLUMNS.map((h) => ({ header: h, value: (r: FailedRow) => r.cells[h] ?? '', width: 22 })),
        { header: 'Reason', value: (r: FailedRow) => r.reason, width: 60 },
      ],
      failed,
    );
    reportFileId = (
      await saveJobFile(ctx.db, { jobId: run.job.id, userId: who.userId, agencyId: who.agencyId, purpose: 'report', name: `tracking-report-${run.job.id}.xlsx`, contentType: XLSX_TYPE, data })
    ).id;
  }
  return {
    message: TRACKING_MSG.importDone(shipments, skipped, failed.length),
    ok: true,
    rows: total,
    shipments,
    skipped,
    failed: failed.length,
    ...(reportFileId ? { reportFileId } : {}),
  };
}
