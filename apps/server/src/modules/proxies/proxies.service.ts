/**
 * Proxies (store-front domains) and proxy groups of the actor's agency. The agency always comes
 * from the actor; an id of another agency is simply not found.
 */
import type { Actor, ProxyCreateBody, ProxyGroupListQuery, ProxyListQuery, ProxyUpdateBody } from '@fbo/shared';
import { PROXY_MSG } from '@fbo/shared/domain/proxies';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { notify } from '../notifications';
import * as repo from './proxies.repo';

function agencyOf(actor: Actor): string {
  // The permission table lets only agency users here; the guard is belt and braces.
  if (actor.userType !== 'agency' || !actor.agencyId) throw forbidden();
  return actor.agencyId;
}

/** Unique indexes and foreign keys have the last word when two changes race. */
async function guarded<T>(work: () => Promise<T>, unique?: Unique): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = repo.pgErrorCode(error);
    if (code === '23505' && unique) throw taken(unique);
    if (code === '23503') throw conflict('This record changed meanwhile. Please reload and try again.');
    throw error;
  }
}

type Unique = { field: string; message: string };
const taken = (unique: Unique) => badRequest(unique.message, { [unique.field]: unique.message });
const GROUP_NAME_UNIQUE = { field: 'name', message: PROXY_MSG.groupNameTaken };
const DOMAIN_UNIQUE = { field: 'proxyDomain', message: PROXY_MSG.domainTaken };

const audit = (tx: Tx, actor: Actor, entry: { entity: 'proxy' | 'proxy_group'; entityId: string; action: string; before?: unknown; after?: unknown }) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, ...entry });

/** A group named in a body must be one of the agency's: another agency's is 400 'not found'. */
async function checkGroup(tx: Tx, agencyId: string, groupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  if (!(await repo.findGroup(tx, agencyId, groupId, 'share'))) {
    throw badRequest(PROXY_MSG.groupNotFound, { groupId: PROXY_MSG.groupNotFound });
  }
}

async function checkDomain(tx: Tx, agencyId: string, proxyDomain: string, exceptId?: string): Promise<void> {
  if (await repo.domainTaken(tx, agencyId, proxyDomain, exceptId)) {
    throw taken(DOMAIN_UNIQUE);
  }
}

// ----- select source -----

export async function options(ctx: AppContext, actor: Actor) {
  return { data: await repo.listOptions(ctx.db, agencyOf(actor)) };
}

// ----- groups -----

export async function listGroups(ctx: AppContext, actor: Actor, q: ProxyGroupListQuery) {
  const { rows, count } = await repo.listGroups(ctx.db, agencyOf(actor), q);
  return listAnswer(rows, count, q);
}

export async function createGroup(ctx: AppContext, actor: Actor, name: string) {
  const agencyId = agencyOf(actor);
  const data = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        if (await repo.groupNameTaken(tx, agencyId, name)) throw taken(GROUP_NAME_UNIQUE);
        const group = await repo.insertGroup(tx, agencyId, name);
        await audit(tx, actor, { entity: 'proxy_group', entityId: group.id, action: 'create', after: { name } });
        return (await repo.groupItem(tx, agencyId, group.id))!;
      }),
    GROUP_NAME_UNIQUE,
  );
  return { message: 'Created', data };
}

export async function renameGroup(ctx: AppContext, actor: Actor, id: string, name: string) {
  const agencyId = agencyOf(actor);
  const data = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const before = await repo.findGroup(tx, agencyId, id, 'update');
        if (!before) throw notFound();
        if (await repo.groupNameTaken(tx, agencyId, name, id)) throw taken(GROUP_NAME_UNIQUE);
        await repo.renameGroup(tx, agencyId, id, name);
        await audit(tx, actor, { entity: 'proxy_group', entityId: id, action: 'update', before: { name: before.name }, after: { name } });
        return (await repo.groupItem(tx, agencyId, id))!;
      }),
    GROUP_NAME_UNIQUE,
  );
  return { message: 'Updated', data };
}

