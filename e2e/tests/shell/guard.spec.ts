import { test, expect, signIn, expectAccessible, logOut } from '../../support/fixtures';

test('a sub-role typing a forbidden address lands on /no-access', async ({ page }) => {
  await signIn(page, 'support@demo.test');
  await page.goto('/cms/ag/catalogs');
  await expect(page).toHaveURL(/\/cms\/no-access$/);
  await expect(page.getByText('Forbidden resource')).toBeVisible();
  await expect(page.getByText('No permission')).toBeVisible();
  await expectAccessible(page);
});

test('a seller typing an agency address lands on /no-access', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/ag/orders');
  await expect(page).toHaveURL(/\/cms\/no-access$/);
});

test('signed out, any private address goes to the login page', async ({ page }) => {
  await page.goto('/cms/ag/orders');
  await expect(page).toHaveURL(/\/cms\/auth\/login$/);
  await page.goto('/cms/');
  await expect(page).toHaveURL(/\/cms\/auth\/login$/);
});

test('logout clears every stored key and goes to the login page', async ({ page }) => {
  await signIn(page, 'agency@demo.test');
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys).toEqual(expect.arrayContaining(['access-token', 'info', 'type', 'config']));
  await logOut(page);
  const left = await page.evaluate(() => Object.keys(localStorage));
  for (const key of ['access-token', 'app-token', 'client_id', 'config', 'info', 'type', 'isOrderExporter']) {
    expect(left).not.toContain(key);
  }
});

test('a token in the address signs the user in', async ({ page, request }) => {
  const res = await request.post('/api/auth/login', { data: { email: 'exporter@demo.test', password: 'demo-password' } });
  const { access_token } = await res.json();
  await page.goto(`/cms/?access_token=${access_token}`);
  await expect(page).toHaveURL(/\/cms\/ag\/orders$/);
});
