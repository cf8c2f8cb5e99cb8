import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, signIn, expectAccessible } from '../../support/fixtures';
import { MAIL_DIR } from '../../support/mail';

/** The newest mail to an address whose text contains `needle` (files hold the decoded message). */
async function waitForMail(to: string, needle: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR).sort().reverse() : [];
    for (const file of files) {
      const raw = readFileSync(path.join(MAIL_DIR, file), 'utf8');
      if (raw.startsWith(`X-Test-To: ${to}`) && raw.includes(needle)) return raw;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} containing ${needle}`);
}

test('the owner customises the reset mail, staff receive it, and it shows in Email History', async ({ page, browser }) => {
  // One journey across three screens and a mail round trip, with six axe runs.
  test.setTimeout(120_000);
  const subject = `Staff reset ${Date.now()} for {{agencyName}}`;
  const sentSubject = subject.replace('{{agencyName}}', 'Demo Fulfilment');

  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/settings/email');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Setting' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Customer email' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Contact email' })).toBeVisible();
  await expectAccessible(page);

  // The e-mail fields validate and save on their own.
  await page.getByRole('textbox', { name: 'Customer email' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Save customer email' }).click();
  await expect(page.getByText('Please input correct email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Customer email' }).fill('help@demo-fulfilment.test');
  await page.getByRole('button', { name: 'Save customer email' }).click();
  await expect(page.getByText('Update customer email success!')).toBeVisible();

  // Add the reset template from the defaults; it then reads 'Existed'.
  await page.getByRole('button', { name: 'Add template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add template' });
  await expect(dialog.getByRole('cell', { name: 'Password reset', exact: true })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add Password reset' }).click();
  await expect(page.getByText('Add template success!')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Password reset/ }).getByText('Existed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('link', { name: 'Password reset' }).click();
  await expect(page).toHaveURL(/\/cms\/ag\/settings\/email\/customize\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customize' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Email');
  const body = page.getByRole('textbox', { name: 'Body' });
  await expect(body).toContainText('We received a request to reset your password');
  await expectAccessible(page);

  await page.getByLabel('Subject').fill(subject);
  await body.click();
  await page.keyboard.press('Control+Home');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Custom staff greeting. ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Save success!')).toBeVisible();

  // An unknown id says so.
  await page.goto('/cms/ag/settings/email/customize/01900000-0000-7000-8000-000000000000');
  await expect(page.getByText('Can not find id')).toBeVisible();

  // Staff ask for a reset from the login page: the mail carries the customised subject and body.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/cms/auth/login');
  await staff.getByRole('link', { name: 'Forgot password?' }).click();
  // The login page has an Email field too: fill the one of the forgot-password page.
  await expect(staff.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await staff.getByLabel('Email').fill('staff@demo.test');
  await staff.getByRole('button', { name: 'Email Instructions' }).click();
  await expect(staff.getByText(/Instructions to reset your password have been emailed to you/)).toBeVisible();
  const mail = await waitForMail('staff@demo.test', sentSubject);
  expect(mail).toContain(`Subject: ${sentSubject}`);
  expect(mail).toContain('<strong>Custom staff greeting. </strong>');
  expect(mail).toMatch(/\/cms\/auth\/reset-password\?token=/);
  await staffContext.close();

  // The owner finds it in Email History and opens it.
  await page.goto('/cms/ag/email-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Email History' })).toBeVisible();
  await page.getByLabel('Search').fill(`  ${sentSubject.slice(0, 20)}  `);
  await expect(page).toHaveURL(/search=Staff/);
  const row = page.getByRole('row', { name: new RegExp(sentSubject) });
  await expect(row).toContainText('staff@demo.test');
  await expect(row).toContainText('reset_password');
  await expect(row).toContainText('sent');
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expectAccessible(page);
  await row.getByRole('button', { name: /View email/ }).click();
  const view = page.getByRole('dialog', { name: 'Email' });
  await expect(view.frameLocator('iframe').getByText('Custom staff greeting.')).toBeVisible();
  // axe cannot run inside a frame sandboxed without scripts (it waits for it forever); the frame
  // holds the mail as sent, not our UI, so the dialog is checked around it.
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
