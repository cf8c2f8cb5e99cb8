import { test, expect, signIn, expectAccessible } from '../../support/fixtures';

/** Issue 12, "What a new user stumbled on": an unknown address under /cms/ says so, with the way home. */
test('a signed-in user at an unknown address sees Page not found in the shell, and Back Home lands', async ({ page }) => {
  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  // The address stays (the user sees what was typed), and the shell's menu stays at hand.
  await expect(page).toHaveURL(/\/cms\/ag\/no-such-page$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/cms\/ag\/catalogs$/);
});

test('a page that exists but the role may not open still goes to /no-access', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  await page.goto('/cms/ag/settings/board');
  await expect(page).toHaveURL(/\/cms\/no-access$/);
});

test('a signed-out visitor at an unknown address sees Page not found, and Back Home goes to sign in', async ({ page }) => {
  await page.goto('/cms/nowhere/at/all');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/nowhere\/at\/all$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/cms\/auth\/login$/);
});
