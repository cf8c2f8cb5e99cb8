import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, pickOption, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/** The newest toast saying this (older toasts linger on a loaded machine). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const TOTE = 'Plant Mom Tote Bag';
const SHOP_PRODUCT = 'Best Dog Dad Ever Classic T-Shirt';

/** Picks the option titled exactly `option` in the list filter `name` and waits for the address to hold it. */
async function pickFilter(page: Page, name: string, option: string, address: RegExp) {
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await page.getByRole('combobox', { name }).click({ timeout: 2000 });
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click({ timeout: 2000 });
    await expect(page).toHaveURL(address, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

interface ProductRow {
  id: string;
  title: string;
}

/** The seeded tote back as the seed made it (POD, not personalized): a retry, or a later run on the same database, starts alike. */
async function restoreTote(request: APIRequestContext) {
  const headers = await headersOf(request, 'seller@demo.test');
  const list = await request.get(`/api/products?search=${encodeURIComponent(TOTE)}`, { headers });
  expect(list.ok()).toBe(true);
  const tote = ((await list.json()) as { data: ProductRow[] }).data.find((p) => p.title === TOTE);
  expect(tote).toBeTruthy();
  const res = await request.put(`/api/products/${tote!.id}`, { headers, data: { productType: 'pod', personalized: false } });
  expect(res.ok()).toBe(true);
}

test('seller lists the products, filters by store in the address, edits one, cannot sync a demo store, adds one by hand and exports the list', async ({ page, request }) => {
  test.slow();
  await restoreTote(request);
  await signIn(page, 'seller@demo.test');
  await menu(page).getByRole('menuitem', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/cms\/s\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('link', { name: SHOP_PRODUCT, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: TOTE, exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: TOTE })).toBeVisible();
  await expectAccessible(page);

  // The store filter lives in the address: a reload keeps it.
  await pickFilter(page, 'Store', 'Demo Market (CSV)', /storeId=/);
  await expect(page.getByRole('link', { name: SHOP_PRODUCT, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: TOTE, exact: true })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/storeId=/);
  await expect(page.getByRole('link', { name: TOTE, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: SHOP_PRODUCT, exact: true })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Store' }).locator('xpath=..')).toHaveAttribute('title', 'Demo Market (CSV)');

  // Bulk delete is asked first; cancelling changes nothing (the seeded products stay for the other specs).
  await page.getByRole('checkbox', { name: `Select ${TOTE}` }).check();
  await expect(page.getByRole('group', { name: 'Selected products' })).toBeVisible();
  await page.getByRole('group', { name: 'Selected products' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure to delete this?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Cancel action!')).toBeVisible();
  await expect(page.getByRole('link', { name: TOTE, exact: true })).toBeVisible();

  // The detail page: edit the type and personalized.
  await page.getByRole('link', { name: TOTE, exact: true }).click();
  await expect(page).toHaveURL(/\/cms\/s\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: TOTE })).toBeVisible();
  await expect(page.getByText('Returns and refunds accepted within 30 days.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '$18.95' }).first()).toBeVisible();
  await expectAccessible(page);
  await clickUntil(page.getByRole('button', { name: 'Edit' }), async () => {
    await expect(page.getByRole('dialog', { name: 'Edit product' })).toBeVisible({ timeout: 2000 });
  });
  const edit = page.getByRole('dialog', { name: 'Edit product' });
  await expect(edit.getByLabel('Title')).toHaveValue(TOTE);
  await pickOption(page, edit.getByRole('combobox', { name: 'Type' }), 'DROP');
  await edit.getByRole('switch', { name: 'Personalized' }).click();
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(page.locator('.ant-descriptions').getByText('DROP')).toBeVisible();
  await expect(page.locator('.ant-descriptions').getByText('Personalized', { exact: true }).last()).toBeVisible();

  // Back to the list: the tote is DROP now.
  await page.locator('.ant-breadcrumb').getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/cms\/s\/products$/);
  const toteRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: TOTE, exact: true }) });
  await expect(toteRow.getByText('DROP')).toBeVisible();

  // Sync: a demo store is refused with the server's message.
  await clickUntil(page.getByRole('button', { name: 'Sync products' }), async () => {
    await expect(page.getByRole('dialog', { name: 'Sync products' })).toBeVisible({ timeout: 2000 });
  });
  const sync = page.getByRole('dialog', { name: 'Sync products' });
  await pickOption(page, sync.getByRole('combobox', { name: 'Store' }), 'Demo Tees');
  await expectAccessible(page);
  await sync.getByRole('button', { name: 'Sync' }).click();
  await expect(toast(page, 'A demo store is never synced')).toBeVisible();
  await sync.getByRole('button', { name: 'Cancel' }).click();
  await expect(sync).toHaveCount(0);

  // By hand in the manual store (lands on the new product), then the list's export downloads.
  const handMade = `Hand Made Mug ${Date.now().toString(36)}`;
  await clickUntil(page.getByRole('button', { name: 'Add product' }), async () => {
    await expect(page.getByRole('dialog', { name: 'Add product' })).toBeVisible({ timeout: 2000 });
  });
  const add = page.getByRole('dialog', { name: 'Add product' });
  await pickOption(page, add.getByRole('combobox', { name: 'Store' }), 'Demo Market (CSV)');
  await add.getByLabel('Title', { exact: true }).fill(handMade);
  await pickOption(page, add.getByRole('combobox', { name: 'Type' }), 'POD');
  await add.getByLabel('SKU of variant 1').fill(`${handMade.slice(-6)}-W`);
  await add.getByLabel('Price of variant 1').fill('12.5');
  await add.getByRole('button', { name: 'Add variant' }).click();
  await add.getByLabel('SKU of variant 2').fill(`${handMade.slice(-6)}-B`);
  await add.getByLabel('Price of variant 2').fill('14');
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: handMade })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$12.50' })).toBeVisible();
  await page.locator('.ant-breadcrumb').getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('link', { name: handMade, exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/^products-.*\.csv$/);
  await expect(toast(page, 'Export success')).toBeVisible();

  await restoreTote(request);
});

test('seller-accounting reads the products but may not change, delete or sync them', async ({ page }) => {
  await signIn(page, 'seller-accounting@demo.test');
  await menu(page).getByRole('menuitem', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/cms\/s\/products$/);
  await expect(page.getByRole('link', { name: TOTE, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync products' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add product' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: TOTE, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: TOTE })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectAccessible(page);
});

test('an unknown product shows the not-found result with the way back', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/s/products/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Products' })).toBeVisible();
  await expectAccessible(page);
});
