import type { Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible } from '../../support/fixtures';

/** The newest toast saying this (the tables have a 'Created' column too; older toasts linger). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const runTag = () => `${Date.now().toString(36)}${test.info().repeatEachIndex}${test.info().retry}`;

/** Create, refuse a duplicate, edit and delete (cancelled once) one category on the open page. */
async function crud(page: Page, duplicate: string, name: string) {
  await page.getByRole('button', { name: 'Create category' }).click();
  const create = dialog(page, 'Create Category');
  await create.getByLabel('Name').fill('A');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('name should be 2 to 128 length')).toBeVisible();
  await create.getByLabel('Name').fill('');
  await expect(create.getByText('Please input name')).toBeVisible();
  await create.getByLabel('Name').fill(duplicate.toUpperCase());
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'A category with this name already exists')).toBeVisible();
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Description').fill('Made by the e2e journey');
  await expectAccessible(page);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created')).toBeVisible();
  await expect(create).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Made by the e2e journey');
  await expect(row).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const update = dialog(page, 'Update Category');
  await expect(update.getByLabel('Name')).toHaveValue(name);
  await update.getByLabel('Description').fill('Edited by the e2e journey');
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Edited by the e2e journey');

  // Search (500 ms debounce) finds it alone; the address keeps the search.
  await page.getByLabel('Search').fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('region', { name: 'Categories' }).getByRole('row')).toHaveCount(2);

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure to delete this?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Cancel action!')).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure to delete this?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted')).toBeVisible();
  await expect(page.locator('.ant-empty-description', { hasText: 'No data' })).toBeVisible();
}

test('the administrator manages the master categories', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/cms/a/category-catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Category Catalog' })).toBeVisible();
  for (const header of ['Name', 'Description', 'Catalogs count', 'Created', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('row', { name: /T-Shirts/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Holiday/ })).toHaveCount(0);
  await expectAccessible(page);
  await crud(page, 't-shirts', `Jewelry ${runTag()}`);
});

test('an agency keeps its own categories and reads the master ones', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  await page.goto('/cms/ag/category-catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Category Catalog' })).toBeVisible();
  const master = page.getByRole('row', { name: /Drinkware/ });
  await expect(master).toContainText('Master');
  await expect(master).toContainText('Read only');
  await expect(page.getByRole('button', { name: 'Edit Drinkware' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Holiday' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Featured/ })).toHaveCount(0);
  await expectAccessible(page);
  await crud(page, 'holiday', `Back to school ${runTag()}`);
});
