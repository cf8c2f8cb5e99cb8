/**
 * Catalogs: the administrator's master catalog and the catalogs agencies make for themselves.
 * Visibility always comes from the actor (catalogs.repo `visibility`): what a user cannot see is 404.
 */
import sanitizeHtml from 'sanitize-html';
import {
  CATALOG_MSG as M,
  centsToDollars,
  stockLabel,
  CATALOG_TYPE_LABELS,
  type Actor,
  type CatalogBody,
  type CatalogDetail,
  type CatalogListQuery,
  type CatalogStatusBody,
  type CatalogUpdateBody,
  type CatalogVariantInput,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { toCsv, toXlsx, type SheetColumn } from '../../lib/spreadsheet';
import { writeAudit } from '../audit';
import { CSV_TYPE, XLSX_TYPE, saveJobFile } from '../jobs';
import { notify } from '../notifications';
import { queueCatalogChanged } from '../publishing';
import { alternativeCodes, saveAlternatives, type AlternativeChange } from './catalog-alternatives';
import * as repo from './catalogs.repo';

/** Descriptions are shown as HTML on every catalog page: formatting and images survive, scripts never. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img']),
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https', 'http', 'mailto'],
};
export const sanitizeDescription = (html: string) => sanitizeHtml(html, SANITIZE).trim();

const PRODUCT_CODE_UNIQUE = { productCode: M.codeTaken };

/** Unique indexes have the last word when two saves race. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = repo.pgErrorCode(error);
    if (code === '23505') {
      const text = String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message ?? '');
      if (text.includes('catalog_variants')) throw badRequest('A variant code is already used by another variant', {});
      throw badRequest(M.codeTaken, PRODUCT_CODE_UNIQUE);
    }
    if (code === '23503') throw conflict('This record changed meanwhile. Please reload and try again.');
    throw error;
  }
}

const audit = (tx: Tx, actor: Actor, entry: { entityId: string; action: string; before?: unknown; after?: unknown }) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'catalog', ...entry });

// ----- answers -----

function production(row: repo.CatalogRow): CatalogDetail['production'] {
  const p = row.production;
  return { productionTime: p.productionTime ?? '', material: p.material ?? '', weight: p.weight ?? null, weightUnit: p.weightUnit ?? 'oz' };
}
function shipping(row: repo.CatalogRow): CatalogDetail['shipping'] {
  const s = row.shipping;
  return { methods: s.methods ?? [], shippingTime: s.shippingTime ?? '', shipsFrom: s.shipsFrom ?? '' };
}
const dollars = (cents: number | bigint | null | undefined) => (cents === null || cents === undefined ? null : centsToDollars(cents));
const pair = (first: number | bigint | null, additional: number | bigint | null) =>
  first === null ? null : { first: centsToDollars(first), additional: centsToDollars(additional ?? 0) };

/** What the audit keeps of a catalog (no description HTML: it can be long). */
function snapshot(row: repo.CatalogRow, extra: object = {}) {
  return {
    name: row.name, productCode: row.productCode, type: row.type, dropship: row.dropship, isTrademark: row.isTrademark,
    publishStatus: row.publishStatus, active: row.active, sizes: row.sizes, colors: row.colors, mockupGallery: row.mockupGallery,
    designs: row.designs, production: row.production, shipping: row.shipping, note: row.note, ...extra,
  };
}

async function detailOf(ctx: AppContext, actor: Actor, row: repo.CatalogRow, db = ctx.db as AppContext['db'] | Tx): Promise<CatalogDetail> {
  // In turn: `db` may be a transaction (one connection, one query at a time).
  const cats = await repo.categoriesOf(db, [row.id]);
  const variants = await repo.liveVariants(db, row.id);
  const alternatives = alternativeCodes(variants);
  const detail: CatalogDetail = {
    id: row.id,
    agencyId: row.agencyId,
    name: row.name,
    description: row.description,
    categories: cats.get(row.id) ?? [],
    designs: row.designs,
    productCode: row.productCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mockupGallery: row.mockupGallery,
    sizes: row.sizes,
    colors: row.colors,
    production: production(row),
    shipping: shipping(row),
    dropship: row.dropship,
    isTrademark: row.isTrademark,
    type: row.type,
    publishStatus: row.publishStatus,
    note: row.note,
    active: row.active,
    variants: variants.map((v) => {
      const alternative = alternatives.get(v.id);
      return {
        id: v.id,
        catalogVariantCode: v.catalogVariantCode,
        color: v.color,
        size: v.size,
        inStock: v.inStock,
        // Only a variant that names one carries the field (the answer's other fields are unchanged).
        ...(alternative ? { alternativeVariantCode: alternative } : {}),
        createdAt: v.createdAt.toISOString(),
      };
    }),
  };
  if (actor.userType === 'seller') {
    const basecostId = await repo.teamBasecostId(db, actor.sellerTeamId);
    const items = basecostId ? await repo.basecostItemsOf(db, basecostId, row.id) : [];
    const byVariant = new Map(items.map((i) => [i.catalogVariantId, i]));
    detail.variants = detail.variants.map((v) => {
      const item = byVariant.get(v.id);
      return {
        ...v,
        basePrice: dollars(item?.basePriceCents),
        shipping: item
          ? {
              standard: pair(item.standardFirstCents, item.standardAdditionalCents),
              express: pair(item.expressFirstCents, item.expressAdditionalCents),
              overnight: pair(item.overnightFirstCents, item.overnightAdditionalCents),
            }
          : null,
      };
    });
    const prices = detail.variants.map((v) => v.basePrice).filter((p): p is number => p !== null && p !== undefined);
    detail.fromPrice = prices.length ? Math.min(...prices) : null;
  }
  return detail;
}

// ----- reading -----

export async function catalogList(ctx: AppContext, actor: Actor, q: CatalogListQuery) {
  const { rows, count } = await repo.listCatalogs(ctx.db, actor, q);
  const ids = rows.map((r) => r.c.id);
  const cats = await repo.categoriesOf(ctx.db, ids);
  let prices: Map<string, number> | null = null;
  if (actor.userType === 'seller') {
    const basecostId = await repo.teamBasecostId(ctx.db, actor.sellerTeamId);
    prices = basecostId ? await repo.fromPrices(ctx.db, basecostId, ids) : new Map();
  }
  return listAnswer(
    rows.map(({ c, variantCount }) => ({
      id: c.id,
      name: c.name,
      productCode: c.productCode,
      type: c.type,
      dropship: c.dropship,
      isTrademark: c.isTrademark,
      publishStatus: c.publishStatus,
      active: c.active,
      image: c.mockupGallery[0] ?? null,
      sizeCount: c.sizes.length,
      colorCount: c.colors.length,
      variantCount: Number(variantCount),
      createdAt: c.createdAt.toISOString(),
      agencyId: c.agencyId,
      categories: cats.get(c.id) ?? [],
      ...(prices ? { fromPrice: dollars(prices.get(c.id)) } : {}),
    })),
    count,
    q,
  );
}

export async function catalogDetail(ctx: AppContext, actor: Actor, id: string) {
  const row = await repo.findVisible(ctx.db, actor, id);
  if (!row) throw notFound();
  return { data: await detailOf(ctx, actor, row) };
}

// ----- rules -----

type Values = Omit<CatalogBody, 'variants' | 'categoryIds'>;

/** Administrators change master catalogs, an agency its own; a catalog outside the actor's view is 404. */
function checkOwner(actor: Actor, row: repo.CatalogRow) {
  if (actor.userType === 'administrator') {
    if (row.agencyId) throw forbidden(M.agencyOwned);
    return;
  }
  if (row.agencyId !== actor.agencyId) throw forbidden(M.masterOnly);
}

async function checkCategories(tx: Tx, actor: Actor, ids: string[]) {
  const visible = await repo.visibleCategoryIds(tx, actor, ids);
  if (ids.some((id) => !visible.has(id))) throw badRequest(M.categoryNotFound, { categoryIds: M.categoryNotFound });
}

/**
 * Variants against the catalog's colours and sizes, unique pairs and codes, ids of this catalog,
 * codes no other variant uses. 400 with the first problem per variant field.
 */
async function checkVariants(tx: Tx, values: { sizes: string[]; colors: string[] }, variants: CatalogVariantInput[], existing: repo.VariantRow[]) {
  const errors: Record<string, string> = {};
  const colors = new Set(values.colors);
  const sizes = new Set(values.sizes);
  const known = new Set(existing.map((v) => v.id));
  const codes = new Set<string>();
  const pairs = new Set<string>();
  variants.forEach((v, i) => {
    const at = `variants.${i}`;
    if (v.id && !known.has(v.id)) errors[`${at}.id`] = M.variantNotFound;
    if (!colors.has(v.color)) errors[`${at}.color`] = M.variantColor;
    if (!sizes.has(v.size)) errors[`${at}.size`] = M.variantSize;
    const code = v.catalogVariantCode.toLowerCase();
    if (codes.has(code)) errors[`${at}.catalogVariantCode`] = M.variantCodeTwice(v.catalogVariantCode);
    codes.add(code);
    const key = `${v.color}\u0000${v.size}`;
    if (pairs.has(key)) errors[`${at}.size`] = M.variantPairTwice(v.color, v.size);
    pairs.add(key);
  });
  if (Object.keys(errors).length === 0) {
    const kept = variants.filter((v) => v.id).map((v) => v.id!);
    // This catalog's own archived or removed variants keep their codes too: only kept ids are excepted.
    const taken = await repo.takenVariantCodes(tx, variants.map((v) => v.catalogVariantCode), kept);
    variants.forEach((v, i) => {
      const owner = v.id ? existing.find((e) => e.id === v.id) : undefined;
      if (owner && owner.catalogVariantCode.toLowerCase() === v.catalogVariantCode.toLowerCase()) return;
      if (taken.has(v.catalogVariantCode.toLowerCase())) errors[`variants.${i}.catalogVariantCode`] = M.variantCodeTaken(v.catalogVariantCode);
    });
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

function columns(values: Values) {
  return {
    name: values.name,
    productCode: values.productCode,
    description: sanitizeDescription(values.description),
    type: values.type,
    dropship: values.dropship,
    isTrademark: values.isTrademark,
    publishStatus: values.publishStatus,
    active: values.active,
    mockupGallery: values.mockupGallery,
    sizes: values.sizes,
    colors: values.colors,
    designs: values.designs,
    production: { ...values.production, weight: values.production.weight ?? undefined },
    shipping: values.shipping,
    note: values.note,
  };
}

// ----- changes -----

export async function createCatalog(ctx: AppContext, actor: Actor, body: CatalogBody) {
  const agencyId = actor.userType === 'administrator' ? null : actor.agencyId;
  if (actor.userType !== 'administrator' && !agencyId) throw forbidden();
  const data = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.productCodeTaken(tx, body.productCode)) throw badRequest(M.codeTaken, PRODUCT_CODE_UNIQUE);
      await checkCategories(tx, actor, body.categoryIds);
      if (body.variants.some((v) => v.id)) throw badRequest(M.variantNotFound, { variants: M.variantNotFound });
      await checkVariants(tx, body, body.variants, []);
      const row = await repo.insertCatalog(tx, { ...columns(body), agencyId });
      await repo.setCategories(tx, row.id, body.categoryIds);
      await repo.insertVariants(tx, row.id, body.variants.map(({ catalogVariantCode, color, size, inStock }) => ({ catalogVariantCode, color, size, inStock })));
      const alternatives = await saveAlternatives(tx, row.id, body.variants);
      // An agency's own catalog is offered to its sellers at once.
      if (agencyId) await repo.offerToAgency(tx, agencyId, row.id);
      await audit(tx, actor, {
        entityId: row.id,
        action: 'create',
        after: snapshot(row, { categoryIds: body.categoryIds, variants: body.variants.map((v) => v.catalogVariantCode), ...(alternatives.length ? { alternatives } : {}) }),
      });
      return detailOf(ctx, actor, row, tx);
    }),
  );
  return { message: 'Created', data };
}

