import type { Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible } from '../../support/fixtures';

/** The newest toast saying this (the tables have a 'Created' column too; older toasts linger). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

test('accounting manages proxy groups and proxies', async ({ page }) => {
  // A long journey: give it room on a loaded machine.
  test.slow();
  // Names of this run, so a retry (or a parallel repeat) on the same server finds no leftovers.
  const tag = `${Date.now().toString(36)}${test.info().repeatEachIndex}${test.info().retry}`;
  const asia = `Asia stores ${tag}`;
  const apac = `APAC stores ${tag}`;
  const domain = `shop.apac-${tag}.test`;
  const renamed = `store.apac-${tag}.test`;
  await signIn(page, 'accounting@demo.test');
  // Accounting lands on Deposits, its first menu entry; Proxy Groups is its last.
  await expect(page).toHaveURL(/\/cms\/ag\/deposits$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Proxy Groups' }).click();
  await expect(page).toHaveURL(/\/cms\/ag\/proxy-groups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Proxy Groups' })).toBeVisible();
  await expect(page.getByRole('row', { name: /US stores/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /EU stores/ })).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  await expectAccessible(page);

  // Create a group: the form's rule first, then the server's uniqueness rule.
  await page.getByRole('button', { name: 'Create group' }).click();
  const create = dialog(page, 'Create Proxy Group');
  await create.getByLabel('Name').fill('A');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('name should be 2 to 128 length')).toBeVisible();
  await create.getByLabel('Name').fill('us STORES');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'A proxy group with this name already exists')).toBeVisible();
  await create.getByLabel('Name').fill(asia);
  await expectAccessible(page);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created')).toBeVisible();
  await expect(create).toBeHidden();

  // Rename it.
  await page.getByRole('button', { name: `Edit ${asia}` }).click();
  const update = dialog(page, 'Update Proxy Group');
  await expect(update.getByLabel('Name')).toHaveValue(asia);
  await update.getByLabel('Name').fill(apac);
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(page.getByRole('row', { name: apac })).toBeVisible();

  // Its proxy count opens the Proxies tab filtered by it; a new proxy starts in that group.
  await page.getByRole('button', { name: `0 proxies in ${apac}` }).click();
  await expect(page).toHaveURL(/tab=proxies&groupId=[0-9a-f-]+/);
  await expect(page.getByRole('tab', { name: 'Proxies', selected: true })).toBeVisible();
  await expect(page.locator('.ant-empty-description', { hasText: 'No data' })).toBeVisible();
  await page.getByRole('button', { name: 'Create proxy' }).click();
  const createProxy = dialog(page, 'Create Proxy');
  await expect(createProxy.getByText(apac)).toBeVisible();
  await createProxy.getByLabel('Domain').fill('https://shop.example.com');
  await createProxy.getByRole('button', { name: 'Save' }).click();
  await expect(createProxy.getByText('Please input a valid domain name, e.g. shop.example.com')).toBeVisible();
  await createProxy.getByLabel('Domain').fill(`  ${domain.toUpperCase()} `);
  await createProxy.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created')).toBeVisible();
  const row = page.getByRole('row', { name: domain });
  await expect(row).toContainText(apac);
  await expectAccessible(page);

  // Edit its domain.
  await page.getByRole('button', { name: `Edit ${domain}` }).click();
  const updateProxy = dialog(page, 'Update Proxy');
  await updateProxy.getByLabel('Domain').fill(renamed);
  await updateProxy.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(page.getByRole('row', { name: renamed })).toBeVisible();

  // Delete: cancelled once, then confirmed.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure to delete this?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Cancel action!')).toBeVisible();
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure to delete this?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted')).toBeVisible();
  await expect(page.locator('.ant-empty-description', { hasText: 'No data' })).toBeVisible();

  // The group filter and the search (debounced, trimmed) live in the address.
  await page.goto('/cms/ag/proxy-groups?tab=proxies');
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.locator('.ant-select-item-option', { hasText: 'EU stores' }).click();
  await expect(page).toHaveURL(/groupId=[0-9a-f-]+/);
  await expect(page.getByRole('row')).toHaveCount(4);
  await page.goto('/cms/ag/proxy-groups?tab=proxies');
  await page.getByLabel('Search').fill('  retroteeslab ');
  await expect(page).toHaveURL(/search=retroteeslab(&|$)/);
  await expect(page.getByRole('row')).toHaveCount(2);
  // A proxy that orders use can not be deleted.
  await page.getByRole('button', { name: 'Delete retroteeslab.test' }).click();
  await page.getByRole('dialog', { name: 'Are you sure to delete this?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, /This proxy can not be deleted: \d+ orders use it/)).toBeVisible();
  await expect(page.getByRole('row', { name: /retroteeslab\.test/ })).toBeVisible();

  // The group goes, from the first tab.
  await page.getByRole('tab', { name: 'Proxy groups' }).click();
  await expect(page).toHaveURL(/\/cms\/ag\/proxy-groups$/);
  await page.getByRole('button', { name: `Delete ${apac}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure to delete this?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: apac })).toHaveCount(0);
});
