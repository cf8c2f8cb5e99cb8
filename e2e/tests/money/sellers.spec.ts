import type { Page } from '@playwright/test';
import { test, expect, signIn, logOut, expectAccessible, pickOption, clickUntil } from '../../support/fixtures';
import { waitForMailLink } from '../../support/mail';

/** The newest toast saying this (older toasts linger). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const CREATE = /^(plus )?Create$/;
const membersCard = (page: Page) => page.locator('.ant-card').filter({ hasText: /Members \(\d+\)/ });
const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}${test.info().retry}`;

async function openSellers(page: Page) {
  await page.goto('/cms/ag/sellers');
  await expect(page.getByRole('heading', { level: 1, name: 'Sellers' })).toBeVisible();
}

/** Creates a seller through the Create Seller dialog; returns nothing, the row is searched by tag after. */
async function createSeller(page: Page, values: { name: string; code: string; manager: string }) {
  await page.getByRole('button', { name: CREATE }).click();
  const create = dialog(page, 'Create Seller');
  await expect(create).toBeVisible();
  await create.getByLabel('Name').fill(values.name);
  await create.getByLabel('Code').fill(values.code);
  await create.getByLabel('Manager').fill(values.manager);
  await pickOption(page, create.getByLabel('Base cost'), 'Standard');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Created')).toBeVisible();
  await expect(create).toBeHidden();
}

