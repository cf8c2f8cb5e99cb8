import { test, expect, signIn, expectAccessible } from '../../support/fixtures';
import { waitForMailLink } from '../../support/mail';

test('forgot password warns for an unknown address', async ({ page }) => {
  await page.goto('/cms/auth/forgot-password');
  await expectAccessible(page);
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Email Instructions' }).click();
  await expect(
    page.getByText('This email address has not been registered. Please try again with another email').first(),
  ).toBeVisible();
});

test('forgot, mail, reset, banner, sign in with the new password', async ({ page }) => {
  const email = 'paw.prints.co@sellers.test';
  await page.goto('/cms/auth/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email Instructions' }).click();
  await expect(page.getByText(/Instructions to reset your password have been emailed to you/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Sign in?' })).toBeVisible();

  const link = await waitForMailLink(email, '/cms/auth/reset-password');
  await page.goto(link);
  await expectAccessible(page);
  await page.getByLabel('New password').fill('fresh-pass-1');
  await page.getByLabel('Confirm Password').fill('fresh-pass-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your confirm password not match!')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('fresh-pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/cms\/auth\/login\?reset-password=1$/);
  await expect(page.getByText('The password has been reset successfully')).toBeVisible();
  await signIn(page, email, 'fresh-pass-1');
  await expect(page).toHaveURL(/\/cms\/s\/orders$/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password').fill('another-pass-1');
  await page.getByLabel('Confirm Password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();
});

test('reset password without a token goes to /error', async ({ page }) => {
  await page.goto('/cms/auth/reset-password');
  await expect(page).toHaveURL(/\/cms\/error$/);
  await expect(page.getByText('Sorry, Server or data error')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/cms\/auth\/login$/);
});

test('wrong password shows the server message', async ({ page }) => {
  await page.goto('/cms/auth/login');
  await expectAccessible(page);
  await page.getByLabel('Email').fill('agency@demo.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();
});
