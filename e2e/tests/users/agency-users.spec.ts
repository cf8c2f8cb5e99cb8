import { test, expect, signIn, expectAccessible, expectMenu } from '../../support/fixtures';
import { fillCreate, pick, rowOf } from './users-dialog';

test('the agency owner creates, edits and deletes a customer support user', async ({ page, browser }) => {
  const email = `support-${Date.now()}@users.test`;
  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/users');
  await expect(page).toHaveURL(/\/cms\/ag\/users\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Agency Users' })).toBeVisible();
  await expect(rowOf(page, 'staff@demo.test')).toContainText('Stella Staff');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Proxies')).toBeVisible();
  await expectAccessible(page);

  // The spec's messages before anything is sent.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please input Full Name')).toBeVisible();
  await expect(dialog.getByText('Please input email address')).toBeVisible();
  await expect(dialog.getByText('Please input Authority')).toBeVisible();
  await dialog.getByLabel('Email').fill('not-an-email');
  await expect(dialog.getByText('Please input correct email address')).toBeVisible();
  await fillCreate(page, { fullName: 'C', email, password: 'support-pass', confirm: 'support-other' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Full Name should be 2 to 128 length')).toBeVisible();
  await expect(dialog.getByText('Confirm Password not same with Password')).toBeVisible();

  await fillCreate(page, { fullName: 'Cora Support', email, password: 'support-pass' });
  await pick(page, 'Authority', 'Customer Support');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, email)).toContainText('customer support');

  // The new user signs in and gets the customer support menu.
  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signIn(userPage, email, 'support-pass');
  await expect(userPage).toHaveURL(/\/cms\/ag\/orders$/);
  await expectMenu(userPage, ['Orders', 'Order Items', 'Tracking', 'Customers', 'Stores', 'Warehouses']);
  await other.close();

  // Edit: the e-mail is read-only, the authority changes.
  await rowOf(page, email).getByRole('button', { name: 'Edit Cora Support' }).click();
  const update = page.getByRole('dialog', { name: 'Update Agency User' });
  await expect(update.getByLabel('Email')).toHaveValue(email);
  await expect(update.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expectAccessible(page);
  await pick(page, 'Authority', 'Order Exporter');
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated')).toBeVisible();
  await expect(rowOf(page, email)).toContainText('order exporter');

  // Delete asks first; cancelling says so.
  await rowOf(page, email).getByRole('button', { name: 'Delete Cora Support' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure to delete this user?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancel action!')).toBeVisible();
  await expect(rowOf(page, email)).toBeVisible();
  await rowOf(page, email).getByRole('button', { name: 'Delete Cora Support' }).click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Deleted')).toBeVisible();
  await expect(rowOf(page, email)).toHaveCount(0);
});

test('the users list searches by name, in the address', async ({ page }) => {
  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/users/list');
  await page.getByLabel('Search').fill('  stella ');
  await expect(page).toHaveURL(/search=stella$/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'staff@demo.test')).toBeVisible();
});
