import type { Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, clickUntil, pickFromMenu } from '../../support/fixtures';

// A real 1x1 PNG (the server checks the bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The newest toast saying this (older toasts linger). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const runTag = () => `${Date.now().toString(36)}${test.info().repeatEachIndex}${test.info().retry}`.toUpperCase();

/** Types values into a tag input (sizes, colours). */
async function addTags(page: Page, label: string, values: string[]) {
  const input = page.getByLabel(label, { exact: true });
  for (const v of values) {
    await input.fill(v);
    await input.press('Enter');
  }
}

/** Fills the General and Options sections, generates the colour x size grid. */
async function fillCatalog(page: Page, name: string, code: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await addTags(page, 'Sizes', ['S', 'M']);
  await addTags(page, 'Colors', ['black', 'white']);
  await page.getByRole('button', { name: 'Generate variants' }).click();
  await expect(page.getByLabel('Variant 4 code')).toHaveValue(`${code}-WHITE-M`);
}

test('admin creates a POD catalog with variants and a mockup, publishes it and sees it in the detail', async ({ page }) => {
  const tag = runTag();
  const name = `E2E Tee ${tag}`;
  const code = `E2E-${tag}`;
  await signIn(page, 'admin@demo.test');
  await page.goto('/cms/a/catalogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Catalog' })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /Create$/ }).click();
  await expect(page).toHaveURL(/\/cms\/a\/catalogs\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Catalog' })).toBeVisible();
  // The client rules first.
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Please input name')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill('BAD CODE');
  await expect(page.getByText('Code may contain only letters, digits, dot, dash and underscore', { exact: false })).toBeVisible();

  await fillCatalog(page, name, code);
  await page.getByLabel('Variant 3 in stock').click();
  await page.locator('input[type=file]').setInputFiles({ name: 'front mockup.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Mockup 1' })).toBeVisible();
  await page.getByLabel('Production time').fill('2-4 business days');
  await page.getByLabel('Material').fill('100% cotton');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Created')).toBeVisible();

  await expect(page).toHaveURL(/\/cms\/a\/catalogs\/detail\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog Detail' })).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Variants (4)')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${code}-WHITE-S.*Out of stock`) })).toBeVisible();
  await expect(page.getByRole('img', { name })).toHaveAttribute('src', /\/files\/images\/.*front-mockup\.png$/);
  await expect(page.getByText('Draft')).toBeVisible();
  await expectAccessible(page);

  // Publish it from the list (bulk status).
  await page.goto(`/cms/a/catalogs?search=${code}`);
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByLabel('New status').click();
  await page.locator('.ant-select-item-option', { hasText: /^Published$/ }).click();
  await page.getByRole('button', { name: 'Change status' }).click();
  const confirm = page.getByRole('dialog', { name: /Change the status of 1 catalog to Published/ });
  await confirm.getByRole('button', { name: 'Change status' }).click();
  await expect(toast(page, 'Update success!')).toBeVisible();
  await expect(row.getByText('Published')).toBeVisible();
  await expectAccessible(page);

  await row.getByRole('button', { name: `View ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog Detail' })).toBeVisible();
  await expect(page.getByText('Published')).toBeVisible();

  // Edit: rename, then back on the detail.
  await page.getByRole('button', { name: /Edit$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update Catalog' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByLabel('Name', { exact: true }).fill(`${name} v2`);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${name} v2` })).toBeVisible();
  await expect(page.getByText('Variants (4)')).toBeVisible();
});

test('an agency creates its own catalog, sees it tagged Own and exports its catalogs', async ({ page }) => {
  const tag = runTag();
  const name = `Agency Mug ${tag}`;
  const code = `AGM-${tag}`;
  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/catalogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Catalog' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /Create Dropship$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Dropship Catalog' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Dropship' })).toBeChecked();
  await fillCatalog(page, name, code);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Created')).toBeVisible();

  // Back on the list with the new catalog open in the View drawer.
  await expect(page).toHaveURL(/\/cms\/ag\/catalogs\?view=[0-9a-f-]+/);
  const drawer = page.getByRole('dialog', { name: 'Catalog Detail' });
  await expect(drawer.getByRole('heading', { name })).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Search').fill(code);
  // The debounced search lands in the address and the list answers it before a row is clicked
  // (on a loaded machine the first rows re-render under the click otherwise).
  await expect(page).toHaveURL(new RegExp(`search=${code}`));
  await expect(page.getByText('Total 1', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row.getByText('Own')).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeVisible();

  // Edit its own catalog in the drawer.
  const editor = page.getByRole('dialog', { name: 'Update Catalog' });
  await clickUntil(row.getByRole('button', { name: `Edit ${name}` }), () => expect(editor).toBeVisible({ timeout: 2000 }));
  await expect(editor.getByLabel('Name', { exact: true })).toHaveValue(name);
  await editor.getByLabel('Note').fill('Made in house');
  await editor.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Catalog Detail' }).getByText('Made in house')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Catalog Detail' }).getByText('Variants (4)')).toBeVisible();
  await page.getByRole('dialog', { name: 'Catalog Detail' }).getByRole('button', { name: 'Close' }).click();

  // Export csv: the answer's address downloads.
  const download = page.waitForEvent('download');
  await pickFromMenu(page, page.getByRole('button', { name: /Export$/ }), 'Export csv', async () => {
    await expect(toast(page, 'Export success!')).toBeVisible({ timeout: 5000 });
  });
  expect((await download).suggestedFilename()).toMatch(/^agency-catalogs-\d{4}-\d\d-\d\d\.csv$/);
  await expect(toast(page, 'Export success!')).toBeVisible();

  // Delete it, after the confirmation.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Cancel action!')).toBeVisible();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure to delete this?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
});

test("a seller browses its agency's catalogs and sees its team's prices", async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/s/catalogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogs' })).toBeVisible();
  await expect(page.getByText(/^From \$\d/).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Search').fill('Ceramic Mug 11oz');
  await expect(page).toHaveURL(/search=Ceramic/);
  const card = page.locator('.seller-catalog-card', { hasText: 'Ceramic Mug 11oz' });
  await expect(card.getByText('From $9.73')).toBeVisible();
  await card.getByRole('link', { name: 'Ceramic Mug 11oz' }).click();

  await expect(page).toHaveURL(/\/cms\/s\/catalogs\/detail\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog Detail' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ceramic Mug 11oz' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Base price' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$9.73' }).first()).toBeVisible();
  await expect(page.getByText('Ceramic Mug 11oz: a best-selling mug blank', { exact: false })).toBeVisible();
  await expectAccessible(page);
});
