import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect } from '../../support/fixtures';
import { headersOf } from '../../support/api';
import { syncStoreProducts } from '../../support/shop-journey';
import { seedFakeProducts, shopifyFakeUrl, signedInstallPath } from '../../support/shopify';

/** Helpers of the warehouse journey (docs/warehouses.md): the shop it sells through and what it reads back. */

export const SELLER = 'seller@demo.test';
export const OPERATOR = 'warehouse@demo.test';
export const AGENCY = 'agency@demo.test';

/** The newest toast saying this (older toasts linger on a loaded machine). */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
export const header = (page: Page) => page.locator('h1.page-title');
export const card = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: title }) });
export const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

/** Expects a table row's cells, left to right, to read these texts (null: not checked). */
export async function expectCells(row: Locator, texts: (string | RegExp | null)[]) {
  const cells = row.getByRole('cell');
  for (const [i, text] of texts.entries()) if (text !== null) await expect(cells.nth(i)).toHaveText(text);
}

export async function getJson<T>(request: APIRequestContext, headers: { authorization: string }, url: string): Promise<T> {
  const res = await request.get(url, { headers });
  expect(res.ok(), `GET ${url}`).toBe(true);
  return (await res.json()) as T;
}

/** A fake shop's product renamed (the fake's control API; its products/update webhook goes to the app if it listens). */
export async function renameFakeProduct(shop: string, productId: number, title: string) {
  const res = await fetch(`${shopifyFakeUrl()}/_fake/shops/${shop}/products/${productId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  expect(res.ok, `the fake renamed product ${productId}`).toBe(true);
}

/** Every variant's stock in a fake shop, as the app pushed it. */
export async function fakeInventory(shop: string) {
  const res = await fetch(`${shopifyFakeUrl()}/_fake/shops/${shop}/inventory`);
  expect(res.ok).toBe(true);
  return (await res.json()) as { productId: number; variantId: number; sku: string; tracked: boolean; available: number }[];
}

/**
 * The demo seller's Shopify shop, installed from Shopify's side and linked through the Welcome page (the seller signs
 * in there, so the page ends signed in as the seller), with one product named for the run synced into the app.
 * Answers the store as the API names it and the product's title and SKUs.
 */
export async function connectShopWithProduct(page: Page, request: APIRequestContext, shop: string, productTitle: string) {
  await page.goto(signedInstallPath(shop));
  await expect(page).toHaveURL(/\/cms\/auth\/sign-in-require/);
  await page.getByRole('button', { name: 'Login with account' }).click();
  await page.getByLabel('Email').fill(SELLER);
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/cms\/s\/orders$/);
  const seller = await headersOf(request, SELLER);
  const store = (await getJson<{ data: { id: string; name: string }[] }>(request, seller, `/api/stores?search=${encodeURIComponent(shop.split('.')[0]!)}`)).data[0]!;
  expect(store, 'the shop is linked to the seller\u2019s team').toBeTruthy();

  // The fake's products are named alike in every shop ("Tee 1"): one named for the run is found alone in the picker.
  const [tee] = await seedFakeProducts(shop, 1, 2);
  await renameFakeProduct(shop, tee!.id, productTitle);
  await syncStoreProducts(page, store.name);
  await page.goto(`/cms/s/products?storeId=${store.id}`);
  await expect(page.getByRole('link', { name: productTitle, exact: true })).toBeVisible();
  return { store, skus: tee!.skus };
}
