/**
 * A seller team's products (docs/stores.md, "Products"). The scope comes from the actor: a product of
 * another team or agency is not found (404). Reading is the team's manager, staff and accounting; the
 * changes are the manager's and staff's (docs/decisions.md, "Products").
 */
import {
  PRODUCT_LIMITS, PRODUCT_MSG, type Actor, type ProductListQuery, type UpdateProductBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import * as repo from './products.repo';
import { productDetailView, productView } from './products.views';

export function productScope(actor: Actor): repo.ProductScope {
  if (actor.userType === 'seller' && actor.agencyId && actor.sellerTeamId) return { agencyId: actor.agencyId, sellerTeamId: actor.sellerTeamId };
  throw forbidden();
}

const audit = (tx: Tx, actor: Actor, productId: string, action: string, before?: unknown, after?: unknown) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'product', entityId: productId, action, before, after });

export async function list(ctx: AppContext, actor: Actor, q: ProductListQuery) {
  const { rows, count } = await repo.listProducts(ctx.db, productScope(actor), q);
  return listAnswer(rows.map(productView), count, q);
}

export async function count(ctx: AppContext, actor: Actor, q: ProductListQuery) {
  return { data: await repo.countProducts(ctx.db, productScope(actor), q) };
}

export async function picker(ctx: AppContext, actor: Actor, q: ProductListQuery) {
  const rows = await repo.pickProducts(ctx.db, productScope(actor), { ...q, limit: Math.min(q.limit, PRODUCT_LIMITS.pickerSize) });
  return { data: rows.map((p) => { const v = productView(p); return { id: v.id, title: v.title, mockup: v.mockup, store: v.store }; }) };
}

export async function get(ctx: AppContext, actor: Actor, id: string) {
  const scope = productScope(actor);
  const product = await repo.findProduct(ctx.db, scope, id);
  if (!product) throw notFound(PRODUCT_MSG.notFound);
  return { data: productDetailView(product, await repo.variantsOf(ctx.db, scope.agencyId, id)) };
}

export async function update(ctx: AppContext, actor: Actor, id: string, body: UpdateProductBody) {
  const scope = productScope(actor);
  await ctx.db.transaction(async (tx) => {
    const product = await repo.findProduct(tx, scope, id, 'update');
    if (!product) throw notFound(PRODUCT_MSG.notFound);
    const set = {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.productType !== undefined && { productType: body.productType }),
      ...(body.personalized !== undefined && { personalized: body.personalized }),
    };
    const before = { title: product.title, productType: product.productType, personalized: product.personalized };
    await repo.updateProduct(tx, scope, id, set);
    await audit(tx, actor, id, 'update', before, { ...before, ...set });
  });
  return { message: PRODUCT_MSG.updated, data: (await get(ctx, actor, id)).data };
}

/** Deletes the team's products among `ids` (another team's are not found: not counted, never touched). */
export async function remove(ctx: AppContext, actor: Actor, ids: string[]) {
  const scope = productScope(actor);
  const deleted = await ctx.db.transaction(async (tx) => {
    const own = await repo.ownIds(tx, scope, ids);
    for (const id of own) await audit(tx, actor, id, 'delete');
    return repo.deleteProducts(tx, scope.agencyId, own);
  });
  return deleted;
}

export async function removeOne(ctx: AppContext, actor: Actor, id: string) {
  if (!(await remove(ctx, actor, [id]))) throw notFound(PRODUCT_MSG.notFound);
  return { message: PRODUCT_MSG.deleted };
}

export async function removeMany(ctx: AppContext, actor: Actor, ids: string[]) {
  const deleted = await remove(ctx, actor, [...new Set(ids)]);
  return { message: PRODUCT_MSG.deleted, count: deleted };
}

export async function markPersonalized(ctx: AppContext, actor: Actor, ids: string[], personalized: boolean) {
  const scope = productScope(actor);
  const changed = await ctx.db.transaction(async (tx) => {
    const own = await repo.ownIds(tx, scope, [...new Set(ids)]);
    for (const id of own) await audit(tx, actor, id, 'personalized', undefined, { personalized });
    return repo.setPersonalized(tx, scope.agencyId, own, personalized);
  });
  return { message: PRODUCT_MSG.updated, count: changed };
}
