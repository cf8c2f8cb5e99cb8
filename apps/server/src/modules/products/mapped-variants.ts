/**
 * What an order line becomes through the mapping (docs/stores.md "Mapping"): the team's store variants found
 * by SKU (a file's line), by the shop's variant id (a store order's line) or by product (sync-to-item), each with
 * its catalog variant (only a catalog the agency offers and has not deleted), artwork and Ignore. One rule, read by
 * the order import, the store orders and sync-to-item; the mapping module writes it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ArtworkValues } from '@fbo/shared';
import { executedRows, type Db, type Tx } from '../../db/client';

/** A catalog variant an order item can be made of (only catalogs the agency offers and has not deleted). */
export interface CatalogVariantRef {
  id: string;
  code: string;
  color: string;
  size: string;
  catalogId: string;
  catalogName: string;
  catalogType: 'pod' | 'fake' | 'drop';
}

/** A team's store variant, and the catalog variant it is mapped to (null when unmapped or no longer offered). */
export interface MappedVariant {
  sku: string;
  /** The shop's id of the variant (null for a manual store's variant). */
  serverId: string | null;
  productVariantId: string;
  productId: string;
  /** The product's buyers enter text or images: its lines wait for the artwork made from them. */
  personalized: boolean;
  ignored: boolean;
  artworks: (string | null)[];
  variant: CatalogVariantRef | null;
  /** Or: fulfilled from a warehouse's stock (docs/warehouses.md); exclusive with `variant`. */
  warehouseProductId: string | null;
}

export type MappedMatch = { skus: string[] } | { storeId: string; serverIds: string[] } | { productId: string };

/** `= any(array(...))`: the list becomes one array first, so the (agency_id, sku) and (agency_id, server_id) indexes
 * answer it; `in (select ...)` made the planner walk every variant of the agency (16 ms a store order at 350 variants). */
const anyOf = (values: string[]) => sql`any(array(select json_array_elements_text(${JSON.stringify(values)}::json)))`;

function matchCondition(match: MappedMatch): SQL | null {
  if ('productId' in match) return sql`v.product_id = ${match.productId}`;
  if ('skus' in match) return match.skus.length ? sql`v.sku = ${anyOf(match.skus)}` : null;
  return match.serverIds.length ? sql`p.store_id = ${match.storeId} and v.server_id = ${anyOf(match.serverIds)}` : null;
}

/** The team's store variants with these SKUs, of this store with these shop variant ids, or of this product. */
export async function mappedVariants(db: Db | Tx, scope: { agencyId: string; sellerTeamId: string }, match: MappedMatch): Promise<MappedVariant[]> {
  const where = matchCondition(match);
  if (!where) return [];
  const result = await db.execute(sql`
    select v.sku, v.server_id as "serverId", v.id as "productVariantId", v.product_id as "productId", p.personalized, v.ignored,
      v.warehouse_product_id as "warehouseProductId",
      v.artwork1, v.artwork2, v.artwork3, v.artwork4, v.artwork5, v.artwork6,
      c.id as "catalogId", cv.id, cv.catalog_variant_code as code, cv.color, cv.size, c.name as "catalogName", c.type as "catalogType"
    from product_variants v
    join products p on p.agency_id = v.agency_id and p.id = v.product_id and p.seller_team_id = ${scope.sellerTeamId}
    left join catalog_variants cv on cv.id = v.catalog_variant_id
    left join catalogs c on c.id = cv.catalog_id and c.deleted_at is null
      and exists (select 1 from agency_catalogs ac where ac.agency_id = ${scope.agencyId} and ac.catalog_id = c.id)
    where v.agency_id = ${scope.agencyId} and ${where}`);
  type Row = Omit<CatalogVariantRef, 'catalogId'> & ArtworkValues & Omit<MappedVariant, 'artworks' | 'variant'> & { catalogId: string | null };
  return executedRows<Row>(result).map((r) => ({
    sku: r.sku, serverId: r.serverId, productVariantId: r.productVariantId, productId: r.productId, personalized: r.personalized, ignored: r.ignored,
    artworks: [r.artwork1, r.artwork2, r.artwork3, r.artwork4, r.artwork5, r.artwork6],
    variant: r.catalogId ? { id: r.id, code: r.code, color: r.color, size: r.size, catalogId: r.catalogId, catalogName: r.catalogName, catalogType: r.catalogType } : null,
    warehouseProductId: r.warehouseProductId ?? null,
  }));
}
