import { test, expect, expectAccessible, expectMenu, clickUntil } from '../../support/fixtures';
import { waitForMailLink } from '../../support/mail';

test('sign up, confirm by e-mail, sign in as the new seller', async ({ page }) => {
  const email = `new.seller.${Date.now()}@example.com`;
  await page.goto('/cms/auth/register?r=REF1001');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Please input name')).toBeVisible();
  await expect(page.getByText('Please input email', { exact: true })).toBeVisible();
  await expect(page.getByText('Please input password')).toBeVisible();

  await page.getByLabel('Name').fill('Nina Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByLabel('Confirm Password').fill('secret-124');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Your confirm password not match!')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('secret-123');
  await page.getByRole('button', { name: 'Sign up' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Thanks for signing up!')).toBeVisible();
  await expect(dialog.getByText('We have sent you an email confirmation.')).toBeVisible();
  await expect(dialog.getByText('Please confim your email and then we will activate your account.')).toBeVisible();
  await expect(dialog.getByText('Resend email confirmation')).toBeVisible();

  // Not confirmed yet: signing in is refused with a clear message.
  await clickUntil(dialog.getByRole('button', { name: 'Confirm' }), () =>
    expect(page).toHaveURL(/\/cms\/auth\/login/, { timeout: 2000 }),
  );
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/Please confirm your email/)).toBeVisible();

  const link = await waitForMailLink(email, '/cms/active-success');
  await page.goto(link);
  await expect(page.getByText('Verified! You have successfully verified account.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login Success!')).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/s\/orders$/);
  await expectMenu(page, ['Orders', 'Order Items', 'Products', 'Catalogs', 'Stores', 'Balance', 'Invoices', 'Payouts', 'Profit Detail', 'Estimated Profit', 'Customers', 'Image Library', 'Warehouse Products', 'Warehouses', 'Referrals', 'Users']);
});
