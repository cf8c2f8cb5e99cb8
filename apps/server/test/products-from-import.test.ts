/**
 * createProduct on the file import (products-from-import.ts): unknown SKUs become unmapped products of the team's
 * manual store, one product per line title, made once; a team without a manual store gets one.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { productVariants, products, stores, users } from '../src/db/schema/index';
import { IMPORTED_PRODUCTS_STORE, productsFromImport } from '../src/modules/products';

const t = useApiTest();
const db = () => t.database.db;

async function teamOf(email: string) {
  const [u] = await db().select().from(users).where(eq(users.email, email));
  return { agencyId: u!.agencyId!, sellerTeamId: u!.sellerTeamId! };
}

describe('products from an import', () => {
  it('groups SKUs by line title, prices them as sold, leaves them unmapped, and makes a SKU once', async () => {
    const scope = await teamOf(PERSONA.OTHER_SELLER);
    const manual = await db().select().from(stores).where(and(eq(stores.sellerTeamId, scope.sellerTeamId), eq(stores.platform, 'manual')));
    const lines = [
      { sku: 'IMP-TEE-BLK-S', title: 'Imported Tee - Black / S', priceCents: 2499 },
      { sku: 'IMP-TEE-BLK-M', title: 'Imported Tee - Black / M', priceCents: 2599 },
      { sku: 'IMP-MUG', title: 'Imported Mug', priceCents: 1500 },
    ];
    const made = await db().transaction((tx) => productsFromImport(tx, scope, lines));
    expect(made).toMatchObject({ products: 2, variants: 3 });
    const store = manual[0]?.name ?? IMPORTED_PRODUCTS_STORE;
    expect(made.stores).toEqual([store]);
    expect(made.variantIds.size).toBe(3);
    const tee = await db().select().from(products).where(and(eq(products.sellerTeamId, scope.sellerTeamId), eq(products.title, 'Imported Tee')));
    expect(tee).toHaveLength(1);
    const variants = await db().select().from(productVariants).where(eq(productVariants.productId, tee[0]!.id));
    expect(variants.map((v) => [v.sku, v.title, v.priceCents, v.mappingStatus, v.catalogVariantId])).toEqual([
      ['IMP-TEE-BLK-S', 'Black / S', 2499, 0, null],
      ['IMP-TEE-BLK-M', 'Black / M', 2599, 0, null],
    ]);
    const [mug] = await db().select().from(productVariants).where(eq(productVariants.sku, 'IMP-MUG'));
    expect(mug).toMatchObject({ title: 'IMP-MUG', priceCents: 1500 });
    // Imported again: nothing new, the manual store is the same one.
    expect(await db().transaction((tx) => productsFromImport(tx, scope, lines))).toMatchObject({ products: 0, variants: 0, stores: [store] });
    const after = await db().select().from(stores).where(and(eq(stores.sellerTeamId, scope.sellerTeamId), eq(stores.platform, 'manual')));
    expect(after).toHaveLength(Math.max(1, manual.length));
  });
});
