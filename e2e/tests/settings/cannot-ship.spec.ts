import { test, expect, signIn, expectAccessible } from '../../support/fixtures';

// The second tenant: the demo agency's shipping settings are changed by settings.spec.ts meanwhile.
test('a shipping exclusion flags the open orders to that destination cannot-ship', async ({ page }) => {
  await signIn(page, 'other-agency@demo.test');
  await page.goto('/cms/ag/orders?status=Unfulfilled');
  const usRows = page.getByRole('row').filter({ hasText: 'United States' });
  await expect(usRows.first()).toBeVisible();
  await expect(page.locator('tbody').getByText('Cannot ship')).toHaveCount(0);

  await page.goto('/cms/ag/settings/shipping');
  await page.getByRole('button', { name: 'Add country' }).click();
  await page.getByLabel('Country code').last().fill('us');
  const toggle = page.getByLabel('Enable shipping exclusions');
  if (!(await toggle.isChecked())) await toggle.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update success!')).toBeVisible();

  await page.goto('/cms/ag/orders?status=Unfulfilled');
  await expect(usRows.first().getByText('Cannot ship')).toBeVisible();
  for (const row of await usRows.all()) await expect(row.getByText('Cannot ship')).toBeVisible();
  await expectAccessible(page);

  // Switched off again, nothing is flagged.
  await page.goto('/cms/ag/settings/shipping');
  await page.getByLabel('Enable shipping exclusions').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update success!')).toBeVisible();
  await page.goto('/cms/ag/orders?status=Unfulfilled');
  await expect(usRows.first()).toBeVisible();
  await expect(page.locator('tbody').getByText('Cannot ship')).toHaveCount(0);
});
