import { eq, inArray } from 'drizzle-orm';
import type { Tx } from './client';
import * as s from './schema/index';
import { CATALOG_LINES, SIZES_BY_SHAPE } from './seed-data';

/** Blank prices by product shape, in cents: what a US POD fulfiller charges in 2026. */
const BASE_PRICE_BY_SHAPE: Record<string, number> = {
  tshirt: 895, hoodie: 1995, sweatshirt: 1695, mug: 695, poster: 1095, tote: 995, phonecase: 1195, cap: 1295,
};
const SHIPPING_BY_SHAPE: Record<string, [number, number]> = {
  tshirt: [475, 240], hoodie: [799, 400], sweatshirt: [699, 350], mug: [699, 400], poster: [599, 200],
  tote: [475, 240], phonecase: [399, 150], cap: [499, 250],
};
/**
 * More licensed dropship lines, offered to no agency yet: the supplier
 * catalog pages. No random numbers, so the rest of the demo data stays as it was.
 */
const LICENSED_LINES = [
  { name: 'Licensed Superhero Tee', shape: 'tshirt', status: 1 },
  { name: 'Licensed Anime Hoodie', shape: 'hoodie', status: 2 },
  { name: 'Licensed Sports Cap', shape: 'cap', status: 3 },
  { name: 'Licensed Cartoon Mug', shape: 'mug', status: 4 },
  { name: 'Licensed Band Poster', shape: 'poster', status: 5 },
  { name: 'Licensed Game Tote', shape: 'tote', status: 6 },
  { name: 'Licensed Racing Jersey', shape: 'tshirt', status: 2 },
  { name: 'Licensed Retro Sweatshirt', shape: 'sweatshirt', status: 6 },
] as const;

async function seedLicensedCatalogs(tx: Tx) {
  const now = Date.now();
  for (const [i, line] of LICENSED_LINES.entries()) {
    const colors = ['black', 'white'];
    const sizes = SIZES_BY_SHAPE[line.shape]!;
    const code = `DROP-${2000 + i}`;
    const [catalog] = await tx
      .insert(s.catalogs)
      .values({
        name: line.name,
        productCode: code,
        type: 'drop',
        dropship: true,
        isTrademark: true,
        publishStatus: line.status,
        mockupGallery: colors.map((c) => `/cms/demo/${line.shape}-${c}.svg`),
        sizes,
        colors,
        // Older than the first licensed lines (130-150 days), newer than the oldest catalogs (300 days).
        createdAt: new Date(now - (155 + i * 8) * 86_400_000),
      })
      .returning();
    await tx.insert(s.catalogVariants).values(
      colors.flatMap((color) =>
        sizes.map((size) => ({
          catalogId: catalog!.id,
          catalogVariantCode: `${code}-${color.slice(0, 3).toUpperCase()}-${size.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`,
          color,
          size,
        })),
      ),
    );
  }
}

const CATEGORY_NAMES = ['T-Shirts', 'Hoodies & Sweatshirts', 'Drinkware', 'Wall Art', 'Bags', 'Phone Cases', 'Headwear', 'Kids', 'Licensed'];
const CATEGORY_OF_SHAPE: Record<string, string> = {
  tshirt: 'T-Shirts', hoodie: 'Hoodies & Sweatshirts', sweatshirt: 'Hoodies & Sweatshirts', mug: 'Drinkware',
  poster: 'Wall Art', tote: 'Bags', phonecase: 'Phone Cases', cap: 'Headwear',
};
/** Size upcharges the way POD price lists have them: 2XL +$2, 3XL +$3.50, larger posters more. */
const SIZE_UPCHARGE: Record<string, number> = { '2XL': 200, '3XL': 350, '18x24': 400, '24x36': 900, '15oz': 150 };

interface Ids {
  demoAgencyId: string;
  otherAgencyId: string;
  /** The demo agency's seller base-cost groups. */
  standardId: string;
  premiumId: string;
  otherStandardId: string;
  supplierId: string;
}

/**
 * Categories, production and shipping details, supplier prices, price logs, the administrator's
 * base costs (what agencies pay), each agency's catalog costs, and the agencies' seller groups
 * (what sellers pay). docs/decisions.md "Base costs" explains the model.
 */
