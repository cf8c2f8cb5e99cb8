/**
 * Mapping (docs/stores.md "Mapping"): a team's store product variants made as one catalog's variants, with
 * artwork per slot, or ignored. Read by whoever opens the products pages, changed by the manager and staff.
 * Another team's or agency's product or variant is 404; a catalog the agency does not offer is refused.
 */
import {
  MAPPING_MSG, PRODUCT_MSG, productMappingStatus, type Actor, type BulkMappingBody, type MappingPreviewQuery, type SaveProductMappingBody,
  type SaveVariantMappingBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { mainImage, productScope, rollUpMappingStatus, type ProductScope } from '../products';
import { planByName, planChosen, suggestionFor, type VariantInput } from './mapping-plan';
import * as repo from './mapping.repo';
import { mappingCatalogView, mappingProductView, mappingVariantView } from './mapping.views';

type Conn = AppContext['db'] | Tx;

async function catalogOrRefuse(db: Conn, scope: ProductScope, catalogId: string) {
  const catalog = await repo.offeredCatalog(db, scope.agencyId, catalogId);
  if (!catalog) throw badRequest(MAPPING_MSG.catalogNotOffered, { catalogId: MAPPING_MSG.catalogNotOffered });
  return { catalog, variants: await repo.catalogVariants(db, catalogId) };
}

async function productOr404(db: Conn, scope: ProductScope, id: string, lock = false) {
  const [product] = await repo.productsOf(db, scope, [id], lock);
  if (!product) throw notFound(PRODUCT_MSG.notFound);
  return product;
}

/** A product's mapping shown against a catalog: the one asked for, else the product's own. */
async function mappingOf(db: Conn, scope: ProductScope, productId: string, catalogId?: string) {
  const product = await productOr404(db, scope, productId);
  const shownId = catalogId ?? product.catalogId;
  const shown = shownId ? await catalogOrRefuse(db, scope, shownId) : null;
  const variants = await repo.variantsOf(db, scope, [productId]);
  const mapped = await repo.catalogVariantsById(db, [...new Set(variants.flatMap((v) => (v.catalogVariantId ? [v.catalogVariantId] : [])))]);
  const inShown = new Map((shown?.variants ?? []).map((cv) => [cv.id, cv]));
  return {
    product: mappingProductView(product),
    catalog: shown ? mappingCatalogView(shown.catalog, shown.variants) : null,
    variants: variants.map((v) => mappingVariantView(v, v.catalogVariantId ? mapped.get(v.catalogVariantId) : undefined, shown ? suggestionFor(v, inShown, shown.variants) : null)),
  };
}

export async function getProductMapping(ctx: AppContext, actor: Actor, productId: string, catalogId?: string) {
  return { data: await mappingOf(ctx.db, productScope(actor), productId, catalogId) };
}

export async function getVariantMapping(ctx: AppContext, actor: Actor, variantId: string, catalogId?: string) {
  const scope = productScope(actor);
  const productId = await repo.productIdOfVariant(ctx.db, scope, variantId);
  if (!productId) throw notFound(MAPPING_MSG.variantNotInProduct);
  const { product, catalog, variants } = await mappingOf(ctx.db, scope, productId, catalogId);
  return { data: { product, catalog, variant: variants.find((v) => v.id === variantId)! } };
}

/** Saves the seller's choices for some of a product's variants against one catalog, in one transaction. */
async function save(ctx: AppContext, actor: Actor, productId: string, catalogId: string, inputs: Map<string, VariantInput>) {
  await ctx.db.transaction((tx) => saveMapping(tx, productScope(actor), actor.userId, productId, catalogId, inputs));
}

/**
 * The choices for some of a product's variants against one catalog, in the caller's transaction (the screens' saves
 * and the bulk-mapping import): the product locked, the catalog offered, the variants its own, audited.
 */
export async function saveMapping(tx: Tx, scope: ProductScope, actorId: string, productId: string, catalogId: string, inputs: Map<string, VariantInput>) {
  const product = await productOr404(tx, scope, productId, true);
  const { catalog, variants: catalogVariants } = await catalogOrRefuse(tx, scope, catalogId);
  const variants = await repo.variantsOf(tx, scope, [productId]);
  const own = new Map(variants.map((v) => [v.id, v]));
  const inCatalog = new Set(catalogVariants.map((cv) => cv.id));
  for (const [id, input] of inputs) {
    if (!own.has(id)) throw badRequest(MAPPING_MSG.variantNotInProduct, { variants: MAPPING_MSG.variantNotInProduct });
    // A variant archived since it was mapped may stay mapped to it; a new pick must be a live variant of the catalog.
    const unchanged = input.catalogVariantId === own.get(id)!.catalogVariantId;
    if (input.catalogVariantId && !inCatalog.has(input.catalogVariantId) && !unchanged) {
      throw badRequest(MAPPING_MSG.variantNotInCatalog, { variants: MAPPING_MSG.variantNotInCatalog });
    }
  }
  const writes = planChosen(variants, inputs, inCatalog, product.catalogId !== catalog.id);
  const now = new Date();
  await repo.writeVariantMappings(tx, scope.agencyId, writes, now);
  await repo.setProductCatalog(tx, scope.agencyId, [productId], catalog.id, now);
  await rollUpMappingStatus(tx, scope.agencyId, [productId]);
  await writeAudit(tx, {
    actorId, agencyId: scope.agencyId, entity: 'product', entityId: productId, action: 'mapping',
    before: { catalogId: product.catalogId, mappingStatus: product.mappingStatus },
    after: { catalogId: catalog.id, variants: writes.map((w) => ({ id: w.id, catalogVariantId: w.catalogVariantId, ignored: w.ignored, mappingStatus: w.mappingStatus })) },
  });
}

export async function saveProductMapping(ctx: AppContext, actor: Actor, productId: string, body: SaveProductMappingBody) {
  await save(ctx, actor, productId, body.catalogId, new Map(body.variants.map(({ id, ...input }) => [id, input])));
  return { message: MAPPING_MSG.mapped, ...(await getProductMapping(ctx, actor, productId)) };
}

export async function saveVariantMapping(ctx: AppContext, actor: Actor, variantId: string, body: SaveVariantMappingBody) {
  const productId = await repo.productIdOfVariant(ctx.db, productScope(actor), variantId);
  if (!productId) throw notFound(MAPPING_MSG.variantNotInProduct);
  const { catalogId, ...input } = body;
  await save(ctx, actor, productId, catalogId, new Map([[variantId, input]]));
  return { message: MAPPING_MSG.mapped, ...(await getVariantMapping(ctx, actor, variantId)) };
}

/** Every named product must be the team's: one that is not makes the whole call 404, so nothing half-happens. */
async function productsOr404(db: Conn, scope: ProductScope, ids: string[], lock = false) {
  const unique = [...new Set(ids)];
  const rows = await repo.productsOf(db, scope, unique, lock);
  if (rows.length !== unique.length) throw notFound(PRODUCT_MSG.notFound);
  return rows;
}

function outcomes(products: repo.MappingProductRow[], variants: repo.MappingVariantRow[], plan: (v: repo.MappingVariantRow[]) => ReturnType<typeof planByName>) {
  return products.map((p) => {
    const own = variants.filter((v) => v.productId === p.id);
    const outcome = plan(own);
    const written = new Map(outcome.writes.map((w) => [w.id, w]));
    const after = own.map((v) => ({ ignored: v.ignored, mappingStatus: written.get(v.id)?.mappingStatus ?? Number(v.mappingStatus) }));
    return {
      row: { id: p.id, title: p.title, mockup: mainImage(p), variantCount: own.length, matched: outcome.matched, unmatched: outcome.unmatched, ignored: outcome.ignored, mappingStatus: productMappingStatus(after) },
      writes: outcome.writes,
    };
  });
}

export async function preview(ctx: AppContext, actor: Actor, q: MappingPreviewQuery) {
  const scope = productScope(actor);
  const products = await productsOr404(ctx.db, scope, q.productIds);
  const { catalog, variants: catalogVariants } = await catalogOrRefuse(ctx.db, scope, q.catalogId);
  const variants = await repo.variantsOf(ctx.db, scope, products.map((p) => p.id));
  const rows = outcomes(products, variants, (own) => planByName(own, catalogVariants, {}));
  return { data: { catalog: { id: catalog.id, name: catalog.name, code: catalog.code }, products: rows.map((r) => r.row) } };
}

export async function bulkMap(ctx: AppContext, actor: Actor, body: BulkMappingBody) {
  const scope = productScope(actor);
  const { catalogId, productIds, ...artworks } = body;
  const rows = await ctx.db.transaction(async (tx) => {
    const products = await productsOr404(tx, scope, productIds, true);
    const { catalog, variants: catalogVariants } = await catalogOrRefuse(tx, scope, catalogId);
    const variants = await repo.variantsOf(tx, scope, products.map((p) => p.id));
    const planned = outcomes(products, variants, (own) => planByName(own, catalogVariants, artworks));
    const now = new Date();
    await repo.writeVariantMappings(tx, scope.agencyId, planned.flatMap((p) => p.writes), now);
    await repo.setProductCatalog(tx, scope.agencyId, products.map((p) => p.id), catalog.id, now);
    await rollUpMappingStatus(tx, scope.agencyId, products.map((p) => p.id));
    for (const p of planned) {
      await writeAudit(tx, {
        actorId: actor.userId, agencyId: actor.agencyId, entity: 'product', entityId: p.row.id, action: 'mapping',
        after: { catalogId: catalog.id, byName: true, matched: p.row.matched, unmatched: p.row.unmatched },
      });
    }
    return planned.map((p) => p.row);
  });
  return { message: MAPPING_MSG.mapped, data: { products: rows } };
}
