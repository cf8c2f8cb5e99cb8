/**
 * Monthly storage fees (docs/warehouses.md "Storage fees"). On the 1st of each month (UTC) each owner team is charged,
 * per warehouse, for the month before: quantity = the month's average units on hand of its products there, exactly
 * from the movements, in hundredths of a unit (storage-charges.repo.ts monthUsage); amount = hundredths x the
 * warehouse's storagePerUnitMonthCents / 100, rounded half up.
 *
 * One transaction per charge: the `warehouse_storage_charges` row first (its unique index on (team, warehouse, month)
 * makes a second run insert nothing), then the money through the money core only: a wallet `adjustment` entry keyed
 * `storage:<warehouse>:<team>:<YYYY-MM>` and its OUT invoice (the ledger types and invoice sources have no storage
 * kind: adjustment is the closest, a debit the agency makes with its reason). A zero amount is recorded and posts
 * nothing. A wallet that cannot pay (the ledger refuses below zero: docs/money.md "No credit") leaves the charge
 * recorded unpaid (ledger_entry_id null), tells the team's manager and the agency owners, and every later run tries
 * it again first.
 */
import { centsToDollars, formatUsd } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { JobRun } from '../../jobs/queue';
import { HttpError } from '../../lib/errors';
import { createInvoice, postEntry } from '../money';
import { agencyOwnerIds, notify } from '../notifications';
import * as repo from './storage-charges.repo';

export const STORAGE_CHARGES_JOB = 'warehouses.storage-charges';
export const STORAGE_CHARGES_CRON = '0 3 1 * *';

export const storageKey = (c: { warehouseId: string; ownerTeamId: string; month: string }) => `storage:${c.warehouseId}:${c.ownerTeamId}:${c.month}`;

/** hundredths x cents per unit-month / 100, half up, in whole cents. */
export function storageAmountCents(unitHundredths: number, perUnitMonthCents: number): number {
  return Math.floor((unitHundredths * perUnitMonthCents + 50) / 100);
}

const perUnitMonthCents = (fees: unknown) => {
  const v = (fees as { storagePerUnitMonthCents?: unknown } | null)?.storagePerUnitMonthCents;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
};

const units = (hundredths: number) => (hundredths / 100).toFixed(2);

type Warehouse = Awaited<ReturnType<typeof repo.warehousesOf>>[number];

/** Posts a recorded charge's money; false when the wallet cannot pay (nothing moved, the charge stays unpaid). */
async function pay(tx: Tx, charge: repo.StorageCharge, warehouse: Warehouse): Promise<boolean> {
  const words = `Storage at ${warehouse.code}, ${charge.month}: ${units(charge.unitHundredths)} units on average`;
  let posted;
  try {
    posted = await postEntry(tx, {
      agencyId: charge.agencyId, sellerTeamId: charge.ownerTeamId, account: 'wallet', type: 'adjustment', amountCents: -charge.amountCents,
      key: storageKey(charge), refType: 'warehouse_storage_charge', refId: charge.id, description: words, reason: words, actorId: null,
    });
  } catch (err) {
    // The ledger's refusal is thrown before it writes anything: the transaction goes on to record the charge unpaid.
    if (err instanceof HttpError && err.statusCode === 409) return false;
    throw err;
  }
  if (!posted.replayed) {
    await createInvoice(tx, {
      agencyId: charge.agencyId, sellerTeamId: charge.ownerTeamId, type: 'OUT', source: 'adjustment',
      sellerAmountCents: charge.amountCents, agencyAmountCents: charge.amountCents, note: words,
      lines: [{ description: words, amountCents: charge.amountCents, agencyAmountCents: charge.amountCents, refType: 'warehouse_storage_charge', refId: charge.id, ledgerEntryId: posted.entry.id }],
    });
  }
  await repo.setLedgerEntry(tx, charge.agencyId, charge.id, posted.entry.id);
  return true;
}

async function tellUnpaid(tx: Tx, charge: repo.StorageCharge, warehouse: Warehouse) {
  const team = await repo.teamOf(tx, charge.agencyId, charge.ownerTeamId);
  const people = [...new Set([...(team?.managerId ? [team.managerId] : []), ...(await agencyOwnerIds(tx, charge.agencyId))])];
  await notify(tx, people, {
    agencyId: charge.agencyId,
    title: 'Storage fee unpaid',
    content: `${team?.name ?? 'A team'} could not pay ${formatUsd(centsToDollars(charge.amountCents))} of storage at ${warehouse.code} for ${charge.month}: top up the wallet; it is charged again on the next run.`,
  });
}

export interface StorageRunResult {
  month: string;
  charged: number;
  zero: number;
  unpaid: number;
  retriedPaid: number;
  existing: number;
}

/** Charges `month` (YYYY-MM, UTC) for every agency, after retrying the charges still unpaid. Runs again harmlessly. */
export async function runStorageCharges(ctx: AppContext, month: string): Promise<StorageRunResult> {
  repo.monthBounds(month);
  const out: StorageRunResult = { month, charged: 0, zero: 0, unpaid: 0, retriedPaid: 0, existing: 0 };
  for (const agencyId of await repo.agenciesWithWarehouses(ctx.db)) {
    const byId = new Map((await repo.warehousesOf(ctx.db, agencyId)).map((w) => [w.id, w]));
    // Debts first, oldest month first: told when first refused, tried quietly since.
    for (const unpaid of await repo.unpaidCharges(ctx.db, agencyId)) {
      const paid = await ctx.db.transaction(async (tx) => {
        const charge = await repo.lockCharge(tx, agencyId, unpaid.id);
        if (!charge || charge.ledgerEntryId) return false;
        return pay(tx, charge, byId.get(charge.warehouseId)!);
      });
      if (paid) out.retriedPaid++;
    }
    for (const usage of await repo.monthUsage(ctx.db, agencyId, month)) {
      const warehouse = byId.get(usage.warehouseId)!;
      const amountCents = storageAmountCents(usage.unitHundredths, perUnitMonthCents(warehouse.fees));
      const outcome = await ctx.db.transaction(async (tx) => {
        const charge = await repo.insertCharge(tx, { agencyId, warehouseId: usage.warehouseId, ownerTeamId: usage.ownerTeamId, month, unitHundredths: usage.unitHundredths, amountCents });
        if (!charge) return 'existing' as const;
        if (charge.amountCents === 0) return 'zero' as const;
        if (await pay(tx, charge, warehouse)) return 'charged' as const;
        await tellUnpaid(tx, charge, warehouse);
        return 'unpaid' as const;
      });
      out[outcome]++;
    }
  }
  return out;
}

/** The scheduled tick charges the month before the one it was due in (a late tick still charges the right month). */
export function registerStorageCharges(ctx: AppContext): void {
  ctx.jobs.register(STORAGE_CHARGES_JOB, async (run: JobRun) => {
    const due = typeof run.job.payload['scheduledFor'] === 'string' ? new Date(run.job.payload['scheduledFor']) : new Date();
    const month = typeof run.job.payload['month'] === 'string' ? run.job.payload['month'] : repo.previousMonth(Number.isNaN(due.getTime()) ? new Date() : due);
    return { ok: true, ...(await runStorageCharges(ctx, month)) };
  });
}

export async function scheduleStorageCharges(ctx: AppContext): Promise<void> {
  await ctx.jobs.schedule({ name: STORAGE_CHARGES_JOB, kind: STORAGE_CHARGES_JOB, cron: STORAGE_CHARGES_CRON });
}
