import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { test, expect, signIn, expectAccessible, clickUntil } from '../../support/fixtures';

/** The newest toast saying this (older toasts linger). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

test('a supplier fills prices with Update selecteds and Save & Finish, then reads the log', async ({ page }) => {
  // A long journey (about 55 s on a busy CI machine) that changes the catalog for good, so a retry
  // cannot repeat it: give it room instead (three times the default timeout).
  test.slow();
  const note = `Bulk prices ${Date.now().toString(36)}`;
  await signIn(page, 'supplier@demo.test');
  await expect(page).toHaveURL(/\/cms\/a\/supplier-catalog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Catalog' })).toBeVisible();
  await expect(row(page, 'Licensed Travel Mug')).toContainText('Ask price');
  await expect(row(page, 'Licensed Travel Mug')).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  // The supplier's fixed scope: only dropship trademark catalogs.
  await expect(page.getByRole('row', { name: /Classic Unisex/ })).toHaveCount(0);
  await expectAccessible(page);

  // A supplier cannot open the catalog detail: the name opens the prices.
  await row(page, 'Licensed Travel Mug').locator('.supplier-catalog-name').click();
  const price = dialog(page, 'Expected Price');
  await expect(price.getByRole('row')).not.toHaveCount(0);
  const skus = await price.locator('tbody tr[data-row-key]').count();
  expect(skus).toBeGreaterThan(0);
  await expectAccessible(page);

  // Select every variant and apply the bulk values.
  await price.locator('thead .ant-checkbox-input').check();
  await expect(price.getByText(`${skus} selected`)).toBeVisible();
  await price.getByRole('spinbutton', { name: 'Min price', exact: true }).fill('12.5');
  await price.getByRole('spinbutton', { name: 'Max price', exact: true }).fill('15');
  await price.getByRole('spinbutton', { name: 'Quantity', exact: true }).fill('40');
  await price.getByRole('button', { name: 'Update selecteds' }).click();
  const minInputs = price.getByRole('spinbutton', { name: /^Min price of / });
  await expect(minInputs.first()).toHaveValue('12.50');
  await expect(minInputs.last()).toHaveValue('12.50');
  await expect(price.getByRole('spinbutton', { name: /^Quantity of / }).first()).toHaveValue('40');
  // One variant differs: out of stock, a higher max.
  const firstSku = (await price.locator('tbody tr[data-row-key] td').nth(1).textContent())!.trim();
  await price.getByRole('switch', { name: `Stock of ${firstSku}` }).click();
  await price.getByRole('spinbutton', { name: `Max price of ${firstSku}` }).fill('16');
  await price.getByLabel('Note').fill(note);
  await price.getByRole('button', { name: 'Save & Finish' }).click();
  await expect(toast(page, 'Update success!')).toBeVisible();
  await expect(price).toBeHidden();
  await expect(row(page, 'Licensed Travel Mug')).toContainText('Updated price');

  // Once Updated price, Save & Finish is gone; the saved prices are there.
  await row(page, 'Licensed Travel Mug').getByRole('button', { name: 'Price Licensed Travel Mug' }).click();
  await expect(price.getByRole('spinbutton', { name: `Max price of ${firstSku}` })).toHaveValue('16.00');
  await expect(price.getByRole('switch', { name: `Stock of ${firstSku}` })).not.toBeChecked();
  await expect(price.getByRole('button', { name: 'Save & Finish' })).toHaveCount(0);
  await price.getByRole('button', { name: 'Cancel' }).click();
  await expect(price).toBeHidden();

  // Same status, nothing changed: 'No changed!' and nothing is sent.
  await row(page, 'Licensed Character Hoodie').getByRole('button', { name: 'Price Licensed Character Hoodie' }).click();
  await expect(price.getByRole('spinbutton', { name: /^Min price of / }).first()).toBeVisible();
  await price.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'No changed!')).toBeVisible();
  await price.getByRole('button', { name: 'Cancel' }).click();

  // The log of the save.
  await row(page, 'Licensed Travel Mug').getByRole('button', { name: 'View Logs Licensed Travel Mug' }).click();
  const logs = dialog(page, 'History Logs');
  const logRow = logs.getByRole('row', { name: new RegExp(note) });
  await expect(logRow).toContainText('supplier@demo.test');
  await expect(logRow).toContainText('Updated price');
  await expectAccessible(page);
  await logRow.getByRole('button', { name: /^Details/ }).click();
  const detail = dialog(page, 'Log Details');
  await expect(detail).toContainText('Licensed Travel Mug');
  await expect(detail).toContainText(`Total variants changed${skus}`);
  await expect(detail.getByRole('row', { name: new RegExp(firstSku) })).toContainText('Out of stock');
  await expect(detail.getByRole('row', { name: new RegExp(firstSku) })).toContainText('$16.00');
  await expectAccessible(page);
});

test('a supplier exports prices, changes them in the workbook and imports it back', async ({ page }) => {
  await signIn(page, 'supplier@demo.test');
  await page.getByLabel('Search').fill('Licensed Team Jersey');
  await expect(page).toHaveURL(/search=Licensed/);
  await expect(page.locator('tbody tr[data-row-key]')).toHaveCount(1);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloadPromise;
  await expect(toast(page, 'Export success!')).toBeVisible();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-prices-'));
  const exported = path.join(dir, 'export.xlsx');
  await download.saveAs(exported);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(exported) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'SKU', 'Catalog code', 'Color', 'Size', 'Stock', 'Min price', 'Max price', 'Quantity']);
  const sku = String(sheet.getRow(2).getCell(1).value);
  sheet.getRow(2).getCell(6).value = 31.25;
  sheet.getRow(2).getCell(7).value = 33.75;
  sheet.getRow(2).getCell(8).value = 77;
  const changed = path.join(dir, 'prices.xlsx');
  writeFileSync(changed, Buffer.from(await workbook.xlsx.writeBuffer()));

  await page.getByRole('button', { name: 'Import' }).click();
  const importDialog = dialog(page, 'Import');
  await expect(importDialog.getByRole('link', { name: 'Download sample template' })).toHaveAttribute('href', '/api/catalogs/import/catalog-price/template');
  await expectAccessible(page);
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'Please import your file!')).toBeVisible();
  await importDialog.locator('input[type=file]').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from('SKU\n') });
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'Wrong file! Please import csv file.')).toBeVisible();
  await importDialog.locator('input[type=file]').setInputFiles(changed);
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'Import success!')).toBeVisible({ timeout: 30_000 });
  const rows = sheet.rowCount - 1;
  await expect(importDialog).toContainText(`Processed ${rows} / ${rows}`);
  await expect(importDialog).toContainText('1 variant updated');
  await expectAccessible(page);
  await importDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  await clickUntil(row(page, 'Licensed Team Jersey').getByRole('button', { name: 'Price Licensed Team Jersey' }), async () => {
    await expect(dialog(page, 'Expected Price')).toBeVisible({ timeout: 2000 });
  });
  const price = dialog(page, 'Expected Price');
  await expect(price.getByRole('spinbutton', { name: `Min price of ${sku}` })).toHaveValue('31.25');
  await expect(price.getByRole('spinbutton', { name: `Max price of ${sku}` })).toHaveValue('33.75');
  await expect(price.getByRole('spinbutton', { name: `Quantity of ${sku}` })).toHaveValue('77');
});

test('an administrator marks a catalog Updating price from the list', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/cms/a/supplier-catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Catalog' })).toBeVisible();
  const cap = row(page, 'Licensed Logo Cap');
  await expect(cap).toContainText('Confirm price');
  // The administrator's name link opens the dropship catalog detail.
  await expect(cap.getByRole('link', { name: 'Licensed Logo Cap' })).toHaveAttribute('href', /\/cms\/a\/catalogs\/detail-drop\/[0-9a-f-]+$/);
  await expectAccessible(page);
  await clickUntil(cap.getByRole('button', { name: 'Actions Licensed Logo Cap' }), async () => {
    await page.getByRole('menuitem', { name: 'Mark as Updating' }).click({ timeout: 2000 });
  });
  await expect(toast(page, 'Update success!')).toBeVisible();
  await expect(cap).toContainText('Updating price');
  await expectAccessible(page);
});
