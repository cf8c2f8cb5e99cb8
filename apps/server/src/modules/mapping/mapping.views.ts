import { centsToDollars, type MappingCatalog, type MappingVariant, type StorePlatform } from '@fbo/shared';
import { mainImage } from '../products';
import type { CatalogRef, CatalogVariantRow, MappingProductRow, MappingVariantRow } from './mapping.repo';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const catalogVariantView = (cv: CatalogVariantRow) => ({ id: cv.id, code: cv.code, color: cv.color, size: cv.size, inStock: cv.inStock });

export function mappingProductView(p: MappingProductRow) {
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    mockup: mainImage(p),
    productType: p.productType,
    mappingStatus: p.mappingStatus,
    catalogId: p.catalogId,
    store: p.storeId && p.storeName ? { id: p.storeId, name: p.storeName, platform: p.storePlatform as StorePlatform } : null,
  };
}

export function mappingCatalogView(catalog: CatalogRef, variants: CatalogVariantRow[]): MappingCatalog {
  return { id: catalog.id, name: catalog.name, code: catalog.code, variants: variants.map(catalogVariantView) };
}

export function mappingVariantView(v: MappingVariantRow, mapped: CatalogVariantRow | undefined, suggested: string | null): MappingVariant {
  return {
    id: v.id,
    serverId: v.serverId,
    sku: v.sku,
    title: v.title,
    option1: v.option1,
    option2: v.option2,
    option3: v.option3,
    price: centsToDollars(Number(v.priceCents)),
    image: v.image,
    catalogVariant: mapped ? catalogVariantView(mapped) : null,
    suggestedCatalogVariantId: suggested,
    ignored: v.ignored,
    artwork1: v.artwork1, artwork2: v.artwork2, artwork3: v.artwork3, artwork4: v.artwork4, artwork5: v.artwork5, artwork6: v.artwork6,
    mappingStatus: Number(v.mappingStatus),
    duplicateSku: v.duplicateSku,
    mappedAt: iso(v.mappedAt),
  };
}
