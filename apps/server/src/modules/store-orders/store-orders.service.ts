/** "Pull orders since" (docs/stores.md, "Orders from stores"): the seller manager asks for a store's recent orders. */
import { STORE_MSG, STORE_ORDER_MSG, type Actor, type PullOrdersBody } from '@fbo/shared';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { findStore, sellerScope } from '../stores';
import { queuePull } from './store-orders.job';
import * as repo from './store-orders.repo';

export async function requestPull(ctx: AppContext, actor: Actor, storeId: string, body: PullOrdersBody) {
  const store = await findStore(ctx.db, sellerScope(actor), storeId);
  if (!store) throw notFound(STORE_MSG.notFound);
  if (store.platform === 'manual') throw badRequest(STORE_ORDER_MSG.pullManual);
  if (store.isDemo) throw badRequest(STORE_ORDER_MSG.pullDemo);
  if (store.status !== 'connected') throw badRequest(STORE_ORDER_MSG.pullNotConnected);
  const job = await ctx.db.transaction(async (tx) => {
    const forOrders = await repo.storeForOrders(tx, store.agencyId, store.id);
    if (!forOrders?.getOrderApi) throw badRequest(STORE_ORDER_MSG.pullApiOff);
    await writeAudit(tx, { actorId: actor.userId, agencyId: store.agencyId, entity: 'store', entityId: store.id, action: 'pull-orders', after: { since: body.since } });
    return queuePull(ctx, tx, store, new Date(`${body.since}T00:00:00Z`), actor.userId);
  });
  ctx.jobs.kick();
  return { message: STORE_ORDER_MSG.pullQueued, jobId: job.id };
}
