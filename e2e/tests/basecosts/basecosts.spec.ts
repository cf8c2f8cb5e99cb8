import type { Locator, Page } from '@playwright/test';
import { test, expect, signIn, logOut, expectAccessible, clickUntil, pickOption } from '../../support/fixtures';

/** The newest toast saying this (older toasts linger). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const confirm = (page: Page) => dialog(page, 'Are you sure to delete this?');
/** A run-unique tag, so a retry on the same server finds no leftovers. */
const tagOf = () => `${Date.now().toString(36)}${test.info().repeatEachIndex}${test.info().retry}`;

const POSTER = 'Matte Paper Poster';

/** Picks an option of an antd select by typing into it (the catalog picker searches the server). */
async function pick(page: Page, select: Locator, text: string, option: string | RegExp) {
  await select.click();
  await select.fill(text);
  await clickUntil(page.locator('.ant-select-item-option').filter({ hasText: option }).first(), async () => {
    await expect(page.locator('.ant-select-dropdown:visible')).toBeHidden({ timeout: 2000 });
  });
}

/** Selects every variant of the editor and applies one bulk change. */
async function bulk(page: Page, field: string, operation: string, value: string) {
  const editor = page.getByRole('group', { name: 'Bulk update' });
  await pickOption(page, editor.getByLabel('Field', { exact: true }), field);
  await pickOption(page, editor.getByLabel('Operation', { exact: true }), operation);
  await editor.getByRole('spinbutton', { name: 'Value', exact: true }).fill(value);
  await editor.getByRole('button', { name: /Update selecteds/ }).click();
  await expect(toast(page, /Applied to \d+ variants?/)).toBeVisible();
}

async function selectAllVariants(page: Page) {
  const table = page.getByRole('region', { name: 'Variant costs' });
  await table.locator('thead .ant-checkbox-input').check();
  await expect(page.getByRole('button', { name: /Update selecteds \([1-9]\d*\)/ })).toBeEnabled();
}

test('the agency owner sets base costs for the Standard group and its seller sees the price', async ({ page }) => {
  // A long journey across two personas on a shared, loaded machine.
  test.slow();
  const tag = tagOf();
  // A price this run alone sets: $30.00 to $39.99.
  const cents = 3000 + (Date.now() % 1000);
  const price = (cents / 100).toFixed(2);
  const group = `E2E group ${tag}`;

  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/base-cost');
  await expect(page.getByRole('heading', { level: 1, name: 'Base cost' })).toBeVisible();
  const standardRow = page.getByRole('row', { name: /Standard/ }).filter({ hasText: 'Default prices for new sellers' });
  await expect(standardRow).toBeVisible();
  await expectAccessible(page);

  // Create a group (form rule, then the server's uniqueness), rename it.
  await page.getByRole('button', { name: 'Create group' }).click();
  const create = dialog(page, 'Create Group');
  await create.getByLabel('Name').fill('A');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('name should be 2 to 128 length')).toBeVisible();
  await create.getByLabel('Name').fill('standard');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'A base cost with this name already exists')).toBeVisible();
  await create.getByLabel('Name').fill(`${group} draft`);
  await expectAccessible(page);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created')).toBeVisible();
  await page.getByRole('button', { name: `Rename ${group} draft` }).click();
  const rename = dialog(page, 'Update Group');
  await rename.getByLabel('Name').fill(group);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();

  // The new group is chosen: add the poster to it with the shared editor.
  await expect(page.getByText(`${group}: catalogs`)).toBeVisible();
  await page.getByRole('button', { name: 'Add catalog' }).click();
  await expect(page).toHaveURL(/\/ag\/base-cost\/group\/[0-9a-f-]+\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Catalog Cost' })).toBeVisible();
  await pick(page, page.getByRole('combobox', { name: 'Catalog' }), 'Matte', POSTER);
  await expect(page.getByRole('region', { name: 'Variant costs' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Please price at least one variant')).toBeVisible();
  await selectAllVariants(page);
  await bulk(page, 'Base price', 'Set to $', '20');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, /Please input Standard first item/)).toBeVisible();
  await bulk(page, 'Standard first item', 'Set to $', '5');
  await bulk(page, 'Standard additional item', 'Set to $', '2.5');
  await bulk(page, 'Base price', 'Add %', '10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Update success!')).toBeVisible();
  await expect(page).toHaveURL(/\/ag\/base-cost\?group=/);
  const posterInGroup = page.getByRole('row', { name: new RegExp(POSTER) });
  await expect(posterInGroup).toContainText('$22.00');

  // No seller team uses the new group: it can be deleted (after the confirmation).
  await page.getByRole('button', { name: `Delete ${group}` }).click();
  await confirm(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Cancel action!')).toBeVisible();
  await page.getByRole('button', { name: `Delete ${group}` }).click();
  await confirm(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${group}` })).toBeHidden();

  // The demo seller's team is on Standard, which seller teams use: deleting it is refused.
  await page.getByRole('button', { name: 'Delete Standard', exact: true }).click();
  await confirm(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, /This group can not be deleted: \d+ seller teams use it/)).toBeVisible();

  // Standard's poster: edit it, price every variant at this run's price.
  await page.getByRole('row', { name: /Standard/ }).filter({ hasText: 'Default prices for new sellers' }).getByRole('button', { name: 'Standard', exact: true }).click();
  await expect(page.getByText('Standard: catalogs')).toBeVisible();
  await page.getByRole('button', { name: `Edit ${POSTER}` }).click();
  await expect(page).toHaveURL(/\/ag\/base-cost\/group\/[0-9a-f-]+\/update\/[0-9a-f-]+$/);
  const catalogId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Base cost');
  await expect(page.getByRole('columnheader', { name: 'Your cost' })).toBeVisible();
  await expectAccessible(page);
  await selectAllVariants(page);
  await bulk(page, 'Base price', 'Set to $', price);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Update success!')).toBeVisible();

  // The read view of the poster in Standard, then the poster across every group.
  await expect(page).toHaveURL(new RegExp(`/ag/base-cost/catalog-cost/${catalogId}/basecost/[0-9a-f-]+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog Cost' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Variant costs' }).getByRole('row').nth(1)).toContainText(`$${price}`);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Compare groups' }).click();
  await expect(page).toHaveURL(new RegExp(`/ag/base-cost/catalogs/${catalogId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog Costs' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Standard \(\d+ sellers\)/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Catalog costs by group' })).toContainText(`$${price}`);
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Base cost' }).click();
  await expect(page).toHaveURL(/\/cms\/ag\/base-cost$/);
  await logOut(page);

  // The seller of the Standard team sees that price.
  await signIn(page, 'seller@demo.test');
  await expect(page.getByText('Standard', { exact: true }).first()).toBeVisible();
  // The seller catalog page shows the team's price per variant.
  await page.goto(`/cms/s/catalogs/detail/${catalogId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog Detail' })).toBeVisible();
  await expect(page.getByText(POSTER).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: `$${price}` }).first()).toBeVisible();
});

