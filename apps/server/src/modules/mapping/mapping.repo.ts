/**
 * The SQL of mapping (docs/stores.md "Mapping"). Store variants are read and written within one seller team
 * (the scope every function takes); catalogs are those the agency offers, the same rule the order import
 * resolves SKUs by, so a mapping never points where an order could not go.
 */
import { sql } from 'drizzle-orm';
import type { ArtworkValues } from '@fbo/shared';
import { executedRows as rowsOf, type Db, type Tx } from '../../db/client';
import type { ProductScope } from '../products';

type Conn = Db | Tx;

export interface CatalogRef {
  id: string;
  name: string;
  code: string;
}

export interface CatalogVariantRow {
  id: string;
  code: string;
  color: string;
  size: string;
  inStock: boolean;
  catalogId: string;
}

export interface MappingProductRow {
  id: string;
  title: string;
  handle: string;
  mockup: string | null;
  otherMockup: string[];
  productType: 'pod' | 'fake' | 'drop';
  mappingStatus: number;
  catalogId: string | null;
  storeId: string | null;
  storeName: string | null;
  storePlatform: string | null;
}

export interface MappingVariantRow extends ArtworkValues {
  id: string;
  productId: string;
  serverId: string | null;
  sku: string | null;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  priceCents: number;
  image: string | null;
  catalogVariantId: string | null;
  ignored: boolean;
  mappingStatus: number;
  mappedAt: Date | string | null;
  duplicateSku: boolean;
}

const idList = (ids: string[]) => sql`(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`;

/** A catalog the agency offers (not deleted), or nothing. */
export async function offeredCatalog(db: Conn, agencyId: string, catalogId: string): Promise<CatalogRef | undefined> {
  const [row] = rowsOf<CatalogRef>(await db.execute(sql`
    select c.id, c.name, c.product_code as code from catalogs c
    join agency_catalogs ac on ac.catalog_id = c.id and ac.agency_id = ${agencyId}
    where c.id = ${catalogId} and c.deleted_at is null`));
  return row;
}

/** The catalog's live variants, in the catalog's order. */
export async function catalogVariants(db: Conn, catalogId: string): Promise<CatalogVariantRow[]> {
  return rowsOf<CatalogVariantRow>(await db.execute(sql`
    select id, catalog_variant_code as code, color, size, in_stock as "inStock", catalog_id as "catalogId"
    from catalog_variants where catalog_id = ${catalogId} and not archived
    order by created_at, catalog_variant_code`));
}

/** Catalog variants by id, archived ones too (a mapping made before a variant was archived still shows it). */
export async function catalogVariantsById(db: Conn, ids: string[]): Promise<Map<string, CatalogVariantRow>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<CatalogVariantRow>(await db.execute(sql`
    select id, catalog_variant_code as code, color, size, in_stock as "inStock", catalog_id as "catalogId"
    from catalog_variants where id in ${idList(ids)}`));
  return new Map(rows.map((r) => [r.id, r]));
}

const productColumns = sql`p.id, p.title, p.handle, p.mockup, p.other_mockup as "otherMockup", p.product_type as "productType",
  p.mapping_status as "mappingStatus", p.catalog_id as "catalogId", p.store_id as "storeId", s.name as "storeName", s.platform as "storePlatform"`;

/** The team's products among `ids`, locked for a change when `lock`; others are simply absent. */
export async function productsOf(db: Conn, scope: ProductScope, ids: string[], lock = false): Promise<MappingProductRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<MappingProductRow>(await db.execute(sql`
    select ${productColumns} from products p
    left join stores s on s.agency_id = p.agency_id and s.id = p.store_id
    where p.agency_id = ${scope.agencyId} and p.seller_team_id = ${scope.sellerTeamId} and p.id in ${idList(ids)}
    order by p.created_at desc, p.id ${lock ? sql`for update of p` : sql``}`));
}

/** The team's variants among `ids` (of one store's products when given), with their product and current mapping; others are simply absent (bulk mapping). */
export async function variantsByIds(db: Conn, scope: ProductScope, ids: string[], storeId?: string): Promise<Map<string, Pick<MappingVariantRow, 'id' | 'productId' | 'catalogVariantId' | 'ignored'> & ArtworkValues>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<Pick<MappingVariantRow, 'id' | 'productId' | 'catalogVariantId' | 'ignored'> & ArtworkValues>(await db.execute(sql`
    select v.id, v.product_id as "productId", v.catalog_variant_id as "catalogVariantId", v.ignored,
      v.artwork1, v.artwork2, v.artwork3, v.artwork4, v.artwork5, v.artwork6
    from product_variants v join products p on p.agency_id = v.agency_id and p.id = v.product_id
    where v.agency_id = ${scope.agencyId} and p.seller_team_id = ${scope.sellerTeamId} and v.id in ${idList(ids)}
      ${storeId ? sql`and p.store_id = ${storeId}` : sql``}`));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Live variants of catalogs the agency offers, by code (a bulk-mapping row names its catalog variant by code). */