export async function updateCatalog(ctx: AppContext, actor: Actor, id: string, body: CatalogUpdateBody) {
  const data = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const before = await repo.findVisible(tx, actor, id, true);
      if (!before) throw notFound();
      checkOwner(actor, before);
      const current: Values = {
        name: before.name,
        productCode: before.productCode,
        description: before.description,
        type: before.type,
        dropship: before.dropship,
        isTrademark: before.isTrademark,
        sizes: before.sizes,
        colors: before.colors,
        mockupGallery: before.mockupGallery,
        designs: before.designs,
        production: production(before),
        shipping: shipping(before),
        note: before.note,
        active: before.active,
        publishStatus: before.publishStatus,
      };
      const { variants, categoryIds, ...changes } = body;
      const next: Values = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
      if (next.productCode.toLowerCase() !== before.productCode.toLowerCase() && (await repo.productCodeTaken(tx, next.productCode, id))) {
        throw badRequest(M.codeTaken, PRODUCT_CODE_UNIQUE);
      }
      if (categoryIds) await checkCategories(tx, actor, categoryIds);
      const existing = await repo.liveVariants(tx, id);
      // Without a variant list the current variants stay, and must still fit the colours and sizes.
      const list: CatalogVariantInput[] = variants ?? existing.map((v) => ({ id: v.id, catalogVariantCode: v.catalogVariantCode, color: v.color, size: v.size, inStock: v.inStock }));
      await checkVariants(tx, next, list, existing);

      await repo.updateCatalog(tx, id, columns(next));
      if (categoryIds) await repo.setCategories(tx, id, categoryIds);
      const change = { added: [] as string[], updated: [] as string[], archived: [] as string[], deleted: [] as string[], alternatives: [] as AlternativeChange[] };
      if (variants) {
        const keep = new Set(variants.filter((v) => v.id).map((v) => v.id!));
        const removed = existing.filter((v) => !keep.has(v.id));
        const referenced = await repo.referencedVariantIds(tx, id, removed.map((v) => v.id));
        const archived = removed.filter((v) => referenced.has(v.id));
        const deleted = removed.filter((v) => !referenced.has(v.id));
        // Removed first: a new variant may take the code a deleted one freed.
        await repo.archiveVariants(tx, archived.map((v) => v.id));
        await repo.deleteVariants(tx, deleted.map((v) => v.id));
        for (const v of variants.filter((x) => x.id)) {
          const old = existing.find((e) => e.id === v.id)!;
          if (old.catalogVariantCode === v.catalogVariantCode && old.color === v.color && old.size === v.size && old.inStock === v.inStock) continue;
          await repo.updateVariant(tx, v.id!, { catalogVariantCode: v.catalogVariantCode, color: v.color, size: v.size, inStock: v.inStock });
          change.updated.push(v.catalogVariantCode);
        }
        const added = variants.filter((v) => !v.id);
        await repo.insertVariants(tx, id, added.map(({ catalogVariantCode, color, size, inStock }) => ({ catalogVariantCode, color, size, inStock })));
        change.added = added.map((v) => v.catalogVariantCode);
        change.archived = archived.map((v) => v.catalogVariantCode);
        change.deleted = deleted.map((v) => v.catalogVariantCode);
        change.alternatives = await saveAlternatives(tx, id, variants);
        // Published products follow their catalog variants' stock and alternatives (docs/publishing.md).
        const stockChanged = variants.some((v) => v.id && existing.find((e) => e.id === v.id)!.inStock !== v.inStock);
        if (archived.length || stockChanged || change.alternatives.some((a) => a.alternative)) await queueCatalogChanged(ctx, tx, id);
      }
      const after = (await repo.findVisible(tx, actor, id))!;
      await audit(tx, actor, {
        entityId: id,
        action: 'update',
        before: snapshot(before),
        after: snapshot(after, { ...(categoryIds ? { categoryIds } : {}), variants: change }),
      });
      return detailOf(ctx, actor, after, tx);
    }),
  );
  return { message: 'Updated', data };
}

