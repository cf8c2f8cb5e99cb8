import { centsToDollars, type ProductDetail, type ProductItem, type StorePlatform } from '@fbo/shared';
import { safeHtml } from '../../lib/safe-html';
import type { ProductWithRefs, VariantRow } from './products.repo';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A product's main image: its mockup, else the first of the others. */
export const mainImage = (p: { mockup: string | null; otherMockup: string[] }) => p.mockup ?? p.otherMockup[0] ?? null;

export function productView(p: ProductWithRefs): ProductItem {
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    mockup: mainImage(p),
    productType: p.productType,
    personalized: p.personalized,
    serverId: p.serverId,
    store: p.storeId && p.storeName ? { id: p.storeId, name: p.storeName, platform: p.storePlatform as StorePlatform } : null,
    sellerTeam: { id: p.sellerTeamId, name: p.teamName, code: p.teamCode },
    variantCount: p.variantCount,
    mappingStatus: p.mappingStatus,
    syncRequestedAt: iso(p.syncRequestedAt),
    syncedAt: iso(p.syncedAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function productDetailView(p: ProductWithRefs, variants: VariantRow[]): ProductDetail {
  return {
    ...productView(p),
    description: safeHtml(p.description),
    publishedAt: p.publishedAt?.toISOString() ?? null,
    otherMockup: p.otherMockup,
    options: p.options,
    variants: variants.map((v) => ({
      id: v.id,
      serverId: v.serverId,
      sku: v.sku,
      title: v.title,
      option1: v.option1,
      option2: v.option2,
      option3: v.option3,
      price: centsToDollars(v.priceCents),
      image: v.image,
      mappingStatus: v.mappingStatus,
    })),
  };
}
