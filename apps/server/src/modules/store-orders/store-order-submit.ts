/**
 * The store's "delay before submit" (docs/stores.md, "Orders from stores"): a store order whose every line is
 * mapped is submitted on the team's behalf once the buyers' time to change it is over (0: at once), through the
 * order machine like the seller's own Submit (an auto-approve team's order is approved and charged there).
 * An order the seller changed meanwhile is left as it is; one the machine refuses gets the reason on its timeline.
 */
import { and, eq, sql } from 'drizzle-orm';
import { DESIGN_MSG, STORE_ORDER_MSG, type Actor, type Authority, type PersonalizedOrders } from '@fbo/shared';
import type { AppContext } from '../../context';
import { executedRows } from '../../db/client';
import { orders, users } from '../../db/schema/index';
import type { JobRun } from '../../jobs/queue';
import { HttpError } from '../../lib/errors';
import { addOrderEvent } from '../order-core';
import { runCommand } from '../order-commands';
import { hireDesigns } from '../design-service';

export const SUBMIT_STORE_ORDER = 'store-orders.submit';
export const DESIGN_STORE_ORDER = 'store-orders.hire-design';

/**
 * When the buyers' time to change an order is over: the store's delay counted from the order's arrival (an order made
 * ready later by its mapping may be due at once).
 */
const afterDelay = (store: { submitDelayMinutes: number }, arrivedAt = new Date()) =>
  new Date(Math.max(Date.now(), arrivedAt.getTime() + store.submitDelayMinutes * 60_000));

/** Queues the submit of a new store order after the store's delay (in the transaction that created it, when given). */
export async function queueSubmit(
  ctx: AppContext,
  db: Parameters<AppContext['jobs']['enqueue']>[0],
  store: { agencyId: string; sellerTeamId: string; submitDelayMinutes: number },
  orderId: string,
  arrivedAt = new Date(),
) {
  await ctx.jobs.enqueue(db, {
    kind: SUBMIT_STORE_ORDER, payload: { orderId }, agencyId: store.agencyId, sellerTeamId: store.sellerTeamId,
    runAt: afterDelay(store, arrivedAt), dedupeKey: `submit:${orderId}`,
  });
}

/**
 * Store orders a mapping made later has resolved (sync-to-item) are submitted as if the mapping had been there when
 * they arrived: each still Unfulfilled, from a store, with every live line of a catalog variant and none of a
 * personalized product (those wait for their artwork), queued after the store's delay from its arrival.
 */
export async function submitWhenReady(ctx: AppContext, orderIds: string[]) {
  if (!orderIds.length) return;
  type Ready = { id: string; agency_id: string; seller_team_id: string; created_at: string | Date; submit_delay_minutes: number };
  const ready = executedRows<Ready>(await ctx.db.execute(sql`
    select o.id, o.agency_id, o.seller_team_id, o.created_at, s.submit_delay_minutes
      from orders o join stores s on s.agency_id = o.agency_id and s.id = o.store_id
     where o.id = any(array(select json_array_elements_text(${JSON.stringify(orderIds)}::json)::uuid)) and o.status = 'Unfulfilled'
       and exists (select 1 from order_items i where i.order_id = o.id and i.status <> 'Cancel')
       and not exists (
         select 1 from order_items i
           left join product_variants pv on pv.agency_id = i.agency_id and pv.id = i.product_variant_id
           left join products p on p.agency_id = pv.agency_id and p.id = pv.product_id
          where i.order_id = o.id and i.status <> 'Cancel' and ((i.catalog_variant_id is null and i.warehouse_product_id is null) or p.personalized))`));
  for (const row of ready) {
    await queueSubmit(ctx, ctx.db, { agencyId: row.agency_id, sellerTeamId: row.seller_team_id, submitDelayMinutes: row.submit_delay_minutes }, row.id, new Date(row.created_at));
  }
  if (ready.length) ctx.jobs.kick();
}

type StoreRules = { agencyId: string; sellerTeamId: string; submitDelayMinutes: number; personalizedOrders?: PersonalizedOrders };

/**
 * What follows a store order's creation: its submit after the store's delay when every line is ready; a personalized
 * product's order goes, after the same delay, to the design service when the store says so (else it waits for the
 * seller's artwork).
 */
