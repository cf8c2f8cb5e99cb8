/**
 * Base costs (docs/decisions.md, "Base costs"): the administrator's price lists (what agencies pay)
 * and each agency's seller groups (what its seller teams pay), priced per catalog variant. The
 * owner always comes from the actor; another owner's base cost is simply not found.
 */
import type {
  Actor,
  BasecostCatalogCostsBody,
  BasecostCreateBody,
  BasecostListQuery,
  BasecostUpdateBody,
  BasecostVariantCost,
  CatalogAcrossGroups,
} from '@fbo/shared';
import { centsToDollars, dollarsToCents } from '@fbo/shared';
import { BASECOST_MSG, marginCents, marginPercent, type BasecostPriceCents } from '@fbo/shared/domain/basecosts';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import * as repo from './basecosts.repo';
import type { ItemPrices, Owner } from './basecosts.repo';

/** 'master': the administrator's price lists; 'agency': the actor's agency's groups. */
export type Scope = 'master' | 'agency';

function ownerOf(actor: Actor, scope: Scope): Owner {
  // The permission table lets only the right users here; the checks are belt and braces.
  if (scope === 'master') {
    if (actor.userType !== 'administrator') throw forbidden();
    return { agencyId: null };
  }
  if (actor.userType !== 'agency' || !actor.agencyId) throw forbidden();
  return { agencyId: actor.agencyId };
}

/** GET /api/basecosts: the administrator's price lists, or the agency's groups. */
function readerOwner(actor: Actor): Owner {
  if (actor.userType === 'administrator') return { agencyId: null };
  if (actor.userType === 'agency' && actor.agencyId) return { agencyId: actor.agencyId };
  throw forbidden();
}

const NAME_UNIQUE = { field: 'name', message: BASECOST_MSG.nameTaken };
const taken = () => badRequest(NAME_UNIQUE.message, { [NAME_UNIQUE.field]: NAME_UNIQUE.message });

/** Unique indexes and foreign keys have the last word when two changes race. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = repo.pgErrorCode(error);
    if (code === '23505' || code === '23503') throw conflict('This record changed meanwhile. Please reload and try again.');
    throw error;
  }
}

const entityOf = (owner: Owner) => (owner.agencyId === null ? 'basecost' : 'basecost_group');
const audit = (tx: Tx, actor: Actor, entry: { entity: string; entityId: string; action: string; before?: unknown; after?: unknown }) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, ...entry });

// ----- select source -----

export async function options(ctx: AppContext, actor: Actor) {
  return { data: await repo.listOptions(ctx.db, readerOwner(actor)) };
}

// ----- price lists and groups -----

export async function list(ctx: AppContext, actor: Actor, scope: Scope, q: BasecostListQuery) {
  const { rows, count } = await repo.listBasecosts(ctx.db, ownerOf(actor, scope), q);
  return listAnswer(rows, count, q);
}

export async function detail(ctx: AppContext, actor: Actor, scope: Scope, id: string) {
  const owner = ownerOf(actor, scope);
  const item = await repo.basecostItem(ctx.db, owner, id);
  if (!item) throw notFound();
  return { data: { ...item, catalogs: await repo.pricedCatalogs(ctx.db, owner, id) } };
}

export async function create(ctx: AppContext, actor: Actor, scope: Scope, body: BasecostCreateBody) {
  const owner = ownerOf(actor, scope);
  const values = { name: body.name, description: body.description ?? '' };
  const data = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      // Two creations of one name take turns: the second sees the first.
      await repo.lockName(tx, owner, values.name);
      if (await repo.nameTaken(tx, owner, values.name)) throw taken();
      const row = await repo.insertBasecost(tx, owner, values);
      await audit(tx, actor, { entity: entityOf(owner), entityId: row.id, action: 'create', after: values });
      return (await repo.basecostItem(tx, owner, row.id))!;
    }),
  );
  return { message: 'Created', data };
}

export async function update(ctx: AppContext, actor: Actor, scope: Scope, id: string, body: BasecostUpdateBody) {
  const owner = ownerOf(actor, scope);
  const data = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const before = await repo.findBasecost(tx, owner, id, true);
      if (!before) throw notFound();
      if (body.name !== undefined) {
        await repo.lockName(tx, owner, body.name);
        if (await repo.nameTaken(tx, owner, body.name, id)) throw taken();
      }
      const changes = { name: body.name, description: body.description };
      await repo.updateBasecost(tx, owner, id, changes);
      await audit(tx, actor, {
        entity: entityOf(owner),
        entityId: id,
        action: 'update',
        before: { name: before.name, description: before.description },
        after: { name: body.name ?? before.name, description: body.description ?? before.description },
      });
      return (await repo.basecostItem(tx, owner, id))!;
    }),
  );
  return { message: 'Updated', data };
}

/** Refused while an agency buys at the price list, or a seller team is on the group. Soft delete. */
export async function remove(ctx: AppContext, actor: Actor, scope: Scope, id: string) {
  const owner = ownerOf(actor, scope);
  await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.findBasecost(tx, owner, id, true);
      if (!row) throw notFound();
      if (owner.agencyId === null) {
        const n = await repo.countAgenciesUsing(tx, id);
        if (n > 0) throw badRequest(BASECOST_MSG.usedByAgencies(n));
      } else {
        const n = await repo.countSellerTeamsUsing(tx, owner.agencyId, id);
        if (n > 0) throw badRequest(BASECOST_MSG.usedBySellers(n));
      }
      await repo.softDeleteBasecost(tx, owner, id);
      await audit(tx, actor, { entity: entityOf(owner), entityId: id, action: 'delete', before: { name: row.name, description: row.description } });
    }),
  );
  return { message: 'Deleted' };
}

