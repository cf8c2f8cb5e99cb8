import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/**
 * Tracking (docs/orders.md, "Tracking and store sync"): the agency ships a seeded In Production
 * order in two parcels (Partially Fulfilled, then In Transit), marks both delivered (Fulfilled),
 * and imports a tracking file for another order. Orders are picked through the API by status and
 * item count, from the oldest end of the list, never by hard-coded ids.
 */
type Row = { id: string; orderName: string; itemCount: number; sellerTeam: { id: string; name: string }; shipments: unknown[] };

async function inProduction(request: APIRequestContext): Promise<Row[]> {
  const res = await request.get('/api/tracking?status=InProduction&limit=200', { headers: await headersOf(request, 'agency@demo.test') });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: Row[] }).data.filter((o) => o.shipments.length === 0).reverse();
}

const statusTag = (page: Page, text: string) => page.locator('h1 .ant-tag', { hasText: text });

test('the agency ships an order in two parcels, marks them delivered and imports a tracking file', async ({ page, request }) => {
  const candidates = await inProduction(request);
  const order = candidates.find((o) => o.itemCount >= 2);
  const other = candidates.find((o) => o !== order);
  expect(order, 'a seeded In Production order with two items or more').toBeDefined();
  expect(other, 'a second seeded In Production order').toBeDefined();

  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/tracking/${order!.id}`);
  await expect(statusTag(page, 'In Production')).toBeVisible();
  await expectAccessible(page);

  // First parcel: only the first item.
  const dialog = page.getByRole('dialog', { name: 'Add tracking' });
  await clickUntil(page.getByRole('button', { name: 'Add tracking' }), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  await dialog.getByLabel('Tracking number').fill('E2E-PARCEL-1');
  await dialog.getByLabel('Carrier').fill('USPS');
  await dialog.getByLabel('Tracking URL').fill('https://tools.usps.com/go/TrackConfirmAction?tLabels=E2E-PARCEL-1');
  const boxes = dialog.getByRole('checkbox');
  const count = await boxes.count();
  for (let i = 1; i < count; i++) await boxes.nth(i).uncheck();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add tracking' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusTag(page, 'Partially Fulfilled')).toBeVisible();

  // Second parcel: the rest (ticked by default).
  await clickUntil(page.getByRole('button', { name: 'Add tracking' }), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  await dialog.getByLabel('Tracking number').fill('E2E-PARCEL-2');
  await dialog.getByLabel('Carrier').fill('UPS');
  await dialog.getByRole('button', { name: 'Add tracking' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusTag(page, 'In Transit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add tracking' })).toHaveCount(0);
  // No store connection on the demo orders: the sync is not applicable, never failed.
  await expect(page.getByText('No store').first()).toBeVisible();

  for (const number of ['E2E-PARCEL-1', 'E2E-PARCEL-2']) {
    await page.getByRole('button', { name: `Mark ${number} delivered` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Mark shipment ${number} delivered?` });
    await confirm.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(page.getByRole('button', { name: `Mark ${number} delivered` })).toHaveCount(0);
  }
  await expect(statusTag(page, 'Fulfilled')).toBeVisible();

  // The list: import a tracking file for the other order, then find it by its tracking number.
  await page.goto('/cms/ag/tracking');
  await expect(page.getByRole('heading', { name: 'Tracking' })).toBeVisible();
  await expectAccessible(page);
  const importDialog = page.getByRole('dialog', { name: 'Import tracking' });
  await clickUntil(page.getByRole('button', { name: 'Import tracking' }), async () => expect(importDialog).toBeVisible({ timeout: 1000 }));
  await expect(importDialog.getByRole('link', { name: 'Download template' })).toHaveAttribute('href', '/api/tracking/import/template');
  const csv = ['Order Name,Tracking Number,Carrier,Tracking URL,SKU,Seller Team', `${other!.orderName},E2E-IMPORT-1,FedEx,,,${other!.sellerTeam.name}`, '#no-such-order,E2E-IMPORT-2,FedEx,,,'].join('\r\n');
  await importDialog.locator('input[type=file]').setInputFiles({ name: 'tracking.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog.getByText('1 shipment added, 0 already there, 1 row failed')).toBeVisible({ timeout: 30_000 });
  await expect(importDialog.getByRole('link', { name: 'Download report' })).toBeVisible();
  await importDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(importDialog).toBeHidden();

  await page.getByLabel('Search').fill('E2E-IMPORT-1');
  await expect(page).toHaveURL(/search=E2E-IMPORT-1/);
  const row = page.getByRole('row').filter({ hasText: 'E2E-IMPORT-1' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('In Transit')).toBeVisible();
  await expect(row.getByRole('link', { name: other!.orderName })).toBeVisible();

  // 'Sync to store' answers per order: a demo order has no store connection, so nothing is queued.
  const box = row.getByRole('checkbox', { name: `Select order ${other!.orderName} of ${other!.sellerTeam.name}` });
  await clickUntil(box, async () => expect(box).toBeChecked({ timeout: 1000 }));
  await page.getByRole('button', { name: 'Sync to store (1)' }).click();
  await expect(page.getByText('1 order not synced: This order has no store connection: nothing to sync.')).toBeVisible();
});
