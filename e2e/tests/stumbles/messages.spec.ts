import { test, expect, signIn, expectAccessible, clickUntil, pickOption } from '../../support/fixtures';
import { ordersOf } from '../../support/api';

/** Issue 12, "What a new user stumbled on": messages and labels a person can read. */
const toast = (page: import('@playwright/test').Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

test("a reset link with a malformed token says 'This link is invalid or has expired'", async ({ page }) => {
  await page.goto('/cms/auth/reset-password?token=short');
  await page.getByLabel('New password').fill('brand-new-pass-1');
  await page.getByLabel('Confirm Password').fill('brand-new-pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'This link is invalid or has expired')).toBeVisible();
  await expect(page.getByText(/Too small/)).toHaveCount(0);
});

test("a confirmation link with a malformed token says 'This link is invalid or has expired' too", async ({ page }) => {
  await page.goto('/cms/active-success?token=short');
  await expect(page.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeVisible();
  await expect(page.getByText(/Too small/)).toHaveCount(0);
});

test('a missing import history shows a not-found state, not a server error', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/s/orders/import/histories/00000000-0000-7000-8000-000000000000');
  await expect(page.getByText('Import not found')).toBeVisible();
  await expect(page.getByText('Sorry, Server or data error')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import histories' })).toBeVisible();
  await expectAccessible(page);
});

test("an order's design status reads 'Approved'", async ({ page, request }) => {
  const [order] = await ordersOf<{ id: string }>(request, 'agency@demo.test', 'designStatus=approved&limit=1');
  expect(order).toBeDefined();
  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/orders/${order!.id}`);
  const item = page.locator('.ant-descriptions-item').filter({ has: page.getByText('Design status', { exact: true }) });
  await expect(item.locator('.ant-descriptions-item-content')).toHaveText('Approved');
});

test("the payout method reads 'Pingpong', as the spec spells it", async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/s/payouts');
  const dialog = page.getByRole('dialog', { name: 'Request payout' });
  await clickUntil(page.getByRole('button', { name: 'Request payout' }), async () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await pickOption(page, dialog.getByLabel('Method'), 'Pingpong');
  await expect(page.getByText('PingPong', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