// ----- catalogs in a base cost -----

export async function catalogOptions(ctx: AppContext, actor: Actor, scope: Scope, id: string, search?: string) {
  const owner = ownerOf(actor, scope);
  if (!(await repo.findBasecost(ctx.db, owner, id))) throw notFound();
  return { data: await repo.catalogOptions(ctx.db, owner, id, search) };
}

/** The catalog the owner may price, or the reason it may not. */
async function priceableCatalog(db: AppContext['db'] | Tx, owner: Owner, catalogId: string) {
  const catalog = await repo.findCatalog(db, owner, catalogId);
  if (!catalog) throw notFound(BASECOST_MSG.catalogNotFound);
  if (!catalog.priceable) {
    throw badRequest(owner.agencyId === null ? BASECOST_MSG.catalogNotMaster : BASECOST_MSG.catalogNotOffered);
  }
  return catalog;
}

const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const pricesInDollars = (p: BasecostPriceCents | undefined) => ({
  basePrice: dollars(p?.basePriceCents ?? null),
  standardFirst: dollars(p?.standardFirstCents ?? null),
  standardAdditional: dollars(p?.standardAdditionalCents ?? null),
  expressFirst: dollars(p?.expressFirstCents ?? null),
  expressAdditional: dollars(p?.expressAdditionalCents ?? null),
  overnightFirst: dollars(p?.overnightFirstCents ?? null),
  overnightAdditional: dollars(p?.overnightAdditionalCents ?? null),
});

/** Every variant of the catalog with its prices in the base cost (all null: not priced). */
export async function catalogCosts(ctx: AppContext, actor: Actor, scope: Scope, id: string, catalogId: string) {
  const owner = ownerOf(actor, scope);
  const basecost = await repo.findBasecost(ctx.db, owner, id);
  if (!basecost) throw notFound();
  const catalog = await priceableCatalog(ctx.db, owner, catalogId);
  const [variants, items, costs] = await Promise.all([
    repo.variantsOf(ctx.db, catalogId),
    repo.itemsOf(ctx.db, [id], catalogId),
    owner.agencyId ? repo.agencyCosts(ctx.db, owner.agencyId, catalogId) : Promise.resolve(new Map<string, number>()),
  ]);
  const byVariant = new Map(items.map((i) => [i.catalogVariantId, i]));
  const rows: BasecostVariantCost[] = variants.map((v) => {
    const item = byVariant.get(v.id);
    const cost = costs.get(v.id);
    return {
      catalogVariantId: v.id,
      catalogVariantCode: v.catalogVariantCode,
      color: v.color,
      size: v.size,
      inStock: v.inStock,
      ...pricesInDollars(item),
      priced: Boolean(item),
      agencyCost: cost === undefined ? null : centsToDollars(cost),
    };
  });
  return {
    data: {
      basecost: { id: basecost.id, name: basecost.name },
      catalog: { id: catalog.id, name: catalog.name, productCode: catalog.productCode, type: catalog.type },
      variants: rows,
    },
  };
}

const cents = (value: number | null | undefined) => (value === null || value === undefined ? null : dollarsToCents(value));

