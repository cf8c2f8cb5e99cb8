/**
 * The store's "delay before submit" (docs/stores.md, "Orders from stores"): a store order whose every line is
 * mapped is submitted on the team's behalf once the buyers' time to change it is over (0: at once), through the
 * order machine like the seller's own Submit (an auto-approve team's order is approved and charged there).
 * An order the seller changed meanwhile is left as it is; one the machine refuses gets the reason on its timeline.
 */
import { and, eq } from 'drizzle-orm';
import { STORE_ORDER_MSG, type Actor, type Authority } from '@fbo/shared';
import type { AppContext } from '../../context';
import { orders, users } from '../../db/schema/index';
import type { JobRun } from '../../jobs/queue';
import { HttpError } from '../../lib/errors';
import { addOrderEvent } from '../order-core';
import { runCommand } from '../order-commands';

export const SUBMIT_STORE_ORDER = 'store-orders.submit';

/** Queues the submit of a new store order after the store's delay (in the transaction that created it, when given). */
export async function queueSubmit(
  ctx: AppContext,
  db: Parameters<AppContext['jobs']['enqueue']>[0],
  store: { agencyId: string; sellerTeamId: string; submitDelayMinutes: number },
  orderId: string,
) {
  await ctx.jobs.enqueue(db, {
    kind: SUBMIT_STORE_ORDER, payload: { orderId }, agencyId: store.agencyId, sellerTeamId: store.sellerTeamId,
    runAt: new Date(Date.now() + store.submitDelayMinutes * 60_000), dedupeKey: `submit:${orderId}`,
  });
}

/** What follows a store order's creation: its submit after the store's delay when every line is ready. */
export async function afterCreate(
  ctx: AppContext,
  db: Parameters<AppContext['jobs']['enqueue']>[0],
  store: { agencyId: string; sellerTeamId: string; submitDelayMinutes: number },
  result: { outcome: string; orderId?: string; readyToSubmit?: boolean },
) {
  if (result.outcome === 'created' && result.readyToSubmit && result.orderId) await queueSubmit(ctx, db, store, result.orderId);
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
