/**
 * A seller team's products (docs/stores.md, "Products"). The scope comes from the actor: a product of
 * another team or agency is not found (404). Reading is the team's manager, staff and accounting; the
 * changes are the manager's and staff's (docs/decisions.md, "Products").
 */
import {
  PRODUCT_LIMITS, PRODUCT_MSG, STORE_MSG, handleFromTitle, type Actor, type CreateProductBody, type ProductListQuery, type UpdateProductBody,
  dollarsToCents,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { findStore } from '../stores';
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

/** GET /api/products/manual-stores: the team's manual stores, where a product may be made by hand. */
export async function manualStores(ctx: AppContext, actor: Actor) {
  return { data: await repo.manualStores(ctx.db, productScope(actor)) };
}

/** The first of `base`, `base-2`, `base-3`... that the store's products do not use. */
export function freeHandle(base: string, taken: string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** Options named by the variants' values, in the order they first appear ('Option 1' to 'Option 3'). */
function optionsOf(variants: CreateProductBody['variants']) {
  const options: { name: string; values: string[] }[] = [];
  for (const key of ['option1', 'option2', 'option3'] as const) {
    const values = [...new Set(variants.map((v) => v[key]).filter((v): v is string => !!v))];
    if (values.length) options.push({ name: `Option ${key.slice(-1)}`, values });
  }
  return options;
}

/**
 * POST /api/products: a product made by hand in one of the team's manual stores, with its variants, in
 * one transaction (the store row locked, so two products of one title get -2 and -3, never the same
 * handle). Another team's store is 404; a store of a platform is refused (its products come from its sync).
 */
export async function create(ctx: AppContext, actor: Actor, body: CreateProductBody) {
  const scope = productScope(actor);
  const mockup = body.mockup || null;
  if (mockup && !(await repo.isLibraryImage(ctx.db, scope, mockup))) throw badRequest(PRODUCT_MSG.mockupNotInLibrary, { mockup: PRODUCT_MSG.mockupNotInLibrary });
  const id = await ctx.db.transaction(async (tx) => {
    const store = await findStore(tx, scope, body.storeId, 'update');
    if (!store) throw notFound(STORE_MSG.notFound);
    if (store.platform !== 'manual') throw badRequest(PRODUCT_MSG.createNotManual, { storeId: PRODUCT_MSG.createNotManual });
    const base = handleFromTitle(body.title);
    const handle = freeHandle(base, await repo.handlesLike(tx, scope.agencyId, store.id, base));
    const variants = body.variants.map((v) => {
      const options = [v.option1, v.option2, v.option3].filter((o): o is string => !!o);
      return {
        sku: v.sku,
        title: v.title || options.join(' / ') || v.sku,
        option1: v.option1 || null,
        option2: v.option2 || null,
        option3: v.option3 || null,
        priceCents: dollarsToCents(v.price),
      };
    });
    const product = {
      storeId: store.id,
      title: body.title,
      handle,
      description: body.description ?? '',
      productType: body.productType,
      mockup,
      options: optionsOf(body.variants),
    };
    const newId = await repo.insertProduct(tx, scope, product, variants);
    await audit(tx, actor, newId, 'create', undefined, { ...product, variants });
    return newId;
  });
  return get(ctx, actor, id);
}
