import { test, expect, signIn, clickUntil } from '../../support/fixtures';
import { fakeShop, signedInstallPath } from '../../support/shopify';

/**
 * Connecting Shopify for real, against the local Shopify fake global-setup starts (docs/stores.md): the
 * browser leaves for the shop's approval page and comes back through the HMAC-checked callback.
 */
const runTag = () => `${Date.now().toString(36)}${test.info().retry}`;

test('a seller connects a Shopify shop from Stores: approval at the shop, back with the store connected', async ({ page }) => {
  const shop = `e2e-${runTag()}`;
  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/s/integrations');
  await clickUntil(page.getByRole('button', { name: 'Connect Shopify' }).first(), async () => {
    await expect(page.getByRole('dialog', { name: 'Connect Shopify' })).toBeVisible({ timeout: 2000 });
  });
  const dialog = page.getByRole('dialog', { name: 'Connect Shopify' });
  await dialog.getByLabel('Shop').fill(shop);
  await dialog.getByRole('button', { name: 'Connect' }).click();

  // The fake approves at once; the callback stores the sealed token and sends the browser back.
  await expect(page).toHaveURL(/\/cms\/s\/integrations$/);
  await expect(page.locator('.ant-message').getByText('Store connected').last()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `${shop}.myshopify.com` });
  await expect(row).toContainText('Connected');
  await expect(row.locator('.store-row-highlight').first()).toBeVisible();
  // The shop knows the app: a token was issued to it.
  expect(await fakeShop(`${shop}.myshopify.com`)).toMatchObject({ domain: `${shop}.myshopify.com` });
});

test('installed from Shopify\u2019s side: the Welcome page asks for an account, signing in links the shop to the seller\u2019s team', async ({ page }) => {
  const shop = `welcome-${runTag()}.myshopify.com`;
  await page.goto(signedInstallPath(shop));
  // Approved at the fake shop, the callback leaves the token behind an app_token: Welcome, then sign-in-require.
  await expect(page).toHaveURL(/\/cms\/auth\/sign-in-require/);
  await expect(page.getByText('Link your account now to complete store authorization')).toBeVisible();
  await page.getByRole('button', { name: 'Login with account' }).click();
  await page.getByLabel('Email').fill('seller@demo.test');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/cms\/s\/orders$/);
  await expect(page.getByText('can not authorize')).toHaveCount(0);

  await page.goto(`/cms/s/integrations?search=${shop.split('.')[0]}`);
  await expect(page.getByRole('row').filter({ hasText: shop })).toContainText('Connected');
});
