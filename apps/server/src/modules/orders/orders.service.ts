import { can, centsToDollars, ORDER_ATTENTION_KEYS, ORDER_STATUSES, type Actor, type OrderFilters, type OrderListQuery, type OrderStatus } from '@fbo/shared';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import * as repo from './orders.repo';
import { probeSearch } from './order-search';
import type { ListScope, ResolvedFilters } from './order-filters';
import type { Db } from '../../db/client';
import { orderScope } from '../order-core';

/** Sellers see their team's orders; agency users their agency's, designers only design requests. */
export function scopeOf(actor: Actor, hireDesign: boolean | undefined): ListScope {
  const scope = orderScope(actor);
  if (!scope) throw forbidden();
  if (scope.sellerTeamId) return { ...scope, designRequestsOnly: false };
  const design = hireDesign === true;
  if (!can(actor, design ? 'orders.design' : 'orders.agency')) throw forbidden();
  return { ...scope, designRequestsOnly: design };
}

/**
 * A search that is exactly the name of an order in scope shows that order (the unique index finds
 * it at once); any other search is a contains-match over name, customer, e-mail and references,
 * probed first for how common its text is (the queries pick their way from that: searchByFor).
 */
export async function resolveSearch<T extends ResolvedFilters>(db: Db, scope: ListScope, f: T): Promise<T> {
  if (!f.search) return f;
  if (await repo.hasExactName(db, scope, f.search)) return { ...f, exactName: true };
  return { ...f, searchShape: await probeSearch(db, scope, { ...f, search: f.search }) };
}

export async function orderList(ctx: AppContext, actor: Actor, q: OrderListQuery) {
  const scope = scopeOf(actor, q.hireDesign);
  const { rows, count } = await repo.listOrders(ctx.db, scope, await resolveSearch(ctx.db, scope, q));
  return listAnswer(
    rows.map((o) => ({
      id: o.id,
      orderName: o.orderName,
      status: o.status as OrderStatus,
      orderType: o.orderType,
      sellerTeam: { id: o.sellerTeamId, name: o.teamName },
      fullName: o.fullName,
      email: o.email,
      country: o.country,
      countryCode: o.countryCode,
      cannotShip: o.cannotShip,
      ignoreCannotShip: o.ignoreCannotShip,
      totalPrice: centsToDollars(o.totalPriceCents),
      charged: centsToDollars(o.chargedCents),
      itemCount: o.itemCount,
      addressStatus: o.addressStatus,
      designStatus: (o.hireDesignStatus as never) ?? null,
      heldBy: o.heldBy ?? null,
      needsMapping: o.needsMapping,
      createdDate: o.createdAt.toISOString(),
    })),
    count,
    q,
  );
}

/** Tab counts for the list's filters: every status and All, capped at TAB_COUNT_CAP (capped ones listed). */
export async function orderCounts(ctx: AppContext, actor: Actor, f: OrderFilters) {
  const scope = scopeOf(actor, f.hireDesign);
  const rows = await repo.countOrdersByStatus(ctx.db, scope, await resolveSearch(ctx.db, scope, f));
  const byKey = new Map(rows.map((r) => [r.key, r.count]));
  const limit = (n: number) => Math.min(n, repo.TAB_COUNT_CAP);
  const statuses = Object.fromEntries(ORDER_STATUSES.map((s) => [s, limit(byKey.get(s) ?? 0)])) as Record<OrderStatus, number>;
  const capped = rows.filter((r) => r.count > repo.TAB_COUNT_CAP).map((r) => r.key);
  return { data: { all: limit(byKey.get('all') ?? 0), statuses, capped, cap: repo.TAB_COUNT_CAP } };
}

/**
 * GET orders/notification/all: the orders of the caller's scope that need someone, per kind and in all (capped at
 * TAB_COUNT_CAP). The route's permission and scopeOf decide who asks and what is counted (docs/decisions.md
 * "Order notifications").
 */
export async function orderNotifications(ctx: AppContext, actor: Actor) {
  const rows = await repo.countAttention(ctx.db, scopeOf(actor, false));
  const countOf = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
  const entry = (n: number) => ({ count: Math.min(n, repo.TAB_COUNT_CAP), capped: n > repo.TAB_COUNT_CAP });
  const total = entry(countOf('total'));
  return {
    data: {
      total: total.count,
      totalCapped: total.capped,
      items: ORDER_ATTENTION_KEYS.map((key) => ({ key, ...entry(countOf(key)) })),
      cap: repo.TAB_COUNT_CAP,
    },
  };
}

/** The agency's seller teams for the Seller team filter. */
export async function teamOptions(ctx: AppContext, actor: Actor) {
  return { data: await repo.teamOptions(ctx.db, actor.agencyId!) };
}

/** GET orders/seller-team/:id/total-revenue: a team of another agency is not found. */
export async function totalRevenue(ctx: AppContext, actor: Actor, teamId: string) {
  if (!(await repo.findTeam(ctx.db, actor.agencyId!, teamId))) throw notFound('Seller team not found');
  const { cents, count } = await repo.teamRevenue(ctx.db, actor.agencyId!, teamId);
  return { data: { sellerTeamId: teamId, totalRevenue: centsToDollars(cents), orderCount: count } };
}
