/**
 * A catalog variant's alternative (docs/publishing.md "Alternative variants"): the catalog API names it by code and
 * refuses an unknown code, the variant itself and a discontinued one with field errors; a published variant whose
 * catalog variant goes out of stock is made as the alternative and stays sellable in the shop (audited, the team's
 * managers told), one without an alternative is made unavailable; no switch back when the original returns.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { CATALOG_MSG } from '@fbo/shared';
import { PERSONA } from './helpers/personas';
import { connectShop } from './helpers/shopify-shop';
import { usePublishingApiTest } from './helpers/publishing';
import { availableForSale } from '../fakes/shopify/publishing';
import { auditEntries, catalogVariants, jobs, notifications, productVariants, products, stores, users } from '../src/db/schema/index';
import { REMAPPED_AUDIT_ACTION, REMAPPED_TITLE } from '../src/modules/publishing/publishing-alternatives';

const { t, fakes } = usePublishingApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, OWNER } = PERSONA;
const SHOP = 'alternative-shop.myshopify.com';
const ART = '/uploads/demo/dog-dad-front.png';

type Variant = { id: string; catalogVariantCode: string; color: string; size: string; inStock: boolean; alternativeVariantCode?: string };
type VariantInput = Omit<Partial<Variant>, 'alternativeVariantCode'> & { alternativeVariantCode?: string | null };

const code = (suffix: string) => `ALT-${suffix}`;
function catalogBody(productCode: string, alternatives: Record<string, string | null> = {}) {
  const grid = [['black', 'S'], ['black', 'M'], ['white', 'S'], ['white', 'M']] as const;
  return {
    name: `Alternative Tee ${productCode}`, productCode, type: 'pod', sizes: ['S', 'M'], colors: ['black', 'white'], publishStatus: 1,
    variants: grid.map(([color, size]) => {
      const variantCode = `${productCode}-${color.slice(0, 3).toUpperCase()}-${size}`;
      return { catalogVariantCode: variantCode, color, size, inStock: true, ...(variantCode in alternatives ? { alternativeVariantCode: alternatives[variantCode] } : {}) };
    }),
  };
}

const inputOf = (v: Variant, change: VariantInput = {}) => ({ id: v.id, catalogVariantCode: v.catalogVariantCode, color: v.color, size: v.size, inStock: v.inStock, ...change });
const detail = async (id: string) => (await call(OWNER, 'GET', `/api/catalogs/${id}`)).body.data as { id: string; variants: Variant[] };
async function patchVariants(id: string, change: (v: Variant) => VariantInput = () => ({})) {
  const { variants } = await detail(id);
  return call(OWNER, 'PATCH', `/api/catalogs/${id}`, { variants: variants.map((v) => inputOf(v, change(v))) });
}

describe('the catalog API names an alternative by code', () => {
  let catalogId: string;
  const P = code('API');
  const alternativesOf = (variants: Variant[]) => Object.fromEntries(variants.map((v) => [v.catalogVariantCode, v.alternativeVariantCode ?? null]));
  const alternatives = async () => alternativesOf((await detail(catalogId)).variants);
  /** The position of a variant in the list patchVariants sends (the detail's order): field errors name it. */
  const at = async (suffix: string) => (await detail(catalogId)).variants.findIndex((v) => v.catalogVariantCode === `${P}-${suffix}`);

  it('sets it on create and reads it back; the others have none', async () => {
    const made = await call(OWNER, 'POST', '/api/catalogs', catalogBody(P, { [`${P}-BLA-S`]: `${P}-BLA-M` }));
    expect(made.status).toBe(201);
    catalogId = made.body.data.id;
    const expected = { [`${P}-BLA-S`]: `${P}-BLA-M`, [`${P}-BLA-M`]: null, [`${P}-WHI-S`]: null, [`${P}-WHI-M`]: null };
    expect(alternativesOf(made.body.data.variants)).toEqual(expected);
    expect(await alternatives()).toEqual(expected);
  });

  it('a variant left without the field keeps its alternative; null clears it; another code sets it (any case)', async () => {
    expect((await patchVariants(catalogId)).status).toBe(200);
    expect((await alternatives())[`${P}-BLA-S`]).toBe(`${P}-BLA-M`);
    const changed = await patchVariants(catalogId, (v) =>
      v.catalogVariantCode === `${P}-BLA-S` ? { alternativeVariantCode: null } : v.catalogVariantCode === `${P}-WHI-S` ? { alternativeVariantCode: `${P}-whi-m` } : {});
    expect(changed.status).toBe(200);
    expect(alternativesOf(changed.body.data.variants)).toEqual({ [`${P}-BLA-S`]: null, [`${P}-BLA-M`]: null, [`${P}-WHI-S`]: `${P}-WHI-M`, [`${P}-WHI-M`]: null });
  });

  it('an unknown code, the variant itself and a discontinued variant are refused with field errors; nothing is saved', async () => {
    const unknown = await patchVariants(catalogId, (v) => (v.catalogVariantCode === `${P}-BLA-M` ? { alternativeVariantCode: 'NO-SUCH-CODE' } : {}));
    const message = CATALOG_MSG.alternativeUnknown('NO-SUCH-CODE');
    expect(unknown).toMatchObject({ status: 400, body: { message, errors: { [`variants.${await at('BLA-M')}.alternativeVariantCode`]: message } } });

    const self = await patchVariants(catalogId, (v) => (v.catalogVariantCode === `${P}-WHI-M` ? { alternativeVariantCode: `${P}-WHI-M`, inStock: false } : {}));
    expect(self).toMatchObject({ status: 400, body: { errors: { [`variants.${await at('WHI-M')}.alternativeVariantCode`]: CATALOG_MSG.alternativeSelf } } });
    // The refused save left the stock as it was (one transaction).
    expect((await detail(catalogId)).variants.find((v) => v.catalogVariantCode === `${P}-WHI-M`)!.inStock).toBe(true);

    // A variant removed while base costs name it is archived (kept for them): here archived directly.
    const added = [...(await detail(catalogId)).variants.map((v) => inputOf(v)), { catalogVariantCode: `${P}-BLA-L`, color: 'black', size: 'L', inStock: true }];
    expect((await call(OWNER, 'PATCH', `/api/catalogs/${catalogId}`, { sizes: ['S', 'M', 'L'], variants: added })).status).toBe(200);
    await db().update(catalogVariants).set({ archived: true }).where(eq(catalogVariants.catalogVariantCode, `${P}-BLA-L`));
    const archived = await patchVariants(catalogId, (v) => (v.catalogVariantCode === `${P}-BLA-S` ? { alternativeVariantCode: `${P}-BLA-L` } : {}));
    expect(archived).toMatchObject({ status: 400, body: { errors: { [`variants.${await at('BLA-S')}.alternativeVariantCode`]: CATALOG_MSG.alternativeArchived(`${P}-BLA-L`) } } });
  });

  it('a variant named as an alternative and then removed leaves the other with none', async () => {
    const { variants } = await detail(catalogId);
    const kept = variants.filter((v) => v.catalogVariantCode !== `${P}-WHI-M`);
    expect((await call(OWNER, 'PATCH', `/api/catalogs/${catalogId}`, { variants: kept.map((v) => inputOf(v)) })).status).toBe(200);
    expect(await alternatives()).toEqual({ [`${P}-BLA-S`]: null, [`${P}-BLA-M`]: null, [`${P}-WHI-S`]: null });
  });
});

