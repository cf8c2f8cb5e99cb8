/**
 * Warehouse products (docs/warehouses.md "Warehouse products"): the owning team creates and edits them, maps its store
 * variants to them and sets low-stock thresholds; the warehouses holding them and the agency read them. The scope comes
 * from the actor (warehouseScopeOf): a product outside it is not found (404). Stock itself changes only through the
 * stock ledger (moveStock), never here.
 */
import {
  WAREHOUSE_PRODUCT_LIMITS, WAREHOUSE_PRODUCT_MSG, availableOf, centsToDollars, dollarsToCents, fromGrams, fromMillimetres, isLow, toGrams,
  toMillimetres, type Actor, type WarehouseProductBody, type WarehouseProductDetail, type WarehouseProductItem, type WarehouseProductListQuery,
  type WarehouseProductThresholdsBody, type WarehouseProductVariantOptionsQuery,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer, type ListPage } from '../../lib/list';
import { writeAudit } from '../audit';
import { findProduct as findStoreProduct, rollUpMappingStatus } from '../products';
import * as repo from './warehouse-products.repo';
import { warehouseScopeOf, type WarehouseScope } from './warehouse-scope';

const audit = (tx: Tx, actor: Actor, entityId: string, action: string, before?: unknown, after?: unknown) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'warehouse-product', entityId, action, before, after });

/** The owning team's scope: only a default seller team changes its warehouse products (can() already refuses operators). */
function ownerScope(actor: Actor): WarehouseScope & { kind: 'owner' } {
  const scope = warehouseScopeOf(actor);
  if (scope.kind !== 'owner') throw forbidden();
  return scope;
}

// ----- views -----

function levelView(l: repo.LevelRow, productThreshold: number) {
  const available = availableOf(l);
  const threshold = l.lowThreshold ?? productThreshold;
  return {
    warehouseId: l.warehouseId, code: l.code, name: l.name, onHand: l.onHand, reserved: l.reserved, available, threshold,
    ownThreshold: l.lowThreshold, low: isLow(available, threshold),
  };
}

