import { test, expect, signIn } from '../../support/fixtures';

// other-seller@demo.test has nine seeded notifications, four unread; no other test touches them.
test('the bell lists notifications, loads more and marks them read and unread', async ({ page }) => {
  await signIn(page, 'other-seller@demo.test');
  const bell = page.getByRole('button', { name: /Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 4 unread');
  await bell.click();
  const list = page.getByRole('list', { name: 'Notifications' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(6);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(9);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await items.first().getByRole('button', { name: 'Mark as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
  await items.first().getByRole('button', { name: 'Mark as unread' }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 4 unread');
});
