/**
 * createProduct on the file import (spec: POST orders/import/csv with createProduct; docs/stores.md): the file's SKUs
 * that are neither a catalog variant nor a variant of the team's products become products of a manual store of the
 * team: the one the line's Store column names, else the team's oldest manual store (made, "Imported products", when
 * the team has none). One product per line title ("Tee - Black / S" -> product "Tee", variant "Black / S"), priced
 * as the file sold them and not mapped. The import keeps their lines as waiting for the mapping (needs mapping);
 * once the seller maps the product, "Apply mapping to open orders" (sync-to-item) resolves them.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { handleFromTitle } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { productVariants, products, stores } from '../../db/schema/index';
import * as repo from './products.repo';
import { freeHandle } from './products.service';

export interface ImportedLine {
  sku: string;
  title: string;
  priceCents: number;
  /** The Store column's value ('' when the file has none): a manual store of the team, by name. */
  store?: string;
}

export const IMPORTED_PRODUCTS_STORE = 'Imported products';

type ManualStore = { id: string; name: string };

/** The team's manual stores, oldest first (the first is where lines naming no store go). */
export async function manualStoresOf(db: Db | Tx, scope: repo.ProductScope): Promise<ManualStore[]> {
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.agencyId, scope.agencyId), eq(stores.sellerTeamId, scope.sellerTeamId), eq(stores.platform, 'manual')))
    .orderBy(asc(stores.createdAt), asc(stores.id));
}

/** A Store column's value matched to a manual store: names compare trimmed and without regard to case. */
export const sameStoreName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The team's manual stores, locked (two imports at once make "Imported products" once); one made when the team has none. */
async function lockedManualStores(tx: Tx, scope: repo.ProductScope): Promise<ManualStore[]> {
  // Two imports of one team at once: the second waits here, then finds the store the first made.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`imported-products:${scope.sellerTeamId}`}, 0))`);
  const found = await manualStoresOf(tx, scope);
  if (found.length) return found;
  const [made] = await tx
    .insert(stores)
    .values({ agencyId: scope.agencyId, sellerTeamId: scope.sellerTeamId, platform: 'manual', name: IMPORTED_PRODUCTS_STORE, connectedAt: new Date() })
    .returning({ id: stores.id, name: stores.name });
  return [made!];
}

/** "Tee - Black / S" -> ["Tee", "Black / S"]; a title without a variant part is the product, its SKU the variant. */
function splitTitle(title: string, sku: string): [product: string, variant: string] {
  const at = title.lastIndexOf(' - ');
  if (at <= 0) return [title.trim() || sku, sku];
  return [title.slice(0, at).trim(), title.slice(at + 3).trim() || sku];
}

export interface ProductsFromImport {
  /** The stores products were made in (or would have been, when every SKU was taken), by name. */
  stores: string[];
  products: number;
  variants: number;
  /** The store variant of each SKU made here, for the import's waiting lines. */
  variantIds: Map<string, string>;
}

/**
 * Makes the products. A line naming a store that is not one of the team's manual stores is the caller's to refuse
 * (the import plan does); here it falls back to the default store.
 */
export async function productsFromImport(tx: Tx, scope: repo.ProductScope, lines: ImportedLine[]): Promise<ProductsFromImport> {
  const manual = await lockedManualStores(tx, scope);
  const storeOf = (name: string | undefined) => (name && manual.find((m) => sameStoreName(m.name, name))) || manual[0]!;
  // A SKU the team's products already hold (another import made it meanwhile) is not made twice.
  const taken = new Set(
    (await tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .innerJoin(products, and(eq(products.agencyId, productVariants.agencyId), eq(products.id, productVariants.productId)))
      .where(and(eq(productVariants.agencyId, scope.agencyId), eq(products.sellerTeamId, scope.sellerTeamId), inArray(productVariants.sku, lines.map((l) => l.sku)))))
      .map((r) => r.sku),
  );
  // Per store, per product title: its variants.
  const planned = new Map<ManualStore, Map<string, { sku: string; title: string; priceCents: number }[]>>();
  for (const line of lines) {
    const store = storeOf(line.store);
    if (!planned.has(store)) planned.set(store, new Map());
    if (taken.has(line.sku)) continue;
    taken.add(line.sku);
    const [product, variant] = splitTitle(line.title, line.sku);
    const byTitle = planned.get(store)!;
    byTitle.set(product, [...(byTitle.get(product) ?? []), { sku: line.sku, title: variant, priceCents: line.priceCents }]);
  }
  const made: ProductsFromImport = { stores: [...planned.keys()].map((s) => s.name), products: 0, variants: 0, variantIds: new Map() };
  for (const [store, byTitle] of planned) {
    for (const [title, list] of byTitle) {
      const base = handleFromTitle(title);
      const handle = freeHandle(base, await repo.handlesLike(tx, scope.agencyId, store.id, base));
      const productId = await repo.insertProduct(
        tx,
        scope,
        { storeId: store.id, title, handle, description: '', productType: 'pod', mockup: null, options: [{ name: 'Variant', values: list.map((v) => v.title) }] },
        list.map((v) => ({ sku: v.sku, title: v.title, option1: v.title, option2: null, option3: null, priceCents: v.priceCents })),
      );
      for (const v of await repo.variantsOf(tx, scope.agencyId, productId)) if (v.sku) made.variantIds.set(v.sku, v.id);
      made.products++;
      made.variants += list.length;
    }
  }
  return made;
}
