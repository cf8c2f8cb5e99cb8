/**
 * createProduct on the file import (spec: POST orders/import/csv with createProduct; docs/stores.md): the file's SKUs
 * that are neither a catalog variant nor a variant of the team's products become products of the team's manual store
 * (made, "Imported products", when the team has none), one product per line title ("Tee - Black / S" -> product
 * "Tee", variant "Black / S"), priced as the file sold them and not mapped: the seller maps them, then imports the
 * rows again (the import's report holds them).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { handleFromTitle } from '@fbo/shared';
import type { Tx } from '../../db/client';
import { productVariants, products, stores } from '../../db/schema/index';
import * as repo from './products.repo';
import { freeHandle } from './products.service';

export interface ImportedLine {
  sku: string;
  title: string;
  priceCents: number;
}

export const IMPORTED_PRODUCTS_STORE = 'Imported products';

/** The team's manual store (the oldest), locked; one is made when the team has none. */
async function manualStore(tx: Tx, scope: repo.ProductScope) {
  const [found] = await tx
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.agencyId, scope.agencyId), eq(stores.sellerTeamId, scope.sellerTeamId), eq(stores.platform, 'manual')))
    .orderBy(asc(stores.createdAt))
    .limit(1)
    .for('update');
  if (found) return found;
  const [made] = await tx
    .insert(stores)
    .values({ agencyId: scope.agencyId, sellerTeamId: scope.sellerTeamId, platform: 'manual', name: IMPORTED_PRODUCTS_STORE, connectedAt: new Date() })
    .returning({ id: stores.id, name: stores.name });
  return made!;
}

/** "Tee - Black / S" -> ["Tee", "Black / S"]; a title without a variant part is the product, its SKU the variant. */
function splitTitle(title: string, sku: string): [product: string, variant: string] {
  const at = title.lastIndexOf(' - ');
  if (at <= 0) return [title.trim() || sku, sku];
  return [title.slice(0, at).trim(), title.slice(at + 3).trim() || sku];
}

export async function productsFromImport(tx: Tx, scope: repo.ProductScope, lines: ImportedLine[]): Promise<{ store: string; products: number; variants: number }> {
  const store = await manualStore(tx, scope);
  // A SKU the team's products already hold (another import made it meanwhile) is not made twice.
  const taken = new Set(
    (await tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .innerJoin(products, and(eq(products.agencyId, productVariants.agencyId), eq(products.id, productVariants.productId)))
      .where(and(eq(productVariants.agencyId, scope.agencyId), eq(products.sellerTeamId, scope.sellerTeamId), inArray(productVariants.sku, lines.map((l) => l.sku)))))
      .map((r) => r.sku),
  );
  const byTitle = new Map<string, { sku: string; title: string; priceCents: number }[]>();
  for (const line of lines) {
    if (taken.has(line.sku)) continue;
    taken.add(line.sku);
    const [product, variant] = splitTitle(line.title, line.sku);
    byTitle.set(product, [...(byTitle.get(product) ?? []), { sku: line.sku, title: variant, priceCents: line.priceCents }]);
  }
  let variants = 0;
  for (const [title, list] of byTitle) {
    const base = handleFromTitle(title);
    const handle = freeHandle(base, await repo.handlesLike(tx, scope.agencyId, store.id, base));
    await repo.insertProduct(
      tx,
      scope,
      { storeId: store.id, title, handle, description: '', productType: 'pod', mockup: null, options: [{ name: 'Variant', values: list.map((v) => v.title) }] },
      list.map((v) => ({ sku: v.sku, title: v.title, option1: v.title, option2: null, option3: null, priceCents: v.priceCents })),
    );
    variants += list.length;
  }
  return { store: store.name, products: byTitle.size, variants };
}