describe('publishing follows the alternative', () => {
  const P = code('PUB');
  let catalog: { id: string; variants: Variant[] };
  let productId: string;
  let serverId: number;

  const variantsOf = () => db().select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position));
  const sellable = () => fakes().shopify.shop(SHOP).products.get(serverId)!.variants.map(availableForSale);
  const byCode = (c: string) => catalog.variants.find((v) => v.catalogVariantCode === `${P}-${c}`)!;
  async function stock(change: (v: Variant) => VariantInput) {
    const res = await patchVariants(catalog.id, change);
    expect(res.status).toBe(200);
    await t.app.jobs.drain();
  }

  beforeAll(async () => {
    await connectShop(t, SELLER, SHOP);
    await t.app.jobs.drain();
    const [store] = await db().select().from(stores).where(eq(stores.shopDomain, SHOP));
    const made = await call(OWNER, 'POST', '/api/catalogs', catalogBody(P, { [`${P}-BLA-S`]: `${P}-BLA-M` }));
    expect(made.status).toBe(201);
    catalog = made.body.data;
    const picked = [byCode('BLA-S'), byCode('WHI-S')];
    const started = await call(SELLER, 'POST', '/api/publishing/products', {
      storeId: store!.id, catalogId: catalog.id, title: 'Alternative Tee', description: '',
      variants: picked.map((v) => ({ catalogVariantId: v.id, priceCents: 2500 })), artwork: { artwork1: ART },
    });
    expect(started.status).toBe(202);
    await t.app.jobs.drain();
    const [job] = await db().select().from(jobs).where(eq(jobs.id, started.body.jobId));
    expect(job!.result).toMatchObject({ ok: true });
    productId = String(job!.result!['productId']);
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    serverId = Number(product!.serverId);
    expect(sellable()).toEqual([true, true]);
  });

  it('out of stock with an alternative: made as the alternative, still sellable, audited, managers told; without one: unavailable', async () => {
    await stock((v) => (v.catalogVariantCode === `${P}-BLA-S` || v.catalogVariantCode === `${P}-WHI-S` ? { inStock: false } : {}));
    const rows = await variantsOf();
    expect(rows.map((r) => [r.catalogVariantId, r.artwork1, r.mappingStatus, r.available])).toEqual([
      [byCode('BLA-M').id, ART, 2, true],
      [byCode('WHI-S').id, ART, 2, false],
    ]);
    expect(sellable()).toEqual([true, false]);
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    expect(product!.mappingStatus).toBe(2);

    const audit = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, productId), eq(auditEntries.action, REMAPPED_AUDIT_ACTION)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ variantId: rows[0]!.id, from: `${P}-BLA-S`, to: `${P}-BLA-M` });

    const [seller] = await db().select().from(users).where(eq(users.email, SELLER));
    const told = await db().select().from(notifications).where(and(eq(notifications.userId, seller!.id), eq(notifications.title, REMAPPED_TITLE)));
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toBe(`Alternative Tee: ${rows[0]!.title} (${P}-BLA-S) is out of stock; its orders are now made as ${P}-BLA-M`);
  });

  it('naming an alternative for a variant already out of stock makes its store variant sellable again', async () => {
    await stock((v) => (v.catalogVariantCode === `${P}-WHI-S` ? { alternativeVariantCode: `${P}-WHI-M` } : {}));
    expect((await variantsOf()).map((r) => [r.catalogVariantId, r.available])).toEqual([[byCode('BLA-M').id, true], [byCode('WHI-M').id, true]]);
    expect(sellable()).toEqual([true, true]);
  });

  it('the original back in stock: no switch back (the seller decides on the mapping screens)', async () => {
    await stock((v) => (v.catalogVariantCode === `${P}-BLA-S` ? { inStock: true } : {}));
    expect((await variantsOf()).map((r) => r.catalogVariantId)).toEqual([byCode('BLA-M').id, byCode('WHI-M').id]);
    const audit = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, productId), eq(auditEntries.action, REMAPPED_AUDIT_ACTION)));
    expect(audit).toHaveLength(2);
  });

  it('the alternative out of stock too, with none of its own: unavailable as before', async () => {
    await stock((v) => (v.catalogVariantCode === `${P}-BLA-M` ? { inStock: false } : {}));
    expect((await variantsOf()).map((r) => [r.catalogVariantId, r.available])).toEqual([[byCode('BLA-M').id, false], [byCode('WHI-M').id, true]]);
    expect(sellable()).toEqual([false, true]);
  });
});