export async function seedCatalogDetails(tx: Tx, ids: Ids, rand: () => number): Promise<void> {
  await seedLicensedCatalogs(tx);
  const catalogs = await tx.select().from(s.catalogs);
  const variants = await tx.select().from(s.catalogVariants);
  const lineByName = new Map<string, { shape: string }>([...CATALOG_LINES, ...LICENSED_LINES].map((l) => [l.name, l]));
  const shapeOf = (catalogId: string) => lineByName.get(catalogs.find((c) => c.id === catalogId)!.name)?.shape ?? 'tshirt';

  const cats = await tx
    .insert(s.categories)
    .values(CATEGORY_NAMES.map((name) => ({ name, description: `${name} for print on demand and dropship` })))
    .returning();
  await tx.insert(s.categories).values([
    { agencyId: ids.demoAgencyId, name: 'Best sellers', description: 'What our sellers order most' },
    { agencyId: ids.demoAgencyId, name: 'Holiday', description: 'Seasonal lines' },
    { agencyId: ids.otherAgencyId, name: 'Featured', description: '' },
  ]);
  const catByName = new Map(cats.map((c) => [c.name, c.id]));
  await tx.insert(s.catalogCategories).values(
    catalogs.flatMap((c) => {
      const line = lineByName.get(c.name);
      const list = [catByName.get(CATEGORY_OF_SHAPE[line?.shape ?? 'tshirt']!)!];
      if (/Youth|Toddler/.test(c.name)) list.push(catByName.get('Kids')!);
      if (c.isTrademark) list.push(catByName.get('Licensed')!);
      return list.map((categoryId) => ({ catalogId: c.id, categoryId }));
    }),
  );

  for (const c of catalogs) {
    const shape = shapeOf(c.id);
    await tx
      .update(s.catalogs)
      .set({
        description: c.description || `<p>${c.name}: a best-selling ${shape} blank, printed and shipped from our US facility.</p>`,
        designs: shape === 'mug' ? [{ name: 'Wrap', width: 2475, height: 1155 }] : [{ name: 'Front', width: 4200, height: 4800 }, { name: 'Back', width: 4200, height: 4800 }],
        production: { productionTime: c.dropship ? '1-2 business days' : '2-4 business days', material: shape === 'mug' ? 'Ceramic' : '100% cotton', weight: shape === 'hoodie' ? 18 : 6, weightUnit: 'oz' },
        shipping: { methods: c.dropship ? ['standard'] : ['standard', 'express'], shippingTime: '3-7 business days', shipsFrom: 'US' },
      })
      .where(eq(s.catalogs.id, c.id));
  }

  // Supplier prices on the trademark dropship catalogs that are past Ask price.
  const priced = catalogs.filter((c) => c.isTrademark && c.publishStatus !== 2);
  for (const c of priced) {
    const base = BASE_PRICE_BY_SHAPE[shapeOf(c.id)]!;
    for (const v of variants.filter((x) => x.catalogId === c.id)) {
      const min = base + (SIZE_UPCHARGE[v.size] ?? 0) + Math.floor(rand() * 4) * 25;
      await tx
        .update(s.catalogVariants)
        .set({ supplierMinPriceCents: min, supplierMaxPriceCents: min + 150, supplierQuantity: 50 + Math.floor(rand() * 400) })
        .where(eq(s.catalogVariants.id, v.id));
    }
    const fresh = await tx.select().from(s.catalogVariants).where(eq(s.catalogVariants.catalogId, c.id));
    await tx.insert(s.priceChangeLogs).values({
      catalogId: c.id,
      createdUserId: ids.supplierId,
      createdUserEmail: 'supplier@demo.test',
      status: c.publishStatus,
      note: 'Prices for the new season',
      type: 'CHANGE_SUPPLIER_PRICE',
      variantChanged: fresh.map((v) => ({
        variantId: v.id, catalogVariantCode: v.catalogVariantCode, color: v.color, size: v.size, inStock: v.inStock,
        supplierMinPriceCents: v.supplierMinPriceCents, supplierMaxPriceCents: v.supplierMaxPriceCents, supplierQuantity: v.supplierQuantity,
      })),
    });
  }

  // The administrator's price lists (what agencies pay) and the agencies' seller groups.
  const [adminStandard] = await tx
    .insert(s.basecosts)
    .values([
      { name: 'Platform Standard', description: 'Default prices for fulfilment partners' },
      { name: 'Platform Volume', description: 'For partners above 5,000 items a month' },
    ])
    .returning();
  await tx.update(s.agencies).set({ basecostId: adminStandard!.id }).where(inArray(s.agencies.id, [ids.demoAgencyId, ids.otherAgencyId]));
  const adminBasecosts = await tx.select().from(s.basecosts).where(inArray(s.basecosts.name, ['Platform Standard', 'Platform Volume']));

  const price = (variant: (typeof variants)[number], markup: number) => {
    const shape = shapeOf(variant.catalogId);
    const base = BASE_PRICE_BY_SHAPE[shape]! + (SIZE_UPCHARGE[variant.size] ?? 0);
    const [first, additional] = SHIPPING_BY_SHAPE[shape]!;
    return {
      basePriceCents: Math.round((base * (100 + markup)) / 100),
      standardFirstCents: first,
      standardAdditionalCents: additional,
      expressFirstCents: first + 800,
      expressAdditionalCents: additional + 200,
    };
  };
  const items: (typeof s.basecostItems.$inferInsert)[] = [];
  for (const bc of adminBasecosts) {
    const markup = bc.name === 'Platform Volume' ? -8 : 0;
    for (const v of variants) items.push({ basecostId: bc.id, catalogId: v.catalogId, catalogVariantId: v.id, ...price(v, markup) });
  }

  // What each agency pays per variant of the catalogs it offers (from Platform Standard).
  const offered = await tx.select().from(s.agencyCatalogs);
  const costs = offered.flatMap((o) =>
    variants
      .filter((v) => v.catalogId === o.catalogId)
      .map((v) => ({ agencyId: o.agencyId, catalogId: v.catalogId, catalogVariantId: v.id, costCents: price(v, 0).basePriceCents })),
  );
  for (let i = 0; i < costs.length; i += 500) await tx.insert(s.agencyVariantCosts).values(costs.slice(i, i + 500));

  // Seller groups: Standard +40 %, Premium +25 % over the agency's cost; every offered catalog priced.
  const groups = [
    { id: ids.standardId, agencyId: ids.demoAgencyId, markup: 40 },
    { id: ids.premiumId, agencyId: ids.demoAgencyId, markup: 25 },
    { id: ids.otherStandardId, agencyId: ids.otherAgencyId, markup: 35 },
  ];
  for (const g of groups) {
    const mine = new Set(offered.filter((o) => o.agencyId === g.agencyId).map((o) => o.catalogId));
    for (const v of variants.filter((x) => mine.has(x.catalogId))) {
      items.push({ basecostId: g.id, catalogId: v.catalogId, catalogVariantId: v.id, ...price(v, g.markup) });
    }
  }
  for (let i = 0; i < items.length; i += 500) await tx.insert(s.basecostItems).values(items.slice(i, i + 500));
}
