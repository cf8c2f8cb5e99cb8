/**
 * Customers as the lists and the detail show them (docs/customers.md). The scope comes from the actor: the agency's
 * owner and customer support see every seller team's customers of the agency, a seller team's users their own.
 */
import { CUSTOMER_MSG, centsToDollars, type Actor, type CustomerDetail, type CustomerItem, type CustomerListQuery, type OrderStatus } from '@fbo/shared';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { listAnswer, type ListPage } from '../../lib/list';
import * as repo from './customers.repo';
import { backfillState } from './customer-link-jobs';

export function customerScopeOf(actor: Actor): repo.CustomerScope {
  if (actor.userType === 'agency' && actor.agencyId) return { agencyId: actor.agencyId, teamId: null };
  if (actor.userType === 'seller' && actor.agencyId && actor.sellerTeamId) return { agencyId: actor.agencyId, teamId: actor.sellerTeamId };
  throw forbidden();
}

type StoreRef = { id: string; name: string; platform: string };

/** The stores of these customers' sources, read once for a whole page. */
async function storesOf(ctx: AppContext, agencyId: string, rows: repo.CustomerRow[]): Promise<Map<string, StoreRef>> {
  const ids = [...new Set(rows.flatMap((r) => r.storeIds))];
  return new Map((await repo.storesByIds(ctx.db, agencyId, ids)).map((s) => [s.id, s]));
}

export function toItem(r: repo.CustomerRow, storeMap: Map<string, StoreRef>): CustomerItem {
  return {
    id: r.id,
    sellerTeamId: r.sellerTeamId,
    sellerTeamName: r.sellerTeamName,
    fullName: r.fullName,
    email: r.email,
    phone: r.phone,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    province: r.province,
    zipCode: r.zipCode,
    country: r.country,
    countryCode: r.countryCode,
    ordersCount: r.ordersCount,
    totalSpent: centsToDollars(r.totalSpentCents),
    firstOrderAt: r.firstOrderAt?.toISOString() ?? null,
    lastOrderAt: r.lastOrderAt?.toISOString() ?? null,
    sources: { stores: r.storeIds.flatMap((id) => storeMap.get(id) ?? []), files: r.fromFiles },
  };
}

export async function list(ctx: AppContext, actor: Actor, q: CustomerListQuery) {
  const scope = customerScopeOf(actor);
  const { rows, count } = await repo.listPage(ctx.db, scope, q, q);
  const storeMap = await storesOf(ctx, scope.agencyId, rows);
  return listAnswer(rows.map((r) => toItem(r, storeMap)), count, q);
}

/** The customer `id` of the actor's scope with its scope, or 404 (another tenant's, another team's, or none). */
export async function customerInScope(ctx: AppContext, actor: Actor, id: string) {
  const scope = customerScopeOf(actor);
  const row = await repo.findCustomer(ctx.db, scope, id);
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
  return { scope, row };
}

export async function get(ctx: AppContext, actor: Actor, id: string): Promise<{ data: CustomerDetail }> {
  const { scope, row } = await customerInScope(ctx, actor, id);
  const [storeMap, addresses] = await Promise.all([storesOf(ctx, scope.agencyId, [row]), repo.addressesOf(ctx.db, scope.agencyId, row.id)]);
  return { data: { ...toItem(row, storeMap), addresses } };
}

export async function orders(ctx: AppContext, actor: Actor, id: string, page: ListPage) {
  const { scope, row } = await customerInScope(ctx, actor, id);
  const { rows, count } = await repo.ordersPage(ctx.db, scope.agencyId, row.id, page);
  const data = rows.map((o) => ({
    id: o.id, orderName: o.orderName, status: o.status as OrderStatus, total: centsToDollars(o.totalPriceCents),
    storeName: o.storeName, createdAt: o.createdAt.toISOString(),
  }));
  return listAnswer(data, count, page);
}

export async function options(ctx: AppContext, actor: Actor) {
  return repo.options(ctx.db, customerScopeOf(actor));
}

export async function backfill(ctx: AppContext, actor: Actor) {
  return { data: await backfillState(ctx.db, customerScopeOf(actor).agencyId) };
}