/** Soft delete: price logs, costs and (later) orders keep pointing at the catalog. */
export async function deleteCatalog(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findVisible(tx, actor, id, true);
    if (!row) throw notFound();
    checkOwner(actor, row);
    await repo.updateCatalog(tx, id, { deletedAt: new Date() });
    await audit(tx, actor, { entityId: id, action: 'delete', before: snapshot(row) });
  });
  return { message: 'Deleted' };
}

/** PATCH /catalogs/status: the catalogs whose status differs change; each is audited. */
export async function bulkStatus(ctx: AppContext, actor: Actor, body: CatalogStatusBody) {
  const changed = await ctx.db.transaction(async (tx) => {
    const rows = (await repo.lockCatalogs(tx, actor, body.ids)).filter((r) => r.publishStatus !== body.status);
    await repo.setStatus(tx, rows.map((r) => r.id), body.status);
    for (const r of rows) {
      await audit(tx, actor, { entityId: r.id, action: 'update_status', before: { publishStatus: r.publishStatus }, after: { publishStatus: body.status } });
    }
    return rows.length;
  });
  return { message: changed ? 'Update success!' : 'No changed!', data: { changed } };
}

/** Ask price: dropship trademark catalogs go to Ask price (2); every supplier is told. */
export async function askPrice(ctx: AppContext, actor: Actor, ids: string[]) {
  return ctx.db.transaction(async (tx) => {
    const rows = await repo.lockCatalogs(tx, actor, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const refused: { id: string; message: string }[] = [];
    const asked: repo.CatalogRow[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) refused.push({ id, message: 'Not found' });
      else if (!row.dropship || !row.isTrademark) refused.push({ id, message: M.notDropshipTrademark });
      else if (row.publishStatus === 2) refused.push({ id, message: M.alreadyAsked });
      else asked.push(row);
    }
    await repo.setStatus(tx, asked.map((r) => r.id), 2);
    for (const r of asked) {
      await audit(tx, actor, { entityId: r.id, action: 'ask_price', before: { publishStatus: r.publishStatus }, after: { publishStatus: 2 } });
    }
    if (asked.length) {
      const names = asked.slice(0, 5).map((r) => `${r.name} (${r.productCode})`).join(', ');
      const more = asked.length > 5 ? ` and ${asked.length - 5} more` : '';
      await notify(tx, await repo.activeSupplierIds(tx), {
        agencyId: null,
        title: 'Ask price',
        content: `Please fill in your prices for ${names}${more}.`,
      });
    }
    return {
      message: asked.length ? 'Update success!' : 'No changed!',
      data: { changed: asked.length, refused },
    };
  });
}