function itemView(scope: WarehouseScope, p: repo.WarehouseProductWithTeam, levels: repo.LevelRow[]): WarehouseProductItem {
  const own = levels.filter((l) => l.warehouseProductId === p.id).map((l) => levelView(l, p.lowThreshold));
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    image: p.images[0] ?? null,
    weight: { value: fromGrams(p.weightGrams, p.weightUnit), unit: p.weightUnit, grams: p.weightGrams },
    declaredValue: centsToDollars(p.declaredValueCents),
    ownerTeam: scope.kind === 'owner' ? null : { id: p.ownerTeamId, name: p.ownerTeamName },
    levels: own,
    totals: {
      onHand: own.reduce((s, l) => s + l.onHand, 0),
      reserved: own.reduce((s, l) => s + l.reserved, 0),
      available: own.reduce((s, l) => s + l.available, 0),
    },
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

// ----- reads -----

export async function list(ctx: AppContext, actor: Actor, q: WarehouseProductListQuery) {
  const scope = warehouseScopeOf(actor);
  const { rows, count } = await repo.listProducts(ctx.db, scope, q);
  const levels = await repo.levelsOf(ctx.db, scope, rows.map((r) => r.id));
  return listAnswer(rows.map((r) => itemView(scope, r, levels)), count, q);
}

async function detail(db: AppContext['db'] | Tx, scope: WarehouseScope, id: string): Promise<WarehouseProductDetail> {
  const p = await repo.findProduct(db, scope, id);
  if (!p) throw notFound(WAREHOUSE_PRODUCT_MSG.notFound);
  const levels = await repo.levelsOf(db, scope, [id]);
  // A warehouse operator never sees the owner's stores (docs/warehouses.md "Warehouse products").
  const variants = scope.kind === 'operator' ? [] : await repo.variantsOfProduct(db, scope.agencyId, p.ownerTeamId, id);
  const hasDimensions = p.lengthMm !== null && p.widthMm !== null && p.heightMm !== null;
  return {
    ...itemView(scope, p, levels),
    images: p.images,
    dimensions: hasDimensions
      ? { length: fromMillimetres(p.lengthMm!, p.dimensionUnit), width: fromMillimetres(p.widthMm!, p.dimensionUnit), height: fromMillimetres(p.heightMm!, p.dimensionUnit), unit: p.dimensionUnit }
      : null,
    hsCode: p.hsCode,
    originCountry: p.originCountry,
    lowThreshold: p.lowThreshold,
    variants: variants.map(({ id: vid, productId, productTitle, storeName, sku, title }) => ({ id: vid, productId, productTitle, storeName, sku, title })),
    deletable: !(await repo.hasHistory(db, scope.agencyId, id)),
  };
}

export async function get(ctx: AppContext, actor: Actor, id: string) {
  return { data: await detail(ctx.db, warehouseScopeOf(actor), id) };
}

/** The warehouses the caller sees (the list's filter and the stock columns). */
export async function visibleWarehouses(ctx: AppContext, actor: Actor) {
  return { data: await repo.visibleWarehouses(ctx.db, warehouseScopeOf(actor)) };
}

export async function movements(ctx: AppContext, actor: Actor, id: string, page: ListPage) {
  const scope = warehouseScopeOf(actor);
  if (!(await repo.findProduct(ctx.db, scope, id))) throw notFound(WAREHOUSE_PRODUCT_MSG.notFound);
  const { rows, count } = await repo.movementsOf(ctx.db, scope, id, page);
  const data = rows.map((m) => ({
    id: m.id,
    kind: m.kind,
    warehouseId: m.warehouseId,
    warehouseCode: m.warehouseCode,
    onHandDelta: m.onHandDelta,
    reservedDelta: m.reservedDelta,
    order: m.orderId ? { id: m.orderId, name: m.orderName ?? '' } : null,
    inbound: m.inboundShipmentId ? { id: m.inboundShipmentId, reference: m.inboundReference ?? '' } : null,
    reason: m.reason,
    actorName: m.actorName,
    createdAt: m.createdAt.toISOString(),
  }));
  return listAnswer(data, count, page);
}

// ----- writes -----

function valuesOf(body: WarehouseProductBody): repo.ProductValues {
  const d = body.dimensions;
  return {
    sku: body.sku,
    name: body.name,
    images: body.images,
    weightGrams: toGrams(body.weight.value, body.weight.unit),
    weightUnit: body.weight.unit,
    lengthMm: d ? toMillimetres(d.length, d.unit) : null,
    widthMm: d ? toMillimetres(d.width, d.unit) : null,
    heightMm: d ? toMillimetres(d.height, d.unit) : null,
    dimensionUnit: d?.unit ?? 'cm',
    declaredValueCents: dollarsToCents(body.declaredValue),
    hsCode: body.hsCode ?? null,
    originCountry: body.originCountry ?? null,
    lowThreshold: body.lowThreshold,
  };
}

const skuConflict = (sku: string) => conflict(WAREHOUSE_PRODUCT_MSG.skuTaken(sku));

/** The unique index has the last word when two saves of one SKU race. */
async function guardedSku<T>(sku: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repo.pgErrorCode(error) === '23505') throw skuConflict(sku);
    throw error;
  }
}

export async function create(ctx: AppContext, actor: Actor, body: WarehouseProductBody) {
  const scope = ownerScope(actor);
  const values = valuesOf(body);
  const id = await guardedSku(body.sku, () =>
    ctx.db.transaction(async (tx) => {
      if (await repo.skuTaken(tx, scope.agencyId, scope.teamId, body.sku)) throw skuConflict(body.sku);
      const newId = await repo.insertProduct(tx, scope.agencyId, scope.teamId, values);
      await audit(tx, actor, newId, 'create', undefined, values);
      return newId;
    }),
  );
  return { message: WAREHOUSE_PRODUCT_MSG.created, data: await detail(ctx.db, scope, id) };
}

export async function update(ctx: AppContext, actor: Actor, id: string, body: WarehouseProductBody) {
  const scope = ownerScope(actor);
  const values = valuesOf(body);
  await guardedSku(body.sku, () =>
    ctx.db.transaction(async (tx) => {
      const before = await repo.findProduct(tx, scope, id, 'update');
      if (!before) throw notFound(WAREHOUSE_PRODUCT_MSG.notFound);
      if (before.sku !== body.sku && (await repo.skuTaken(tx, scope.agencyId, scope.teamId, body.sku, id))) throw skuConflict(body.sku);
      await repo.updateProduct(tx, scope.agencyId, id, values);
      const { ownerTeamName: _name, createdAt: _c, updatedAt: _u, ...was } = before;
      await audit(tx, actor, id, 'update', was, values);
    }),
  );
  return { message: WAREHOUSE_PRODUCT_MSG.updated, data: await detail(ctx.db, scope, id) };
}

