import { test, expect, signIn, expectAccessible } from '../../support/fixtures';

// 1x1 transparent PNG; the two files differ only in name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a designer uploads, previews, copies and deletes library images', async ({ page }) => {
  await signIn(page, 'designer@demo.test');
  await page.getByRole('menuitem', { name: 'Image Library' }).click();
  await expect(page).toHaveURL(/\/cms\/ag\/image-library/);
  await expect(page.getByRole('heading', { level: 1, name: 'Image Library' })).toBeVisible();
  await expectAccessible(page);

  const input = page.locator('input[type=file]');
  // A text file is refused on the client with the spec message and never listed.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('File must be image format!')).toBeVisible();

  await input.setInputFiles([
    { name: 'first image.png', mimeType: 'image/png', buffer: PNG },
    { name: 'second image.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const grid = page.getByRole('list', { name: 'Images' });
  await expect(grid.getByText('first-image.png')).toBeVisible();
  await expect(grid.getByText('second-image.png')).toBeVisible();
  // Both uploads finished: the progress list shows them done, no bar still running.
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(2);
  await expect(page.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await expectAccessible(page);

  // Preview one.
  await grid.getByRole('img', { name: 'first-image.png' }).click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview-img')).toBeHidden();

  // Copy its link.
  const firstCard = grid.getByRole('listitem').filter({ hasText: 'first-image.png' });
  await firstCard.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Copy to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/files\/images\/\d{4}\/\d{2}\/.+-first-image\.png$/);
  const served = await page.request.get(copied);
  expect(served.status()).toBe(200);
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  // Cancel, then delete.
  await firstCard.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Are you sure to delete this?' })).toBeVisible();
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page.getByText('Cancel action!')).toBeVisible();
  await firstCard.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(grid.getByText('first-image.png')).toBeHidden();
  await expect(grid.getByText('second-image.png')).toBeVisible();

  // Search goes to the address.
  await page.getByLabel('Search').fill('second');
  await expect(page).toHaveURL(/search=second/);
  await expect(grid.getByText('second-image.png')).toBeVisible();
});
