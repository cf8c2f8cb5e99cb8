import { test, expect, signIn, logOut, expectAccessible, clickUntil } from '../../support/fixtures';

/** Issue 12: /ag/users/{id} shows the user the agency owner clicked in Agency Users (docs/decisions.md "Profile"). */
test("the agency owner opens a user from the Users list and sees that user's profile, read-only but for its dialog", async ({ page }) => {
  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/users/list');
  const row = page.getByRole('row', { name: /staff@demo\.test/ });
  const name = (await row.getByRole('link').textContent())!.trim();
  await row.getByRole('link').click();

  await expect(page).toHaveURL(/\/cms\/ag\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  const card = page.locator('.profile-card');
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card).toContainText('staff@demo.test');
  // Read-only: none of the own profile's forms.
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
  await expectAccessible(page);

  // What the Update Agency User dialog allows, it allows here too.
  const dialog = page.getByRole('dialog', { name: 'Update Agency User' });
  await clickUntil(page.getByRole('button', { name: 'Edit' }), async () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await expect(dialog.getByLabel('Email')).toHaveValue('staff@demo.test');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("a sub-user asking for someone else's profile gets its own", async ({ page }) => {
  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/users/list');
  const ownerRow = page.getByRole('row', { name: /agency@demo\.test/ });
  await ownerRow.getByRole('link').click();
  await expect(page).toHaveURL(/\/cms\/ag\/users\/[0-9a-f-]{36}$/);
  const ownerUrl = page.url();

  await logOut(page);
  await signIn(page, 'staff@demo.test');
  await page.goto(ownerUrl);
  await expect(page.getByLabel('Email')).toHaveValue('staff@demo.test');
  expect(page.url()).not.toBe(ownerUrl);
});