test('the administrator creates a price list and prices a catalog', async ({ page }) => {
  test.slow();
  const name = `Platform E2E ${tagOf()}`;
  await signIn(page, 'admin@demo.test');
  await page.goto('/cms/a/base-cost');
  await expect(page.getByRole('heading', { level: 1, name: 'Base cost' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Platform Standard/ })).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/cms\/a\/base-cost\/create$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please input name')).toBeVisible();
  await page.getByLabel('Name').fill('Platform Volume');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'A base cost with this name already exists')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('Made by the e2e journey');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created')).toBeVisible();

  await expect(page).toHaveURL(/\/cms\/a\/base-cost\/update\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Update Base cost' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByText('No catalog priced yet')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'No changed!')).toBeVisible();

  await pick(page, page.getByRole('combobox', { name: 'Catalog' }), 'Ceramic Mug 11', /Ceramic Mug 11oz/);
  await expect(page).toHaveURL(/catalog=[0-9a-f-]+/);
  await selectAllVariants(page);
  await bulk(page, 'Base price', 'Set to $', '1234.5');
  await bulk(page, 'Standard first item', 'Set to $', '6.99');
  await bulk(page, 'Standard additional item', 'Set to $', '4');
  await bulk(page, 'Express first item', 'Set to $', '14.99');
  await page.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect(toast(page, /Express shipping needs both first and additional item prices/)).toBeVisible();
  await bulk(page, 'Express additional item', 'Set to $', '6');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect(toast(page, 'Update success!')).toBeVisible();
  const priced = page.getByRole('region', { name: 'Priced catalogs' }).getByRole('row', { name: /Ceramic Mug 11oz/ });
  await expect(priced).toContainText('$1,234.50');

  // Back to the list: the new price list prices one catalog; delete it.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Base cost' }).click();
  await page.getByLabel('Search').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Made by the e2e journey');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted')).toBeVisible();
  await expect(row).toBeHidden();

  // A price list agencies use is kept.
  await page.getByLabel('Search').fill('Platform Standard');
  await page.getByRole('button', { name: 'Delete Platform Standard' }).click();
  await confirm(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, /This base cost can not be deleted: \d+ agenc(y uses|ies use) it/)).toBeVisible();
});