export async function fulfillmentPartners(ctx: AppContext) {
  return { data: await repo.fulfillmentPartners(ctx.db) };
}

type ExportRow = Awaited<ReturnType<typeof repo.agencyExportRows>>[number];
const EXPORT_COLUMNS: SheetColumn<ExportRow>[] = [
  { header: 'Catalog code', value: (r) => r.productCode, width: 18 },
  { header: 'Catalog name', value: (r) => r.name, width: 36 },
  { header: 'Type', value: (r) => CATALOG_TYPE_LABELS[r.type], width: 8 },
  { header: 'Owner', value: (r) => (r.own ? 'Own' : 'Platform'), width: 10 },
  { header: 'Variant code', value: (r) => r.variantCode, width: 26 },
  { header: 'Color', value: (r) => r.color, width: 14 },
  { header: 'Size', value: (r) => r.size, width: 10 },
  { header: 'Stock', value: (r) => stockLabel(r.inStock), width: 12 },
  { header: 'Cost (USD)', value: (r) => dollars(r.costCents), width: 12 },
];

/** The agency's catalogs with variants and its cost, as a file answered by a signed address. */
export async function exportAgencyCatalogs(ctx: AppContext, actor: Actor, exportType: 'xlsx' | 'csv') {
  if (!actor.agencyId) throw forbidden();
  const rows = await repo.agencyExportRows(ctx.db, actor, actor.agencyId);
  const data = exportType === 'csv' ? toCsv(EXPORT_COLUMNS, rows) : await toXlsx('Catalogs', EXPORT_COLUMNS, rows);
  const stamp = new Date().toISOString().slice(0, 10);
  const file = await saveJobFile(ctx.db, {
    userId: actor.userId,
    agencyId: actor.agencyId,
    purpose: 'export',
    name: `agency-catalogs-${stamp}.${exportType}`,
    contentType: exportType === 'csv' ? CSV_TYPE : XLSX_TYPE,
    data,
  });
  return { message: 'Export success!', data: { url: ctx.downloadUrl(file.id) } };
}