/** Only a product without history goes (no movements, inbound lines or order lines): its history stays readable. */
export async function remove(ctx: AppContext, actor: Actor, id: string) {
  const scope = ownerScope(actor);
  await ctx.db.transaction(async (tx) => {
    const product = await repo.findProduct(tx, scope, id, 'update');
    if (!product) throw notFound(WAREHOUSE_PRODUCT_MSG.notFound);
    if (await repo.hasHistory(tx, scope.agencyId, id)) throw conflict(WAREHOUSE_PRODUCT_MSG.hasHistory);
    await lockStoreProducts(tx, scope, await repo.storeProductsOf(tx, scope.agencyId, id));
    const released = await repo.deleteProduct(tx, scope.agencyId, id);
    await rollUpMappingStatus(tx, scope.agencyId, released);
    await audit(tx, actor, id, 'delete', { sku: product.sku, name: product.name });
  });
  return { message: WAREHOUSE_PRODUCT_MSG.deleted };
}

export async function setThresholds(ctx: AppContext, actor: Actor, id: string, body: WarehouseProductThresholdsBody) {
  const scope = ownerScope(actor);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findProduct(tx, scope, id, 'update'))) throw notFound(WAREHOUSE_PRODUCT_MSG.notFound);
    const missing = await repo.setThresholds(tx, scope, id, body.thresholds);
    if (missing.length > 0) throw badRequest(WAREHOUSE_PRODUCT_MSG.levelNotFound, { thresholds: WAREHOUSE_PRODUCT_MSG.levelNotFound });
    await audit(tx, actor, id, 'thresholds', undefined, body.thresholds);
  });
  return { message: WAREHOUSE_PRODUCT_MSG.thresholdsSaved, data: await detail(ctx.db, scope, id) };
}

/** The store products' rows locked in id order, as a mapping save locks them, so a mapping and this never interleave. */
async function lockStoreProducts(tx: Tx, scope: WarehouseScope & { kind: 'owner' }, productIds: string[]) {
  for (const productId of [...new Set(productIds)].sort()) {
    await findStoreProduct(tx, { agencyId: scope.agencyId, sellerTeamId: scope.teamId }, productId, 'update');
  }
}

/**
 * The team's store variants this product fulfils, all at once: those named become its (their catalog mapping and
 * artwork cleared), those it fulfilled and are not named are let go (unmapped); their products' mapping status rolled
 * up, in one transaction. A variant that is not the team's makes the whole call 404.
 */
export async function setVariants(ctx: AppContext, actor: Actor, id: string, variantIds: string[]) {
  const scope = ownerScope(actor);
  const ids = [...new Set(variantIds)];
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findProduct(tx, scope, id, 'update'))) throw notFound(WAREHOUSE_PRODUCT_MSG.notFound);
    const named = await repo.teamVariants(tx, scope.agencyId, scope.teamId, ids);
    if (named.length !== ids.length) throw notFound(WAREHOUSE_PRODUCT_MSG.variantNotFound);
    const current = await repo.storeProductsOf(tx, scope.agencyId, id);
    await lockStoreProducts(tx, scope, [...current, ...named.map((v) => v.productId)]);
    const released = await repo.releaseVariants(tx, scope.agencyId, id, ids);
    await repo.takeVariants(tx, scope.agencyId, id, ids, new Date());
    await rollUpMappingStatus(tx, scope.agencyId, [...new Set([...released, ...named.map((v) => v.productId)])]);
    await audit(tx, actor, id, 'variants', undefined, {
      variants: named.map((v) => ({ id: v.id, catalogVariantIdBefore: v.catalogVariantId, warehouseProductIdBefore: v.warehouseProductId })),
    });
  });
  return { message: WAREHOUSE_PRODUCT_MSG.variantsSaved, data: await detail(ctx.db, scope, id) };
}

export async function variantOptions(ctx: AppContext, actor: Actor, id: string, q: WarehouseProductVariantOptionsQuery) {
  const scope = ownerScope(actor);
  if (!(await repo.findProduct(ctx.db, scope, id))) throw notFound(WAREHOUSE_PRODUCT_MSG.notFound);
  const page = { page: q.page, limit: WAREHOUSE_PRODUCT_LIMITS.variantOptionsPage };
  const { rows, total } = await repo.variantOptions(ctx.db, scope.agencyId, scope.teamId, q.search, page);
  const data = rows.map((v) => ({
    id: v.id, productId: v.productId, productTitle: v.productTitle, storeName: v.storeName, sku: v.sku, title: v.title,
    mappedTo: v.warehouseProductId === id ? ('this' as const) : v.warehouseProductId ? ('other' as const) : v.catalogVariantId ? ('catalog' as const) : ('none' as const),
  }));
  return { data, total, totalCapped: false, page: page.page, limit: page.limit };
}
