/**
 * "Pull orders since" (docs/stores.md, "Orders from stores"): the seller manager asks for a store's recent orders,
 * and the agency for every connected store of a team when it turns the team's Get order API on.
 */
import { SELLER_MSG, STORE_MSG, STORE_ORDER_MSG, type Actor, type PullOrdersBody, type PullableStoresAnswer, type SyncNowAnswer, type TeamPullOrdersAnswer } from '@fbo/shared';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { findTeam } from '../sellers';
import { findStore, sellerScope } from '../stores';
import { requestStoreSync } from '../products';
import { queuePull } from './store-orders.job';
import { pullableStores } from './pullable-stores';
import * as repo from './store-orders.repo';

const sinceDay = (body: PullOrdersBody) => new Date(`${body.since}T00:00:00Z`);

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
    return queuePull(ctx, tx, store, sinceDay(body), actor.userId);
  });
  ctx.jobs.kick();
  return { message: STORE_ORDER_MSG.pullQueued, jobId: job.id };
}

/** Looks back this far when the store was never pulled, and this much before the last pull (orders changed while it ran). */
const FIRST_SYNC_LOOKBACK_MS = 2 * 86_400_000;
const SYNC_OVERLAP_MS = 3_600_000;

/**
 * "Sync now" on a store's health panel: its products read again (the products module's sync job, refused for manual,
 * demo and unconnected stores), and its orders updated since the last pull when the team takes store orders.
 */
export async function syncNow(ctx: AppContext, actor: Actor, storeId: string): Promise<SyncNowAnswer> {
  const { jobId: productJobId } = await requestStoreSync(ctx, actor, storeId);
  const store = await findStore(ctx.db, sellerScope(actor), storeId);
  if (!store) throw notFound(STORE_MSG.notFound);
  const since = new Date(store.lastReconciledAt ? store.lastReconciledAt.getTime() - SYNC_OVERLAP_MS : Date.now() - FIRST_SYNC_LOOKBACK_MS);
  const orderJob = await ctx.db.transaction(async (tx) => {
    const forOrders = await repo.storeForOrders(tx, store.agencyId, store.id);
    if (!forOrders?.getOrderApi) return null;
    await writeAudit(tx, { actorId: actor.userId, agencyId: store.agencyId, entity: 'store', entityId: store.id, action: 'sync-now', after: { since: since.toISOString() } });
    return queuePull(ctx, tx, store, since, actor.userId);
  });
  ctx.jobs.kick();
  return { message: orderJob ? STORE_ORDER_MSG.syncStarted : STORE_ORDER_MSG.syncStartedProductsOnly, productJobId, orderJobId: orderJob?.id ?? null };
}

/** The stores a team's pull would read, for the agency's offer (404 for another agency's team). */
export async function teamPullableStores(ctx: AppContext, actor: Actor, teamId: string): Promise<PullableStoresAnswer> {
  const agencyId = actor.agencyId!;
  if (!(await findTeam(ctx.db, agencyId, teamId))) throw notFound(SELLER_MSG.notFound);
  const rows = await pullableStores(ctx.db, agencyId, teamId);
  return { data: rows.map((s) => ({ id: s.id, name: s.name, shopDomain: s.shopDomain })) };
}

/** The agency's pull of a team's stores: every connected platform store that is not a demo, one job each. */
export async function requestTeamPull(ctx: AppContext, actor: Actor, teamId: string, body: PullOrdersBody): Promise<TeamPullOrdersAnswer> {
  const agencyId = actor.agencyId!;
  const pulls = await ctx.db.transaction(async (tx) => {
    const team = await findTeam(tx, agencyId, teamId);
    if (!team) throw notFound(SELLER_MSG.notFound);
    if (!team.getOrderApi) throw badRequest(STORE_ORDER_MSG.pullApiOff);
    const pullable = await pullableStores(tx, agencyId, teamId);
    if (!pullable.length) throw badRequest(STORE_ORDER_MSG.teamPullNoStores);
    await writeAudit(tx, { actorId: actor.userId, agencyId, entity: 'seller_team', entityId: teamId, action: 'pull-orders', after: { since: body.since, stores: pullable.map((s) => s.id) } });
    const queued = [];
    for (const store of pullable) queued.push({ storeId: store.id, storeName: store.name, jobId: (await queuePull(ctx, tx, store, sinceDay(body), actor.userId)).id });
    return queued;
  });
  ctx.jobs.kick();
  return { message: STORE_ORDER_MSG.teamPullQueued(pulls.length), pulls };
}
