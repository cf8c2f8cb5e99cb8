import { test, expect, expectAccessible, clickUntil } from '../../support/fixtures';

test('the public product page needs no sign-in', async ({ page }) => {
  await page.goto('/cms/products/01930000-0000-7000-8000-000000000001');
  await expect(page).toHaveURL(/\/cms\/products\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Best Dog Dad Ever Classic T-Shirt' })).toBeVisible();
  await expect(page.getByText('Soft, durable material')).toBeVisible();
  await expect(page.getByRole('img', { name: /image 1 of 4/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show image \d$/ })).toHaveCount(4);
  const third = page.getByRole('button', { name: 'Show image 3' });
  await clickUntil(third, () => expect(third).toHaveAttribute('aria-pressed', 'true', { timeout: 2000 }));
  await expect(page.getByRole('cell', { name: '$24.95' }).first()).toBeVisible();
  await expect(page.getByText('Color').first()).toBeVisible();
  await expectAccessible(page);
});

test('an unknown product says so', async ({ page }) => {
  await page.goto('/cms/products/01930000-0000-7000-8000-00000000ffff');
  await expect(page.getByText('Product not found')).toBeVisible();
});