test('the owner creates a seller, edits it, resets the manager password; the manager signs in', async ({ page }) => {
  test.slow();
  const tag = uniqueTag();
  const name = `E2E Seller ${tag}`;
  const code = `E2E${tag}`.toUpperCase();
  const manager = `mgr-${tag}@e2e.test`;

  await signIn(page, 'agency@demo.test');
  await openSellers(page);
  await expect(page.getByRole('row').nth(1)).toContainText('@');
  await expectAccessible(page);

  // The dialog's rules first.
  await page.getByRole('button', { name: CREATE }).click();
  const create = dialog(page, 'Create Seller');
  await create.getByLabel('Name').fill('A');
  await create.getByLabel('Manager').fill('not-an-email');
  await create.getByLabel('Referral Rate (%)').fill('1.03');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('name should be 2 to 255 length')).toBeVisible();
  await expect(create.getByText('Please input code')).toBeVisible();
  await expect(create.getByText('Please input correct email address')).toBeVisible();
  await expect(create.getByText('Please input basecost')).toBeVisible();
  await expect(create.getByText('Referral Rate should be 0 to 50 in steps of 0.05')).toBeVisible();
  await expect(create.getByRole('switch', { name: 'Active' })).toBeChecked();
  await expect(create.getByRole('switch', { name: 'Auto approve order' })).not.toBeChecked();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();

  await createSeller(page, { name, code, manager });
  // The manager was mailed a set-password link.
  expect(await waitForMailLink(manager, '/auth/reset-password')).toContain('token=');

  await page.getByLabel('Search').fill(tag);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(manager);
  await expect(row).toContainText(code);
  await expect(row).toContainText('MANUAL');
  await expect(row).toContainText('Pending-day: 2 days');
  await expect(row).toContainText('$0.00');
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));

  // Edit Seller: loads the team, checks the rules, saves.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = dialog(page, 'Edit Seller');
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Name').fill('x');
  await edit.getByLabel('Pending Payout Days').fill('101');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('name should be 2 to 128 length')).toBeVisible();
  await expect(edit.getByText('Pending Payout Days should be 0 to 100')).toBeVisible();
  await edit.getByLabel('Name').fill(`${name} edited`);
  await edit.getByLabel('Pending Payout Days').fill('5');
  await edit.getByRole('switch', { name: 'Auto approve order' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(edit).toBeHidden();
  const edited = page.getByRole('row', { name: new RegExp(`${name} edited`) });
  await expect(edited).toContainText('AUTO');
  await expect(edited).toContainText('Pending-day: 5 days');

  // Reset password: the rules, then a new password.
  await edited.getByRole('button', { name: `Reset Password ${name} edited` }).click();
  const reset = dialog(page, 'Reset password');
  await reset.getByLabel('Password', { exact: true }).fill('abc');
  await reset.getByLabel('Confirm password').fill('abd');
  await reset.getByRole('button', { name: 'Reset' }).click();
  await expect(reset.getByText('password should be 6 to 60 length')).toBeVisible();
  await expect(reset.getByText('The passwords not match.')).toBeVisible();
  await reset.getByLabel('Password', { exact: true }).fill('seller-pass-1');
  await reset.getByLabel('Confirm password').fill('seller-pass-1');
  await reset.getByRole('button', { name: 'Reset' }).click();
  await expect(toast(page, 'Reset password success!')).toBeVisible();
  await expect(reset).toBeHidden();

  // The detail page.
  await edited.getByRole('link', { name: `${name} edited` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sellers Deposits' })).toBeVisible();
  await expect(page.getByText('Information')).toBeVisible();
  await expect(page.getByText('Members (1)')).toBeVisible();
  await expect(membersCard(page).getByText(manager)).toBeVisible();
  await expectAccessible(page);

  // The agency tops the new seller up from its detail page.
  const deposits = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Deposits History' }) });
  await clickUntil(deposits.getByRole('button', { name: 'Topup' }), async () => {
    await expect(page.getByRole('dialog', { name: 'Topup' })).toBeVisible({ timeout: 2000 });
  });
  const topup = page.getByRole('dialog', { name: 'Topup' });
  await topup.getByLabel('Amount ($)').fill('25');
  await pickOption(page, topup.getByLabel('Pay with'), 'Pingpong');
  await topup.getByLabel('Transaction ID').fill(`TX-${tag}`);
  await topup.getByLabel('Note').fill('First top-up');
  await topup.getByRole('radio', { name: 'Topup' }).check();
  await topup.getByRole('button', { name: 'OK' }).click();
  const confirmTopup = page.getByRole('dialog', { name: 'Confirm topup' });
  await expect(confirmTopup.getByTestId('topup-new-balance')).toHaveText('$25.00');
  await confirmTopup.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Success')).toBeVisible();

  // The manager signs in with the password the agency set and sees its balance in the header.
  await logOut(page);
  await signIn(page, manager, 'seller-pass-1');
  await expect(page).toHaveURL(/\/cms\/s\//);
  await expect(page.getByRole('banner')).toContainText('$25.00');
});

test('the owner deletes a fresh empty seller; cancelling says Cancel action!', async ({ page }) => {
  test.slow();
  const tag = uniqueTag();
  const name = `E2E Delete ${tag}`;
  await signIn(page, 'agency@demo.test');
  await openSellers(page);
  await createSeller(page, { name, code: `DEL${tag}`.toUpperCase(), manager: `del-${tag}@e2e.test` });
  await page.getByLabel('Search').fill(tag);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure to delete this account?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Cancel action!')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();

  await clickUntil(row.getByRole('button', { name: `Delete ${name}` }), () => expect(confirm.last()).toBeVisible({ timeout: 2000 }));
  await confirm.last().getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted')).toBeVisible();
  await expect(row).toBeHidden();
});

test('staff opens a seller detail: Information and Members, no Deposits card', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  await openSellers(page);
  await page.getByLabel('Search').fill('Demo Seller');
  await page.getByRole('link', { name: 'Demo Seller' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sellers Deposits' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sellers' }).first()).toBeVisible();
  await expect(page.getByText('Information')).toBeVisible();
  await expect(page.getByText(/^Members \(\d+\)$/)).toBeVisible();
  await expect(membersCard(page).getByText('seller@demo.test', { exact: true })).toBeVisible();
  await expect(page.getByText('Deposits History')).toHaveCount(0);
  await expect(page.getByText('Payouts', { exact: true })).toHaveCount(0);
  // Staff's Edit dialog keeps the Supporter select disabled.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = dialog(page, 'Edit Seller');
  await expect(edit.getByLabel('Name')).toHaveValue('Demo Seller');
  await expect(edit.getByLabel('Supporter')).toBeDisabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expectAccessible(page);
});

test('filters live in the address; the Seller type filter hides behind More filters', async ({ page }) => {
  await signIn(page, 'agency@demo.test');
  await openSellers(page);
  await page.getByLabel('Search').fill('Demo Seller');
  await expect(page).toHaveURL(/search=Demo/);
  await expect(page.getByLabel('Seller type')).toHaveCount(0);
  await page.getByRole('button', { name: 'More filters' }).click();
  await pickOption(page, page.getByLabel('Seller type'), 'Default');
  await expect(page).toHaveURL(/sellerType=default/);
  await pickOption(page, page.getByLabel('Auto Approve'), 'MANUAL');
  await expect(page).toHaveURL(/autoApproveOrder=MANUAL/);
  await expect(page.getByRole('row', { name: /Demo Seller/ })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Seller type')).toBeVisible();
  await expect(page.getByRole('row', { name: /Demo Seller/ })).toBeVisible();
  await expectAccessible(page);
});
