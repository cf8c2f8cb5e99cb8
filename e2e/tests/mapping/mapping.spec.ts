import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, pickOption, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/** The newest toast saying this (older toasts linger on a loaded machine). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const SELLER = 'seller@demo.test';
const TEE = 'Best Dog Dad Ever Classic T-Shirt';
const HOODIE = 'Mountains Are Calling Hoodie';
const GILDAN = 'Gildan 5000 Unisex Heavy Cotton T-Shirt';
const ART = '/cms/demo/tshirt-white.svg';

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
  const hoodieId = await productId(HOODIE);
  const gildan = (await get<{ data: { id: string; name: string }[] }>('/api/catalogs?limit=100')).data.find((c) => c.name === GILDAN)!;
  expect(teeId && hoodieId && gildan).toBeTruthy();

  // A retry, or a later run on the same database, starts alike: the tee's variants unmapped, without artwork.
  const before = await get<{ data: { product: { catalogId: string | null }; variants: Variant[] } }>(`/api/mapping/products/${teeId}`);
  if (before.data.product.catalogId) {
    const empty = { catalogVariantId: null, ignored: false, artwork1: null, artwork2: null, artwork3: null, artwork4: null, artwork5: null, artwork6: null };
    const reset = await request.put(`/api/mapping/products/${teeId}`, { headers, data: { catalogId: gildan.id, variants: before.data.variants.map((v) => ({ id: v.id, ...empty })) } });
    expect(reset.ok()).toBe(true);
  }
  const sku = before.data.variants[0]!.sku;

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

  // Many products to one catalog: the preview, then "Map 2 products" asked first, then the results.
  await page.goto(`/cms/s/mapping-products/${gildan.id}?products=${teeId},${hoodieId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mapping Products' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: GILDAN })).toBeVisible();
  const products = page.getByRole('region', { name: 'Products to map' });
  await expect(products.getByRole('link', { name: TEE })).toBeVisible();
  await expect(products.getByRole('link', { name: HOODIE })).toBeVisible();
  await expectAccessible(page);
  await clickUntil(page.getByRole('button', { name: 'Map 2 products' }), async () => {
    await expect(page.getByRole('dialog', { name: 'Map 2 products?' })).toBeVisible({ timeout: 2000 });
  });
  await page.getByRole('dialog', { name: 'Map 2 products?' }).getByRole('button', { name: 'Map', exact: true }).click();
  await expect(toast(page, 'Mapped')).toBeVisible();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('link', { name: HOODIE })).toBeVisible();
  await expect(results.getByRole('link', { name: TEE })).toBeVisible();
});
