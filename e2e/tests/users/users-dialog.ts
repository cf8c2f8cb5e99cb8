import { expect, type Page } from '@playwright/test';
import { pickOption } from '../../support/fixtures';

/** Picks an option of the antd select labelled `label` inside the open dialog. */
export async function pick(page: Page, label: string, option: string) {
  await pickOption(page, page.getByRole('dialog').getByLabel(label, { exact: true }), option);
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
