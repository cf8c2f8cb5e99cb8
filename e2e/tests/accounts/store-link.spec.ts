import { test, expect, expectAccessible } from '../../support/fixtures';

test('store linking: sign-in-require, then sign in links the pending store app', async ({ page }) => {
  await page.goto('/cms/auth/sign-in-welcome?app_token=demo-store-app-token');
  await expect(page).toHaveURL(/\/cms\/auth\/sign-in-require/);
  await expect(page.getByText('Link your account now to complete store authorization')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Login with account' }).click();
  await page.getByLabel('Email').fill('other-seller@demo.test');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/cms\/s\/orders$/);
  await expect(page.getByText('can not authorize')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('app-token'))).toBeNull();
});

test('an unknown store token says "can not authorize"', async ({ page }) => {
  await page.goto('/cms/auth/login?app_token=no-such-token');
  await page.getByLabel('Email').fill('seller@demo.test');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('can not authorize')).toBeVisible();
});

test('the static account pages read as the spec says', async ({ page }) => {
  await page.goto('/cms/subcribe-success');
  await expect(page.getByText('Thank you for subcribing! We will send you text message promotions and update.')).toBeVisible();
  await expectAccessible(page);
});