export async function afterCreate(
  ctx: AppContext,
  db: Parameters<AppContext['jobs']['enqueue']>[0],
  store: StoreRules,
  result: { outcome: string; orderId?: string; readyToSubmit?: boolean; personalized?: boolean },
) {
  if (result.outcome !== 'created' || !result.orderId) return;
  if (result.readyToSubmit) await queueSubmit(ctx, db, store, result.orderId);
  else if (result.personalized && store.personalizedOrders === 'design') {
    await ctx.jobs.enqueue(db, {
      kind: DESIGN_STORE_ORDER, payload: { orderId: result.orderId }, agencyId: store.agencyId, sellerTeamId: store.sellerTeamId,
      runAt: afterDelay(store), dedupeKey: `design:${result.orderId}`,
    });
  }
}

/** The team's manager as the actor the submit is taken for: the team's own side of the machine. */
async function managerActor(ctx: AppContext, agencyId: string, sellerTeamId: string): Promise<Actor | null> {
  const [manager] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.sellerTeamId, sellerTeamId), eq(users.userType, 'seller'), eq(users.isSubUser, false), eq(users.status, 'active')))
    .limit(1);
  return manager
    ? { userId: manager.id, userType: manager.userType, authority: manager.authority as Authority | null, isSubUser: false, agencyId, sellerTeamId }
    : null;
}

export async function runSubmit(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const agencyId = run.job.agencyId!;
  const orderId = String(run.job.payload['orderId'] ?? '');
  const [order] = await ctx.db.select().from(orders).where(and(eq(orders.agencyId, agencyId), eq(orders.id, orderId)));
  if (!order || order.status !== 'Unfulfilled') return { ok: true, message: 'Already submitted or changed: nothing to do' };
  const actor = await managerActor(ctx, agencyId, order.sellerTeamId);
  if (!actor) return { ok: false, message: 'The team has no active manager to submit for' };
  try {
    const answer = await runCommand(ctx, actor, 'submit', { ids: [order.id], reason: STORE_ORDER_MSG.submitted }, {
      idempotency: { key: undefined, userId: actor.userId, route: SUBMIT_STORE_ORDER, requestHash: '' },
      // A mail that fails after the commit is only logged (there is no request log in a job).
      log: { error: (obj: unknown, msg?: string) => console.error(msg ?? 'store order submit', obj) },
    });
    return { ok: true, status: answer.data.results[0]?.status, message: STORE_ORDER_MSG.submitted };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    await addOrderEvent(ctx.db, { orderId: order.id, agencyId, kind: 'note', action: 'store-submit', message: STORE_ORDER_MSG.notSubmitted(err.message) });
    return { ok: false, message: err.message };
  }
}

/** The buyer's input on the order's lines, as the designer reads it ("Line 1: Name: Ada; Photo: https://..."). */
export function buyerInputNote(metadata: Record<string, unknown>): string {
  const lines = Array.isArray(metadata['properties']) ? (metadata['properties'] as { position: number; properties: { key: string; value: string }[] }[]) : [];
  const text = lines
    .map((l) => `Line ${l.position + 1}: ${l.properties.map((p) => `${p.key}: ${p.value}`).join('; ')}`)
    .join('\n');
  const note = `${STORE_ORDER_MSG.designRequested}${text ? `\n${text}` : ''}`;
  // The design request's note holds 1,000 characters; the whole input stays on the order.
  return note.length > 1000 ? `${note.slice(0, 999)}\u2026` : note;
}

/** A personalized product's order sent to the design service for the team's manager, with the buyer's input as the note. */
export async function runDesign(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const agencyId = run.job.agencyId!;
  const orderId = String(run.job.payload['orderId'] ?? '');
  const [order] = await ctx.db.select().from(orders).where(and(eq(orders.agencyId, agencyId), eq(orders.id, orderId)));
  if (!order || order.status !== 'Unfulfilled' || order.hireDesignStatus !== null) return { ok: true, message: 'Already in hand: nothing to do' };
  const actor = await managerActor(ctx, agencyId, order.sellerTeamId);
  if (!actor) return { ok: false, message: 'The team has no active manager to ask for a design' };
  const answer = await hireDesigns(ctx, actor, { ids: [order.id], note: buyerInputNote(order.metadata) });
  const result = answer.data.results[0];
  if (result?.ok) return { ok: true, message: STORE_ORDER_MSG.designRequested };
  await addOrderEvent(ctx.db, { orderId: order.id, agencyId, kind: 'note', action: 'store-design', message: STORE_ORDER_MSG.designNotRequested(result?.message ?? DESIGN_MSG.alreadyRequested) });
  return { ok: false, message: result?.message };
}

/** The jobs that follow a store order's arrival (the submit is registered with the read jobs, store-orders.job.ts). */
export function registerStoreOrderFollowUps(ctx: AppContext): void {
  ctx.jobs.register(DESIGN_STORE_ORDER, (run) => runDesign(ctx, run));
}