export async function deleteGroup(ctx: AppContext, actor: Actor, id: string) {
  const agencyId = agencyOf(actor);
  await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const group = await repo.findGroup(tx, agencyId, id, 'update');
        if (!group) throw notFound();
        const ungrouped = await repo.deleteGroup(tx, agencyId, id);
        await audit(tx, actor, { entity: 'proxy_group', entityId: id, action: 'delete', before: { name: group.name }, after: { ungroupedProxyIds: ungrouped } });
      }),
  );
  return { message: 'Deleted' };
}

// ----- proxies -----

export async function listProxies(ctx: AppContext, actor: Actor, q: ProxyListQuery) {
  const { rows, count } = await repo.listProxies(ctx.db, agencyOf(actor), q);
  return listAnswer(rows, count, q);
}

export async function createProxy(ctx: AppContext, actor: Actor, body: ProxyCreateBody) {
  const agencyId = agencyOf(actor);
  const values = { proxyDomain: body.proxyDomain, groupId: body.groupId ?? null };
  const data = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        await checkGroup(tx, agencyId, values.groupId);
        await checkDomain(tx, agencyId, values.proxyDomain);
        const proxy = await repo.insertProxy(tx, agencyId, values);
        await audit(tx, actor, { entity: 'proxy', entityId: proxy.id, action: 'create', after: values });
        return (await repo.proxyItem(tx, agencyId, proxy.id))!;
      }),
    DOMAIN_UNIQUE,
  );
  return { message: 'Created', data };
}

export async function updateProxy(ctx: AppContext, actor: Actor, id: string, body: ProxyUpdateBody) {
  const agencyId = agencyOf(actor);
  const data = await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const before = await repo.findProxy(tx, agencyId, id, true);
        if (!before) throw notFound();
        await checkGroup(tx, agencyId, body.groupId);
        if (body.proxyDomain !== undefined) await checkDomain(tx, agencyId, body.proxyDomain, id);
        const changes = { proxyDomain: body.proxyDomain, groupId: body.groupId };
        await repo.updateProxy(tx, agencyId, id, changes);
        await audit(tx, actor, {
          entity: 'proxy',
          entityId: id,
          action: 'update',
          before: { proxyDomain: before.proxyDomain, groupId: before.groupId },
          after: { proxyDomain: body.proxyDomain ?? before.proxyDomain, groupId: body.groupId === undefined ? before.groupId : body.groupId },
        });
        return (await repo.proxyItem(tx, agencyId, id))!;
      }),
    DOMAIN_UNIQUE,
  );
  return { message: 'Updated', data };
}

/** Refused while orders name the proxy (they keep their history); its users are unlinked and told. */
export async function deleteProxy(ctx: AppContext, actor: Actor, id: string) {
  const agencyId = agencyOf(actor);
  await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const proxy = await repo.findProxy(tx, agencyId, id, true);
        if (!proxy) throw notFound();
        const orderCount = await repo.countProxyOrders(tx, agencyId, id);
        if (orderCount > 0) throw badRequest(PROXY_MSG.proxyHasOrders(orderCount));
        const unlinked = await repo.deleteProxy(tx, agencyId, id);
        await audit(tx, actor, {
          entity: 'proxy',
          entityId: id,
          action: 'delete',
          before: { proxyDomain: proxy.proxyDomain, groupId: proxy.groupId },
          after: { unlinkedUserIds: unlinked },
        });
        const told = (await repo.reachableUsers(tx, unlinked)).filter((u) => u !== actor.userId);
        await notify(tx, told, {
          agencyId,
          title: 'Proxy removed',
          content: `The proxy ${proxy.proxyDomain} was deleted and is no longer assigned to you.`,
        });
      }),
  );
  return { message: 'Deleted' };
}
