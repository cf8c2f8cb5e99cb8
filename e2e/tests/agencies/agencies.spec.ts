import type { Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, pickOption } from '../../support/fixtures';

/** The newest toast saying this (older toasts linger). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the administrator creates an agency, edits it and sets up its catalogs and costs', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${test.info().repeatEachIndex}${test.info().retry}`;
  const name = `E2E Agency ${tag}`;
  const renamed = `E2E Partner ${tag}`;
  const code = `E2E${tag}`.toUpperCase();
  const manager = `owner-${tag}@e2e.test`;

  await signIn(page, 'admin@demo.test');
  await page.goto('/cms/a/agencies');
  await expect(page.getByRole('heading', { level: 1, name: 'Agencies' })).toBeVisible();
  const demo = page.getByRole('row', { name: /Demo Fulfilment/ });
  await expect(demo).toContainText('agency@demo.test');
  await expect(demo).toContainText(/\d\d\/\d\d\/\d{4}/);
  await expect(demo).toContainText('Active');
  await expect(demo).toContainText('app.demo-fulfilment.test');
  await expect(page.getByText('Total', { exact: false }).first()).toBeVisible();
  await expect(page.locator('.ant-pagination-options').getByText('20 / page')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Base cost' })).toBeVisible();
  await expectAccessible(page);

  // Agency Form: the form's rules, then a new manager e-mail.
  await page.getByRole('button', { name: 'Create agency' }).click();
  const create = dialog(page, 'Agency Form');
  await create.getByLabel('Name').fill('A');
  await create.getByLabel('Manager email').fill('not-an-email');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('name should be 2 to 128 length')).toBeVisible();
  await expect(create.getByText('Please input code')).toBeVisible();
  await expect(create.getByText('Please input correct email address')).toBeVisible();
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Code').fill(code);
  await create.getByLabel('Manager email').fill(manager);
  await expect(create.getByRole('switch', { name: 'Active' })).toBeChecked();
  // Before the select opens: antd's open list box is an unnamed ARIA field.
  await expectAccessible(page);
  await pickOption(page, create.getByLabel('Base cost'), 'Platform Standard');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created')).toBeVisible();
  await expect(create).toBeHidden();

  await page.getByLabel('Search').fill(tag);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(manager);
  await expect(row).toContainText(code);

  // Update Agency: loads the record, 3 to 128.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const update = dialog(page, 'Update Agency');
  await expect(update.getByLabel('Name')).toHaveValue(name);
  await update.getByLabel('Name').fill('ab');
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(update.getByText('name should be 3 to 128 length')).toBeVisible();
  await update.getByLabel('Name').fill(renamed);
  await update.getByRole('switch', { name: 'Active' }).click();
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(update).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toContainText('Inactive');

  // Detail: information, members, empty catalog card.
  await page.getByRole('link', { name: renamed }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  const info = page.locator('.ant-card').filter({ hasText: 'Information' });
  await expect(info).toContainText(code);
  await expect(info).toContainText(manager);
  await expect(info).toContainText('Inactive');
  await expect(page.getByText('Members (1)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members' })).toContainText(manager);
  const card = page.getByRole('region', { name: 'Agency catalogs' });
  // antd keeps the spent loading icon in the name ('loading Save') after a first save.
  const saveCard = page.locator('.ant-card-extra').getByRole('button', { name: /^(loading )?Save$/ });
  await expect(card.locator('.ant-empty-description', { hasText: 'No data' })).toBeVisible();
  await expectAccessible(page);

  // Product Catalog List: Add one, tick another and Add Selecteds; then Save.
  await page.getByRole('button', { name: 'plus Add', exact: true }).click();
  const pick = dialog(page, 'Product Catalog List');
  // Only the rows' buttons: the footer's 'Add Selecteds' matches too, and shows before the rows load.
  const addButtons = pick.locator('tbody').getByRole('button', { name: /^Add / });
  await expect(addButtons.first()).toBeVisible();
  const first = (await addButtons.nth(0).getAttribute('aria-label'))!.replace(/^Add /, '');
  const second = (await addButtons.nth(1).getAttribute('aria-label'))!.replace(/^Add /, '');
  await addButtons.nth(0).click();
  await expect(pick.getByRole('row', { name: new RegExp(escape(first)) })).toContainText('Added');
  await pick.getByRole('checkbox', { name: `Select ${second}` }).check();
  await expectAccessible(page);
  await pick.getByRole('button', { name: 'Add Selecteds' }).click();
  await pick.getByRole('button', { name: 'Close' }).first().click();
  await expect(pick).toBeHidden();
  await expect(page.getByText('Not saved yet: 2 to add, 0 to delete. Press Save to apply.')).toBeVisible();
  await saveCard.click();
  await expect(toast(page, 'Update success!')).toBeVisible();
  await expect(card.getByRole('row')).toHaveCount(3);
  await expect(card).toContainText(first);
  await expect(card).toContainText(second);

  // Update cost on every catalog of the agency: Set 10 $.
  await page.getByRole('button', { name: 'Update cost' }).click();
  const cost = dialog(page, 'Update cost');
  await cost.getByRole('radio', { name: 'Set' }).check();
  await cost.getByLabel('Amount').fill('10');
  await cost.getByRole('radio', { name: '$' }).check();
  await expectAccessible(page);
  await cost.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, /^Updated [1-9]\d* costs?$/)).toBeVisible();
  await expect(cost).toBeHidden();

  // Remove one: staged with the confirmation, committed by Save.
  await page.getByRole('button', { name: `Delete ${first}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure to delete this?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Not saved yet: 0 to add, 1 to delete. Press Save to apply.')).toBeVisible();
  await expect(card.getByRole('row', { name: new RegExp(escape(first)) })).toContainText('To delete');
  await saveCard.click();
  await expect(toast(page, 'Update success!')).toBeVisible();
  await expect(card.getByRole('row')).toHaveCount(2);
  await expect(card).toContainText(second);
  await expect(card).not.toContainText(first);
});

test('an unknown agency says Not found agency', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/cms/a/agencies/00000000-0000-7000-8000-000000000000');
  await expect(page.getByText('Not found agency')).toBeVisible();
  await expectAccessible(page);
});
