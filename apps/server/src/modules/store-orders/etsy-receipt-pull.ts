/**
 * Etsy's scheduled receipt pull within the app key's budget (docs/stores-etsy.md, "Scheduled pull"). Etsy v3 sends
 * no order webhooks, so every 5 minutes `store-orders.etsy-pulls` picks the connected Etsy shops of teams that take
 * store orders, the longest unread first, as many as the app key's budget holds, and queues for each
 * `store-orders.etsy-pull` (ETSY_PULL_JOB): the usual pull (runOrderPull) since the shop's high-water mark
 * (`stores.orders_pulled_until`) less an overlap, which advances the mark to the time it started once it succeeds.
 * A failed pull leaves the mark where it was: the next one reads the same receipts again (applying is idempotent).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ETSY_PULL_JOB } from '@fbo/shared';
import type { AppContext } from '../../context';
import { stores } from '../../db/schema/index';
import type { JobRun } from '../../jobs/queue';
import { etsyOptions, receiptPullsThatFit } from '../stores';
import { pullableCondition } from './pullable-stores';
import { runOrderPull } from './store-orders.job';

export const ETSY_PULLS_SCHEDULE = 'store-orders.etsy-pulls';
const ETSY_PULLS_CRON = '*/5 * * * *';
const TICKS_PER_DAY = 288;
/** Requests one pull is counted at: a page of receipts, and the hourly token refresh and a second page spread over them. */
const REQUESTS_PER_PULL = 2;
/** The share of the day's budget no pull may take: tracking pushes, product syncs and connects must not starve. */
const RESERVE_SHARE = 0.1;
/** Read again before the mark: Etsy's clock and ours may differ, and its timestamps have one-second steps. */
export const ETSY_PULL_OVERLAP_MS = 5 * 60_000;
/** A shop never pulled (a mark lost, a store from before the mark existed) looks back as far as a first connect. */
const FIRST_PULL_MS = 14 * 86_400_000;

type Budget = NonNullable<NonNullable<ReturnType<typeof etsyOptions>>['budget']>;

/**
 * Pulls this tick may queue: what today's remaining budget holds beyond the reserve (receiptPullsThatFit's rule),
 * but no more than a steady share of the day (a sliding 24-hour window spent evenly over 288 ticks), so the first
 * ticks of a day cannot leave the rest of it empty.
 */
export function etsyPullsThisTick(budget: Budget): number {
  const fit = receiptPullsThatFit(budget, { requestsPerPull: REQUESTS_PER_PULL, reserve: Math.ceil(budget.perDay * RESERVE_SHARE) });
  const steady = Math.max(1, Math.floor(budget.perDay / TICKS_PER_DAY / REQUESTS_PER_PULL));
  return Math.max(0, Math.min(fit, steady));
}

/** The tick: the due shops, longest unread first, one pull job each (none while a shop's last one waits or runs). */
async function queueDuePulls(ctx: AppContext): Promise<Record<string, unknown>> {
  const budget = etsyOptions(ctx)?.budget;
  if (!budget) return { ok: true, queued: 0, message: 'Etsy is not configured' };
  const room = etsyPullsThisTick(budget);
  if (room === 0) return { ok: true, queued: 0, message: 'The Etsy app key has no requests to spare today' };
  const due = await ctx.db
    .select({ agencyId: stores.agencyId, id: stores.id, sellerTeamId: stores.sellerTeamId })
    .from(stores)
    .where(and(eq(stores.platform, 'etsy'), pullableCondition(),
      sql`exists (select 1 from seller_teams t where t.agency_id = ${stores.agencyId} and t.id = ${stores.sellerTeamId} and t.get_order_api)`,
      sql`not exists (select 1 from jobs j where j.kind = ${ETSY_PULL_JOB} and j.dedupe_key = 'etsy-pull:' || ${stores.id} and j.status in ('queued', 'running'))`))
    .orderBy(sql`${stores.ordersPulledUntil} asc nulls first`, stores.id)
    .limit(room);
  for (const store of due) await queueEtsyPull(ctx, store);
  if (due.length) ctx.jobs.kick();
  return { ok: true, queued: due.length, room };
}

async function queueEtsyPull(ctx: AppContext, store: { agencyId: string; id: string; sellerTeamId: string }) {
  return ctx.jobs.enqueue(ctx.db, {
    kind: ETSY_PULL_JOB, payload: { storeId: store.id }, agencyId: store.agencyId, sellerTeamId: store.sellerTeamId, dedupeKey: `etsy-pull:${store.id}`,
  });
}

/** One shop's pull since its mark; on success the mark moves to when this pull started (never backwards). */
export async function runEtsyPull(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const agencyId = run.job.agencyId!;
  const storeId = String(run.job.payload['storeId'] ?? '');
  const where = and(eq(stores.agencyId, agencyId), eq(stores.id, storeId));
  const [store] = await ctx.db.select({ mark: stores.ordersPulledUntil }).from(stores).where(where);
  if (!store) return { ok: false, message: 'Store not found' };
  const startedAt = new Date();
  const since = new Date((store.mark?.getTime() ?? startedAt.getTime() - FIRST_PULL_MS) - ETSY_PULL_OVERLAP_MS);
  const result = await runOrderPull(ctx, { ...run, job: { ...run.job, payload: { ...run.job.payload, storeId, since: since.toISOString() } } });
  if (result['ok'] !== true) return result;
  await ctx.db.update(stores).set({ ordersPulledUntil: startedAt })
    .where(and(where, or(isNull(stores.ordersPulledUntil), lt(stores.ordersPulledUntil, startedAt))));
  return { ...result, since: since.toISOString(), pulledUntil: startedAt.toISOString() };
}

export function registerEtsyPullJobs(ctx: AppContext): void {
  ctx.jobs.register(ETSY_PULLS_SCHEDULE, () => queueDuePulls(ctx));
  // Shops are pulled one after another per process: the app key's per-second limit is shared by all of them anyway.
  ctx.jobs.register(ETSY_PULL_JOB, (run) => runEtsyPull(ctx, run));
}

export async function scheduleEtsyPulls(ctx: AppContext): Promise<void> {
  await ctx.jobs.schedule({ name: ETSY_PULLS_SCHEDULE, kind: ETSY_PULLS_SCHEDULE, cron: ETSY_PULLS_CRON });
}
