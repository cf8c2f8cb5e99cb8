/**
 * Demo mappings (docs/stores.md "Mapping"): the demo seller's products in every mapping status. The tee is mapped
 * to Gildan 5000 with artwork (2), the hoodie to Gildan 18500 without artwork (1), the mug, the poster and the tote
 * are not mapped (0). Matched by option names, as "map many products to one catalog" does.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { matchCatalogVariant, variantMappingStatus } from '@fbo/shared';
import type { Tx } from './client';
import * as s from './schema/index';
import { rollUpMappingStatus } from '../modules/products';

export const DEMO_ARTWORK = '/cms/demo/art-best-dog-dad.svg';

export async function seedDemoMappings(tx: Tx, agencyId: string, products: { tee: string; hoodie: string }) {
  const plans = [
    { productId: products.tee, catalog: 'Gildan 5000 Unisex Heavy Cotton T-Shirt', artwork: DEMO_ARTWORK },
    { productId: products.hoodie, catalog: 'Gildan 18500 Heavy Blend Hoodie', artwork: null },
  ];
  const catalogs = await tx.select().from(s.catalogs).where(inArray(s.catalogs.name, plans.map((p) => p.catalog)));
  const mappedAt = new Date(Date.now() - 2 * 86_400_000);
  for (const plan of plans) {
    const catalog = catalogs.find((c) => c.name === plan.catalog && c.agencyId === null)!;
    const catalogVariants = await tx.select().from(s.catalogVariants).where(eq(s.catalogVariants.catalogId, catalog.id));
    const variants = await tx.select().from(s.productVariants).where(and(eq(s.productVariants.agencyId, agencyId), eq(s.productVariants.productId, plan.productId)));
    for (const v of variants) {
      const match = matchCatalogVariant([v.option1, v.option2], catalogVariants);
      await tx
        .update(s.productVariants)
        .set({ catalogVariantId: match?.id ?? null, artwork1: plan.artwork, mappingStatus: variantMappingStatus(match?.id, [plan.artwork]), mappedAt })
        .where(eq(s.productVariants.id, v.id));
    }
    await tx.update(s.products).set({ catalogId: catalog.id }).where(eq(s.products.id, plan.productId));
  }
  await rollUpMappingStatus(tx, agencyId, plans.map((p) => p.productId));
}
