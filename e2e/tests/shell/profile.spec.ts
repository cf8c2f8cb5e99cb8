import { test, expect, signIn, expectAccessible } from '../../support/fixtures';

test('the profile changes the name and the password', async ({ page }) => {
  await signIn(page, 'mountain.mug.shop@sellers.test');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/cms\/ag\/users\/[0-9a-f-]+$/);
  await expectAccessible(page);

  await page.getByLabel('Full Name').fill('M');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('fullName should be 2 to 128 length')).toBeVisible();
  await page.getByLabel('Full Name').fill('Molly Mountain');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update success')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for Molly Mountain/ })).toBeVisible();

  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill('demo-password');
  await page.getByLabel('New password', { exact: true }).fill('molly-pass-1');
  await page.getByLabel(/Confirm/).fill('molly-pass-2');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText("Two inputs don't match!")).toBeVisible();
  await page.getByLabel(/Confirm/).fill('molly-pass-1');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Update password success')).toBeVisible();

  // This session goes on with its fresh token.
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu for Molly Mountain/ })).toBeVisible();
});
