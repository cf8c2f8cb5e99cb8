import { test, expect } from '../../support/fixtures';

/**
 * Issue 12 item 3: a throttled reset-mail request (429) tells the person how long to wait,
 * instead of a server error. A known partner account is used (mails go out, no failed sign-ins
 * are recorded for the shared test address); no other journey asks for its reset.
 */
test('the sixth reset mail for one e-mail within the hour says how long to wait', async ({ page }) => {
  await page.goto('/cms/auth/forgot-password');
  await page.getByLabel('Email').fill('mountain.mug.shop@sellers.test');
  await page.getByRole('button', { name: 'Email Instructions' }).click();
  const resend = page.getByRole('button', { name: 'Resend' }).or(page.getByRole('link', { name: 'Resend' }));
  for (let i = 0; i < 4; i++) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/forgot-password'));
    await resend.click();
    expect((await answered).status()).toBe(200);
  }
  const throttled = page.waitForResponse((r) => r.url().endsWith('/api/auth/forgot-password'));
  await resend.click();
  expect((await throttled).status()).toBe(429);
  await expect(page.locator('.ant-message').getByText(/^Too many requests\. Please try again in \d+ minutes?\.$/)).toBeVisible();
});
