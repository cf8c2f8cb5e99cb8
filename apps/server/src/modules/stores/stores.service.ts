/**
 * Stores of seller teams (docs/stores.md). A seller's manager sees and changes its own team's stores;
 * the agency (owner, customer support) reads every store of its sellers. The scope always comes from
 * the actor: another tenant's store is not found (404).
 */
import { STORE_MSG, type Actor, type CreateStoreBody, type StoreListQuery, type UpdateStoreBody } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import * as repo from './stores.repo';
import { storeView } from './stores.views';

/** Whose stores the actor sees. */
export function storeScope(actor: Actor): repo.StoreScope {
  if (actor.userType === 'agency' && actor.agencyId) return { agencyId: actor.agencyId };
  if (actor.userType === 'seller' && actor.agencyId && actor.sellerTeamId) return { agencyId: actor.agencyId, sellerTeamId: actor.sellerTeamId };
  throw forbidden();
}

/** A change is the seller's own: the agency reads its sellers' stores but does not run them. */
export function sellerScope(actor: Actor): Required<repo.StoreScope> {
  const scope = storeScope(actor);
  if (!scope.sellerTeamId) throw forbidden();
  return scope as Required<repo.StoreScope>;
}

const audit = (tx: Tx, actor: Actor, storeId: string, action: string, before?: unknown, after?: unknown) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'store', entityId: storeId, action, before, after });

/** What the audit keeps of a store: never its credentials. */
const auditable = (s: repo.StoreRow) => ({
  name: s.name, status: s.status, importPaidOnly: s.importPaidOnly, skipIgnoredOnly: s.skipIgnoredOnly,
  submitDelayMinutes: s.submitDelayMinutes, shippingMap: s.shippingMap, personalizedOrders: s.personalizedOrders,
});

export async function list(ctx: AppContext, actor: Actor, q: StoreListQuery) {
  const { rows, count } = await repo.listStores(ctx.db, storeScope(actor), q);
  return listAnswer(rows.map((r) => storeView(r.store, r)), count, q);
}

export async function get(ctx: AppContext, actor: Actor, id: string) {
  const found = await repo.findStore(ctx.db, storeScope(actor), id);
  if (!found) throw notFound(STORE_MSG.notFound);
  return { data: storeView(found, found) };
}

export async function createManual(ctx: AppContext, actor: Actor, body: CreateStoreBody) {
  const scope = sellerScope(actor);
  const id = await ctx.db.transaction(async (tx) => {
    const store = await repo.insertStore(tx, {
      agencyId: scope.agencyId, sellerTeamId: scope.sellerTeamId, platform: 'manual', name: body.name, currency: body.currency, connectedAt: new Date(),
    });
    await audit(tx, actor, store.id, 'create', undefined, auditable(store));
    return store.id;
  });
  return { message: STORE_MSG.created, data: (await get(ctx, actor, id)).data };
}

export async function update(ctx: AppContext, actor: Actor, id: string, body: UpdateStoreBody) {
  const scope = sellerScope(actor);
  await ctx.db.transaction(async (tx) => {
    const store = await repo.findStore(tx, scope, id, 'update');
    if (!store) throw notFound(STORE_MSG.notFound);
    const rules = body.importRules ?? {};
    const set = {
      ...(body.name !== undefined && { name: body.name }),
      ...(rules.paidOnly !== undefined && { importPaidOnly: rules.paidOnly }),
      ...(rules.skipIgnoredOnly !== undefined && { skipIgnoredOnly: rules.skipIgnoredOnly }),
      ...(rules.submitDelayMinutes !== undefined && { submitDelayMinutes: rules.submitDelayMinutes }),
      ...(rules.shippingMap !== undefined && { shippingMap: rules.shippingMap }),
      ...(rules.personalizedOrders !== undefined && { personalizedOrders: rules.personalizedOrders }),
    };
    await repo.updateStore(tx, scope, id, set);
    await audit(tx, actor, id, 'update', auditable(store), auditable({ ...store, ...set }));
  });
  return { message: STORE_MSG.updated, data: (await get(ctx, actor, id)).data };
}

/**
 * Disconnect: the credentials are wiped (the shop's app can be removed in the shop; its token is then
 * void anyway) and nothing is pulled or pushed any more. The store row stays with its products, mappings
 * and orders, so connecting the same shop again finds them.
 */
export async function disconnect(ctx: AppContext, actor: Actor, id: string) {
  const scope = sellerScope(actor);
  await ctx.db.transaction(async (tx) => {
    const store = await repo.findStore(tx, scope, id, 'update');
    if (!store) throw notFound(STORE_MSG.notFound);
    if (store.status === 'disconnected') throw badRequest(STORE_MSG.alreadyDisconnected);
    await repo.updateStore(tx, scope, id, {
      status: 'disconnected', statusReason: 'Disconnected by the seller', credentials: null, credentialsKeyId: null, disconnectedAt: new Date(),
    });
    await audit(tx, actor, id, 'disconnect', { status: store.status }, { status: 'disconnected' });
  });
  return { message: STORE_MSG.disconnected, data: (await get(ctx, actor, id)).data };
}

/** Only a store no order came from can be deleted; one with orders is disconnected instead (its orders keep it). */
export async function remove(ctx: AppContext, actor: Actor, id: string) {
  const scope = sellerScope(actor);
  await ctx.db.transaction(async (tx) => {
    const store = await repo.findStore(tx, scope, id, 'update');
    if (!store) throw notFound(STORE_MSG.notFound);
    if (await repo.storeHasOrders(tx, scope.agencyId, id)) throw conflict(STORE_MSG.deleteHasOrders);
    await repo.deleteStore(tx, scope, id);
    await audit(tx, actor, id, 'delete', auditable(store));
  });
  return { message: STORE_MSG.deleted };
}