export async function offeredVariantsByCode(db: Conn, agencyId: string, codes: string[]): Promise<Map<string, CatalogVariantRow>> {
  if (codes.length === 0) return new Map();
  const rows = rowsOf<CatalogVariantRow>(await db.execute(sql`
    select cv.id, cv.catalog_variant_code as code, cv.color, cv.size, cv.in_stock as "inStock", cv.catalog_id as "catalogId"
    from catalog_variants cv
    join catalogs c on c.id = cv.catalog_id and c.deleted_at is null
    join agency_catalogs ac on ac.catalog_id = c.id and ac.agency_id = ${agencyId}
    where not cv.archived and cv.catalog_variant_code = any(array(select json_array_elements_text(${JSON.stringify(codes)}::json)))`));
  return new Map(rows.map((r) => [r.code, r]));
}

/** The product one of the team's variants belongs to, by the variant's id. */
export async function productIdOfVariant(db: Conn, scope: ProductScope, variantId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ productId: string }>(await db.execute(sql`
    select v.product_id as "productId" from product_variants v
    join products p on p.agency_id = v.agency_id and p.id = v.product_id
    where v.agency_id = ${scope.agencyId} and p.seller_team_id = ${scope.sellerTeamId} and v.id = ${variantId}`));
  return row?.productId;
}

/**
 * The variants of these products with their mapping, each flagged when another variant of the team has the same
 * SKU (such a SKU never resolves an order line by itself: flagged, not guessed).
 */
export async function variantsOf(db: Conn, scope: ProductScope, productIds: string[]): Promise<MappingVariantRow[]> {
  if (productIds.length === 0) return [];
  return rowsOf<MappingVariantRow>(await db.execute(sql`
    select v.id, v.product_id as "productId", v.server_id as "serverId", v.sku, v.title, v.option1, v.option2, v.option3,
      v.price_cents as "priceCents", v.image, v.catalog_variant_id as "catalogVariantId", v.ignored,
      v.artwork1, v.artwork2, v.artwork3, v.artwork4, v.artwork5, v.artwork6, v.mapping_status as "mappingStatus", v.mapped_at as "mappedAt",
      (coalesce(v.sku, '') <> '' and exists (
        select 1 from product_variants o join products op on op.agency_id = o.agency_id and op.id = o.product_id
        where o.agency_id = v.agency_id and o.sku = v.sku and o.id <> v.id and op.seller_team_id = ${scope.sellerTeamId})) as "duplicateSku"
    from product_variants v
    where v.agency_id = ${scope.agencyId} and v.product_id in ${idList(productIds)}
    order by v.product_id, v.position, v.id`));
}

export interface VariantMappingWrite extends ArtworkValues {
  id: string;
  catalogVariantId: string | null;
  ignored: boolean;
  mappingStatus: number;
}

/** Writes the mapping of these variants in one statement (they were read under their products' locks). */
export async function writeVariantMappings(tx: Tx, agencyId: string, rows: VariantMappingWrite[], at: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update product_variants v set catalog_variant_id = x.catalog_variant_id, ignored = x.ignored,
      artwork1 = x.artwork1, artwork2 = x.artwork2, artwork3 = x.artwork3, artwork4 = x.artwork4, artwork5 = x.artwork5, artwork6 = x.artwork6,
      mapping_status = x.mapping_status, mapped_at = ${at}
    from json_to_recordset(${JSON.stringify(rows.map((r) => ({
      id: r.id, catalog_variant_id: r.catalogVariantId, ignored: r.ignored, artwork1: r.artwork1, artwork2: r.artwork2, artwork3: r.artwork3,
      artwork4: r.artwork4, artwork5: r.artwork5, artwork6: r.artwork6, mapping_status: r.mappingStatus,
    })))}::json) as x(id uuid, catalog_variant_id uuid, ignored boolean, artwork1 text, artwork2 text, artwork3 text, artwork4 text,
      artwork5 text, artwork6 text, mapping_status smallint)
    where v.agency_id = ${agencyId} and v.id = x.id`);
}

/** The catalog a product is mapped to. */
export async function setProductCatalog(tx: Tx, agencyId: string, productIds: string[], catalogId: string, at: Date): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`update products set catalog_id = ${catalogId}, updated_at = ${at} where agency_id = ${agencyId} and id in ${idList(productIds)}`);
}
