import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, pickOption, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/** The newest toast saying this (older toasts linger on a loaded machine). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const SELLER = 'seller@demo.test';
const TEE = 'Best Dog Dad Ever Classic T-Shirt';
const GILDAN = 'Gildan 5000 Unisex Heavy Cotton T-Shirt';
const ART = '/cms/demo/tshirt-white.svg';
/** The tee's artwork in the demo data (apps/server/src/db/seed-mapping.ts). */
const SEEDED_ART = '/cms/demo/art-best-dog-dad.svg';
const NO_ARTWORK = { artwork1: null, artwork2: null, artwork3: null, artwork4: null, artwork5: null, artwork6: null };

interface Variant {
  id: string;
  sku: string;
}

async function api(request: APIRequestContext, headers: { authorization: string }) {
  const get = async <T>(url: string) => {
    const res = await request.get(url, { headers });
    expect(res.ok()).toBe(true);
    return (await res.json()) as T;
  };
  const productId = async (title: string) =>
    (await get<{ data: { id: string; title: string }[] }>(`/api/products?search=${encodeURIComponent(title)}`)).data.find((p) => p.title === title)!.id;
  return { get, productId };
}

test('seller maps a product by name matches with artwork, then maps two products to one catalog at once', async ({ page, request }) => {
  test.slow();
  const headers = await headersOf(request, SELLER);
  const { get, productId } = await api(request, headers);
  const teeId = await productId(TEE);
  const gildan = (await get<{ data: { id: string; name: string }[] }>('/api/catalogs?limit=100')).data.find((c) => c.name === GILDAN)!;
  expect(teeId && gildan).toBeTruthy();
  const teeMapping = async () =>
    (await get<{ data: { variants: (Variant & { catalogVariant: { id: string } | null; suggestedCatalogVariantId: string | null })[] } }>(`/api/mapping/products/${teeId}?catalogId=${gildan.id}`)).data.variants;
  const putTee = async (variants: object[]) => {
    const res = await request.put(`/api/mapping/products/${teeId}`, { headers, data: { catalogId: gildan.id, variants } });
    expect(res.ok()).toBe(true);
  };

  // The seed maps the tee to Gildan 5000 with artwork: this journey starts it unmapped, and puts it back after.
  const variants = await teeMapping();
  await putTee(variants.map((v) => ({ id: v.id, catalogVariantId: null, ignored: false, ...NO_ARTWORK })));
  const sku = variants[0]!.sku;
  try {
    await signIn(page, SELLER);
    await page.goto(`/cms/s/mapping-product/${teeId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mapping Product' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: TEE })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: sku, exact: true }) });
    await expect(row.getByText('Not mapped')).toBeVisible();

    // The catalog, then the name matches fill the variants; one variant gets its artwork typed in.
    await pickOption(page, page.getByRole('combobox', { name: 'Catalog', exact: true }), GILDAN);
    await expect(row.getByRole('combobox', { name: `Catalog variant of ${sku}` })).toBeEnabled();
    await page.getByRole('button', { name: 'Use name matches' }).click();
    await expect(toast(page, /matched by name/)).toBeVisible();
    await expect(row.getByText('Mapped, no artwork')).toBeVisible();
    await expectAccessible(page);

    await clickUntil(row.getByRole('button', { name: `Artwork of ${sku}` }), async () => {
      await expect(page.getByRole('dialog', { name: `Artwork of ${sku}` })).toBeVisible({ timeout: 2000 });
    });
    const dialog = page.getByRole('dialog', { name: `Artwork of ${sku}` });
    await dialog.getByRole('textbox', { name: 'Artwork 1', exact: true }).fill(ART);
    await expect(dialog.getByRole('img', { name: 'Artwork 1', exact: true })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Mapped with artwork')).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Mapped')).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await expect(row.getByText('Mapped with artwork')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  } finally {
    // Back as the seed made it: each variant on its name match, the demo artwork in slot 1.
    const now = await teeMapping();
    await putTee(now.map((v) => ({ id: v.id, catalogVariantId: v.catalogVariant?.id ?? v.suggestedCatalogVariantId, ignored: false, ...NO_ARTWORK, artwork1: SEEDED_ART })));
  }
  expect((await get<{ data: { mappingStatus: number } }>(`/api/products/${teeId}`)).data.mappingStatus).toBe(2);

  // Many products to one catalog: the tee (mapped by name already: unchanged) and a product made for the run in the
  // manual store (the seeded hoodie keeps its own catalog). The preview, "Map 2 products" asked first, the results.
  const store = (await get<{ data: { id: string }[] }>('/api/products/manual-stores')).data[0]!;
  const tag = Date.now().toString(36);
  const made = await request.post('/api/products', {
    headers,
    data: {
      storeId: store.id, title: `Mapping Tee ${tag}`, productType: 'pod',
      variants: [
        { sku: `MAP-${tag}-W`, title: 'White / S', option1: 'White', option2: 'S', price: 15 },
        { sku: `MAP-${tag}-B`, title: 'Black / M', option1: 'Black', option2: 'M', price: 15 },
      ],
    },
  });
  expect(made.ok()).toBe(true);
  const madeId = ((await made.json()) as { data: { id: string } }).data.id;
  await page.goto(`/cms/s/mapping-products/${gildan.id}?products=${teeId},${madeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mapping Products' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: GILDAN })).toBeVisible();
  const products = page.getByRole('region', { name: 'Products to map' });
  await expect(products.getByRole('link', { name: TEE })).toBeVisible();
  await expect(products.getByRole('link', { name: `Mapping Tee ${tag}` })).toBeVisible();
  await expectAccessible(page);
  await clickUntil(page.getByRole('button', { name: 'Map 2 products' }), async () => {
    await expect(page.getByRole('dialog', { name: 'Map 2 products?' })).toBeVisible({ timeout: 2000 });
  });
  await page.getByRole('dialog', { name: 'Map 2 products?' }).getByRole('button', { name: 'Map', exact: true }).click();
  await expect(toast(page, 'Mapped')).toBeVisible();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('link', { name: `Mapping Tee ${tag}` })).toBeVisible();
  await expect(results.getByRole('link', { name: TEE })).toBeVisible();
});
