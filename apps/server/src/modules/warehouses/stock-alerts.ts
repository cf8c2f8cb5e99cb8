/**
 * Low-stock alerts (docs/warehouses.md "Alerts and store stock"), decided and told inside the stock ledger's transaction:
 * a level whose available units (on hand - reserved) fall from above its threshold (the level's own, else the product's)
 * to at or below it is marked `low_alerted` and its owner team's manager, its warehouse team's manager and the agency user
 * mapped to the warehouse team are told once,
 * in the app and by the `low_stock` mail (queued as a job in the same transaction: a rolled-back movement tells no one);
 * rising above the threshold clears the mark, so the next fall alerts again.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { agencies, sellerTeams, users, warehouseProducts, warehouses } from '../../db/schema/index';
import { insertJob } from '../../jobs/enqueue';
import type { JobRun } from '../../jobs/queue';
import { notify } from '../notifications';

export const LOW_STOCK_MAIL_JOB = 'warehouses.low-stock-mail';

export type AlertStep = 'alert' | 'rearm' | null;

/** What a change of available units does to a level's alert: alert on a fall to or under the threshold, re-arm above it. */
export function alertStep(before: number, after: number, threshold: number, alerted: boolean): AlertStep {
  if (!alerted && before > threshold && after <= threshold) return 'alert';
  if (alerted && after > threshold) return 'rearm';
  return null;
}

export const lowStockMessage = (sku: string, code: string, available: number) => `Low stock: ${sku} at ${code}: ${available} available`;

export interface LowStockAlert {
  warehouseId: string;
  warehouseProductId: string;
  available: number;
}

/**
 * Tells the owner team's manager, the warehouse team's manager and the agency user mapped to the warehouse team (who
 * oversees it, docs/warehouses.md "Who works it") of each alert: in app now, by mail through a job.
 */
export async function tellLowStock(tx: Tx, agencyId: string, alerts: LowStockAlert[]): Promise<void> {
  if (alerts.length === 0) return;
  const owner = alias(sellerTeams, 'owner_team');
  const operator = alias(sellerTeams, 'warehouse_team');
  const rows = await tx
    .select({ warehouseId: warehouses.id, productId: warehouseProducts.id, sku: warehouseProducts.sku, name: warehouseProducts.name, code: warehouses.code, ownerManagerId: owner.managerId, warehouseManagerId: operator.managerId, mappedUserId: operator.mappedUserId })
    .from(warehouseProducts)
    .innerJoin(warehouses, and(eq(warehouses.agencyId, warehouseProducts.agencyId), inArray(warehouses.id, [...new Set(alerts.map((a) => a.warehouseId))])))
    .innerJoin(owner, and(eq(owner.agencyId, warehouseProducts.agencyId), eq(owner.id, warehouseProducts.ownerTeamId)))
    .innerJoin(operator, and(eq(operator.agencyId, warehouses.agencyId), eq(operator.id, warehouses.warehouseTeamId)))
    .where(and(eq(warehouseProducts.agencyId, agencyId), inArray(warehouseProducts.id, [...new Set(alerts.map((a) => a.warehouseProductId))])));
  for (const alert of alerts) {
    const row = rows.find((r) => r.warehouseId === alert.warehouseId && r.productId === alert.warehouseProductId);
    if (!row) continue;
    const userIds = [...new Set([row.ownerManagerId, row.warehouseManagerId, row.mappedUserId].filter((id): id is string => !!id))];
    if (userIds.length === 0) continue;
    await notify(tx, userIds, { agencyId, title: 'Low stock', content: lowStockMessage(row.sku, row.code, alert.available) });
    await insertJob(tx, {
      kind: LOW_STOCK_MAIL_JOB, agencyId,
      payload: { agencyId, userIds, sku: row.sku, productName: row.name, warehouseCode: row.code, available: alert.available },
    });
  }
}

/** The `low_stock` mail to each person the alert named (their agency's template, else the default). */
export async function runLowStockMail(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const p = run.job.payload as { agencyId: string; userIds: string[]; sku: string; productName: string; warehouseCode: string; available: number };
  if (!p.userIds?.length) return { sent: 0 };
  const [agency] = await ctx.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, p.agencyId));
  const people = await ctx.db.select({ email: users.email, name: users.fullName }).from(users)
    .where(and(eq(users.agencyId, p.agencyId), inArray(users.id, p.userIds)));
  for (const person of people) {
    await ctx.mailer.send({
      agencyId: p.agencyId, to: person.email, templateCode: 'low_stock',
      vars: { name: person.name, agencyName: agency?.name ?? '', sku: p.sku, productName: p.productName, warehouseCode: p.warehouseCode, available: p.available },
    });
  }
  return { sent: people.length };
}
