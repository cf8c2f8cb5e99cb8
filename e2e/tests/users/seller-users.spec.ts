import { test, expect, signIn, expectAccessible } from '../../support/fixtures';
import { fillCreate, pick, rowOf } from './users-dialog';

test('a seller manager creates a Designer sub-user at /s/users', async ({ page }) => {
  const email = `designer-${Date.now()}@users.test`;
  await signIn(page, 'seller@demo.test');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/cms\/s\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(rowOf(page, 'seller-support@demo.test')).toBeVisible();
  await expect(rowOf(page, 'seller@demo.test')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  // Staff preselected, no proxies for sellers.
  await expect(dialog.getByText('Staff', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Proxies')).toHaveCount(0);
  await expectAccessible(page);
  await fillCreate(page, { fullName: 'Dora Designer', email, password: 'designer-pass' });
  await pick(page, 'Authority', 'Designer');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created')).toBeVisible();
  await expect(rowOf(page, email)).toContainText('designer');
  await expect(rowOf(page, email)).toContainText('seller');
  await expectAccessible(page);
});
