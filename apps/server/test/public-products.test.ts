/**
 * The public product page (GET /api/public/products/{id}): each variant's shipUsFirst is the product team's
 * base-cost first-item US standard shipping of the catalog variant it is mapped to; none when it is not mapped,
 * or when that catalog variant has no price in the team's group. The demo tee is mapped to Gildan 5000, the
 * mug is not mapped (apps/server/src/db/seed-mapping.ts).
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { basecostItems, productVariants, products, sellerTeams } from '../src/db/schema/index';

const t = useApiTest();
const db = () => t.database.db;

async function productTitled(title: string) {
  const [product] = await db().select().from(products).where(eq(products.title, title));
  const [team] = await db().select().from(sellerTeams).where(eq(sellerTeams.id, product!.sellerTeamId));
  const variants = await db().select().from(productVariants).where(eq(productVariants.productId, product!.id));
  return { product: product!, basecostId: team!.basecostId!, variants: variants.sort((a, b) => a.position - b.position) };
}

const page = async (id: string) => {
  const res = await t.send(null, 'GET', `/api/public/products/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { variants: { option1: string; option2: string; shipUsFirst: number | null }[] };
};

describe('public product page: shipUsFirst from the base cost', () => {
  it('the mapped tee shows the team\u2019s first-item standard shipping of each mapped catalog variant, not the old column', async () => {
    const tee = await productTitled('Best Dog Dad Ever Classic T-Shirt');
    const mapped = tee.variants.filter((v) => v.catalogVariantId);
    expect(mapped.length).toBeGreaterThan(0);
    // One variant's price changed in the team's group: the page reads it from there.
    await db()
      .update(basecostItems)
      .set({ standardFirstCents: 612 })
      .where(and(eq(basecostItems.basecostId, tee.basecostId), eq(basecostItems.catalogVariantId, mapped[0]!.catalogVariantId!)));
    const prices = await db().select().from(basecostItems).where(eq(basecostItems.basecostId, tee.basecostId));
    const expected = tee.variants.map((v) => {
      const price = prices.find((p) => p.catalogVariantId === v.catalogVariantId);
      return price ? Number(price.standardFirstCents) / 100 : null;
    });
    const data = await page(tee.product.id);
    expect(data.variants.map((v) => v.shipUsFirst)).toEqual(expected);
    expect(data.variants[0]!.shipUsFirst).toBe(6.12);
    expect(data.variants.filter((v) => v.shipUsFirst === 4.75).length).toBeGreaterThan(0);
  });

  it('a mapped variant whose catalog variant has no price in the team\u2019s group shows no shipping', async () => {
    const tee = await productTitled('Best Dog Dad Ever Classic T-Shirt');
    const mapped = tee.variants.find((v) => v.catalogVariantId)!;
    await db()
      .delete(basecostItems)
      .where(and(eq(basecostItems.basecostId, tee.basecostId), eq(basecostItems.catalogVariantId, mapped.catalogVariantId!)));
    const data = await page(tee.product.id);
    expect(data.variants[tee.variants.indexOf(mapped)]!.shipUsFirst).toBeNull();
  });

  it('the unmapped mug shows no shipping on any variant', async () => {
    const mug = await productTitled('But First, Coffee Mug');
    expect(mug.variants.every((v) => v.catalogVariantId === null)).toBe(true);
    const data = await page(mug.product.id);
    expect(data.variants.length).toBe(mug.variants.length);
    expect(data.variants.every((v) => v.shipUsFirst === null)).toBe(true);
  });
});
