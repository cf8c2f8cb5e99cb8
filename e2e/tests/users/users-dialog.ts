import { expect, type Page } from '@playwright/test';

/**
 * Picks an option of the antd select labelled `label` inside the open dialog, and checks the select
 * shows it: on a page long enough to scroll, a click can land while the dropdown is being placed, as a
 * person would simply pick again.
 */
export async function pick(page: Page, label: string, option: string) {
  const select = page.getByRole('dialog').getByLabel(label, { exact: true });
  // antd 6 keeps the chosen option's text as the title of the input's wrapper.
  const shown = select.locator('xpath=..');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click({ timeout: 2000 });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click({ timeout: 2000 });
    await expect(shown).toHaveAttribute('title', option, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** The row of the users table that holds `text`. */
export function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** Fills the Create User dialog's text fields. */
export async function fillCreate(page: Page, user: { fullName: string; email: string; password: string; confirm?: string }) {
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Full Name').fill(user.fullName);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByLabel('Confirm Password').fill(user.confirm ?? user.password);
  await expect(dialog).toBeVisible();
}
