import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/**
 * CSV order import (docs/orders.md, "CSV import"): the seller previews a Shopify export with one
 * unknown SKU, imports it (the good orders are created, the history shows 1 failed row), fixes the
 * row and imports the fixed file: only that order is created.
 */
const SELLER = 'seller@demo.test';
const HEADER = [
  'Name', 'Email', 'Financial Status', 'Paid at', 'Fulfillment Status', 'Currency', 'Subtotal', 'Shipping', 'Taxes', 'Total',
  'Discount Code', 'Discount Amount', 'Shipping Method', 'Created at', 'Lineitem quantity', 'Lineitem name', 'Lineitem price',
  'Lineitem sku', 'Billing Name', 'Shipping Name', 'Shipping Street', 'Shipping Address1', 'Shipping Address2', 'Shipping Company',
  'Shipping City', 'Shipping Zip', 'Shipping Province', 'Shipping Country', 'Shipping Phone', 'Notes', 'Id',
];

/** A real SKU of the seller's agency: the example row of the agency's order template. */
async function demoSku(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/orders/import/template', { headers: await headersOf(request, SELLER) });
  expect(res.ok()).toBeTruthy();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  return String(sheet.getRow(2).getCell(headers.indexOf('SKU')).value);
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function shopifyExport(prefix: string, sku: string, thirdSku: string): string {
  const order = (name: string, fields: Record<string, string>) => HEADER.map((h) => fields[h] ?? (h === 'Name' ? name : '')).map(csvCell).join(',');
  const first = (name: string, item: Record<string, string>, to: Record<string, string>) =>
    order(name, {
      Email: 'buyer@example.com', 'Financial Status': 'paid', Currency: 'USD', Subtotal: '40.00', Shipping: '5.00', Total: '45.00',
      'Shipping Method': 'Standard Shipping', 'Billing Name': to['Shipping Name']!, ...to, ...item,
    });
  const boston = { 'Shipping Name': 'Jane Doe', 'Shipping Address1': '12 Beacon Street', 'Shipping City': 'Boston', 'Shipping Zip': "'02134", 'Shipping Province': 'MA', 'Shipping Country': 'US' };
  const rows = [
    HEADER.join(','),
    first(`${prefix}1`, { 'Lineitem quantity': '1', 'Lineitem name': 'Tee, black', 'Lineitem price': '20.00', 'Lineitem sku': sku, Notes: 'Gift,\nno invoice' }, boston),
    order(`${prefix}1`, { 'Lineitem quantity': '1', 'Lineitem name': 'Tee, black', 'Lineitem price': '20.00', 'Lineitem sku': sku }),
    first(`${prefix}2`, { 'Lineitem quantity': '2', 'Lineitem name': 'Mug', 'Lineitem price': '20.00', 'Lineitem sku': sku }, { ...boston, 'Shipping Name': 'John Roe' }),
    first(`${prefix}3`, { 'Lineitem quantity': '1', 'Lineitem name': 'Poster', 'Lineitem price': '40.00', 'Lineitem sku': thirdSku }, { ...boston, 'Shipping Name': 'Ann Poe' }),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

async function openImportDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Import orders' });
  await clickUntil(page.getByRole('button', { name: /^(upload )?Import$/ }), async () => expect(dialog).toBeVisible({ timeout: 2000 }));
  return dialog;
}

async function importFile(page: Page, file: string) {
  const dialog = await openImportDialog(page);
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Import success!')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('link', { name: 'View import detail' }).click();
  await expect(page.getByRole('heading', { name: 'Import Detail' })).toBeVisible();
}

test('the seller previews, imports a Shopify export with a bad SKU, then imports the fixed file', async ({ page, request }) => {
  test.slow();
  const sku = await demoSku(request);
  const prefix = `#E2E${Date.now().toString(36).toUpperCase()}-`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'order-import-'));
  const bad = path.join(dir, 'shopify-orders.csv');
  const fixed = path.join(dir, 'shopify-orders-fixed.csv');
  writeFileSync(bad, shopifyExport(prefix, sku, 'NO-SUCH-SKU-1'));
  writeFileSync(fixed, shopifyExport(prefix, sku, sku));

  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/cms\/s\/orders$/);
  const dialog = await openImportDialog(page);
  await expect(dialog.getByRole('checkbox', { name: 'Create product' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download template' })).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles(bad);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const failedRows = dialog.getByRole('region', { name: 'Failed rows' });
  await expect(failedRows.getByText('SKU NO-SUCH-SKU-1 is not a catalog variant your agency offers.')).toBeVisible();
  await expect(failedRows.locator('tr.import-failed-row')).toHaveCount(1);
  await expect(dialog.getByRole('region', { name: 'Parsed orders' }).getByText(`${prefix}2`)).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Import success!')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('link', { name: 'Download report' })).toBeVisible();
  await dialog.getByRole('link', { name: 'View import detail' }).click();

  // The detail: 2 orders created, the failed row with its reason, its download.
  await expect(page.getByRole('heading', { name: 'Import Detail' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${prefix}1` })).toBeVisible();
  await expect(page.getByRole('link', { name: `${prefix}2` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Failed rows' }).getByText(/NO-SUCH-SKU-1/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download failed rows' })).toBeVisible();
  await expectAccessible(page);

  // The history: 1 failed row.
  await page.getByRole('link', { name: 'Import histories' }).click();
  await expect(page.getByRole('heading', { name: 'Import Histories' })).toBeVisible();
  const first = page.getByRole('row').filter({ hasText: 'shopify-orders.csv' }).first();
  await expect(first.getByRole('cell').nth(4)).toHaveText('2');
  await expect(first.getByRole('cell').nth(6)).toHaveText('1');
  await expectAccessible(page);

  // The fixed file: only the fixed order is created; the two others are skipped.
  await importFile(page, fixed);
  await expect(page.getByRole('link', { name: `${prefix}3` })).toBeVisible();
  await expect(page.getByRole('link', { name: `${prefix}1` })).toHaveCount(0);
  await expect(page.getByText('No failed rows.')).toBeVisible();
  await page.getByRole('link', { name: `${prefix}3` }).click();
  await expect(page).toHaveURL(/\/cms\/s\/orders\/[0-9a-f-]{36}$/);
});