export async function saveCatalogCosts(ctx: AppContext, actor: Actor, scope: Scope, id: string, catalogId: string, body: BasecostCatalogCostsBody) {
  const owner = ownerOf(actor, scope);
  const rows: ItemPrices[] = body.variants.map((v) => ({
    catalogVariantId: v.catalogVariantId,
    basePriceCents: dollarsToCents(v.basePrice),
    standardFirstCents: dollarsToCents(v.standardFirst),
    standardAdditionalCents: dollarsToCents(v.standardAdditional),
    expressFirstCents: cents(v.expressFirst),
    expressAdditionalCents: cents(v.expressAdditional),
    overnightFirstCents: cents(v.overnightFirst),
    overnightAdditionalCents: cents(v.overnightAdditional),
  }));
  const data = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findBasecost(tx, owner, id, true))) throw notFound();
      await priceableCatalog(tx, owner, catalogId);
      const variantIds = new Set((await repo.variantsOf(tx, catalogId)).map((v) => v.id));
      const strangers = rows.filter((r) => !variantIds.has(r.catalogVariantId)).map((r) => r.catalogVariantId);
      if (strangers.length > 0) throw badRequest(BASECOST_MSG.variantNotInCatalog, { variants: BASECOST_MSG.variantNotInCatalog });
      const before = await repo.itemsOf(tx, [id], catalogId);
      const removedCount = await repo.replaceCatalogItems(tx, id, catalogId, rows);
      await repo.touchBasecost(tx, id);
      await audit(tx, actor, {
        entity: entityOf(owner),
        entityId: id,
        action: 'catalog_costs_save',
        before: { catalogId, items: before.map(({ basecostId: _, ...rest }) => rest) },
        after: { catalogId, items: rows },
      });
      return { pricedCount: rows.length, removedCount };
    }),
  );
  return { message: 'Update success!', data };
}

export async function deleteCatalogCosts(ctx: AppContext, actor: Actor, scope: Scope, id: string, catalogId: string) {
  const owner = ownerOf(actor, scope);
  await guarded(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findBasecost(tx, owner, id, true))) throw notFound();
      // A catalog the agency no longer offers may still be removed from its groups.
      if (!(await repo.findCatalog(tx, owner, catalogId))) throw notFound(BASECOST_MSG.catalogNotFound);
      const before = await repo.itemsOf(tx, [id], catalogId);
      if (before.length === 0) throw notFound(BASECOST_MSG.catalogNotPriced);
      await repo.deleteCatalogItems(tx, id, catalogId);
      await repo.touchBasecost(tx, id);
      await audit(tx, actor, {
        entity: entityOf(owner),
        entityId: id,
        action: 'catalog_costs_delete',
        before: { catalogId, items: before.map(({ basecostId: _, ...rest }) => rest) },
      });
    }),
  );
  return { message: 'Deleted' };
}

// ----- one catalog across the agency's groups -----

export async function catalogAcrossGroups(ctx: AppContext, actor: Actor, catalogId: string): Promise<{ data: CatalogAcrossGroups }> {
  const owner = ownerOf(actor, 'agency');
  const agencyId = owner.agencyId!;
  const catalog = await priceableCatalog(ctx.db, owner, catalogId);
  const groups = await repo.groupsOf(ctx.db, agencyId);
  const [variants, items, costs] = await Promise.all([
    repo.variantsOf(ctx.db, catalogId),
    repo.itemsOf(ctx.db, groups.map((g) => g.id), catalogId),
    repo.agencyCosts(ctx.db, agencyId, catalogId),
  ]);
  const itemOf = new Map(items.map((i) => [`${i.basecostId}:${i.catalogVariantId}`, i]));
  return {
    data: {
      catalog: { id: catalog.id, name: catalog.name, productCode: catalog.productCode, type: catalog.type },
      groups,
      variants: variants.map((v) => {
        const cost = costs.get(v.id);
        return {
          catalogVariantId: v.id,
          catalogVariantCode: v.catalogVariantCode,
          color: v.color,
          size: v.size,
          inStock: v.inStock,
          agencyCost: cost === undefined ? null : centsToDollars(cost),
          costs: groups.map((g) => {
            const item = itemOf.get(`${g.id}:${v.id}`);
            const known = item && cost !== undefined;
            return {
              basecostId: g.id,
              ...pricesInDollars(item),
              margin: known ? centsToDollars(marginCents(item.basePriceCents, cost)) : null,
              marginPercent: known ? marginPercent(item.basePriceCents, cost) : null,
            };
          }),
        };
      }),
    },
  };
}
