import type { Page } from '@playwright/test';
import { test, expect, signIn, logOut, expectAccessible, pickOption, clickUntil, pickFromMenu } from '../../support/fixtures';
import { ordersOf } from '../../support/api';

/**
 * The order lists (docs/orders.md, "Lists and filters", "Exports"): tabs, filters kept in the
 * address, bulk actions with their per-order summary, the export download and the order items.
 * Orders are picked through the API by status, never by hard-coded ids (the demo seed decides).
 */
type Row = { id: string; orderName: string; itemCount: number; cannotShip: boolean; addressStatus: number; status: string; sellerTeam: { name: string } };

/** Ticks the row checkboxes of these orders on the current page (by id: names repeat across teams). */
async function select(page: Page, ids: string[]) {
  for (const id of ids) {
    const box = page.locator('tr', { has: page.locator(`a[href$="/orders/${id}"]`) }).getByRole('checkbox');
    await clickUntil(box, async () => expect(box).toBeChecked({ timeout: 1000 }));
  }
}

test('the seller switches tabs and filters, keeps them on reload, and bulk-submits two orders', async ({ page, request }) => {
  test.slow();
  await signIn(page, 'seller@demo.test');
  await expect(page).toHaveURL(/\/cms\/s\/orders$/);
  await expect(page.getByRole('tab', { name: /^All \(\d/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: /^In Review/ }).click();
  await expect(page).toHaveURL(/status=InReview/);
  await pickOption(page, page.getByLabel('Catalog type'), 'POD');
  await expect(page).toHaveURL(/catalogType=pod/);
  await pickOption(page, page.getByLabel('Created', { exact: true }), 'Last 3 months');
  await expect(page).toHaveURL(/range=90/);
  await page.getByLabel('Search').fill('  #10  ');
  await expect(page).toHaveURL(/search=%2310(&|$)/);

  await page.reload();
  await expect(page.getByRole('tab', { name: /^In Review/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Search')).toHaveValue('#10');
  await expect(page.getByLabel('Catalog type').locator('xpath=..')).toHaveAttribute('title', 'POD');
  await expect(page).toHaveURL(/status=InReview.*catalogType=pod|catalogType=pod.*status=InReview/);

  // Two Unfulfilled orders that may be submitted (items, a shippable destination).
  const candidates = (await ordersOf<Row>(request, 'seller@demo.test', 'status=Unfulfilled&limit=200&cannotShip=false')).filter(
    (o) => o.itemCount > 0 && o.addressStatus !== 0,
  );
  expect(candidates.length).toBeGreaterThanOrEqual(2);
  const picked = candidates.slice(0, 2);

  await page.goto('/cms/s/orders?status=Unfulfilled&cannotShip=false&limit=200');
  await select(page, picked.map((o) => o.id));
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Submit the selected orders for review?' })).toBeVisible();
  await page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Submit' }).click();
  // The summary says how many moved and why each other one did not; the orders agree with it.
  const summary = page.locator('.ant-modal-confirm-title', { hasText: /^Submit: \d succeeded/ });
  await expect(summary).toBeVisible();
  const succeeded = Number((await summary.textContent())!.match(/Submit: (\d) succeeded/)![1]);
  expect(succeeded).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('list', { name: 'Orders that failed' }).getByRole('listitem')).toHaveCount(2 - succeeded);
  await page.getByRole('button', { name: 'OK' }).click();
  const now = await ordersOf<Row>(request, 'seller@demo.test', 'limit=200');
  const moved = picked.filter((o) => ['InReview', 'Approved'].includes(now.find((n) => n.id === o.id)!.status));
  expect(moved).toHaveLength(succeeded);

  // Hold asks for a reason first.
  const toHold = now.find((o) => o.status === 'Unfulfilled' && !picked.some((p) => p.id === o.id))!;
  await page.goto('/cms/s/orders?status=Unfulfilled&limit=200');
  await select(page, [toHold.id]);
  await bar.getByRole('button', { name: 'Hold', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hold the selected orders?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Hold' }).click();
  await expect(dialog.getByText('Please input reason')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Reason').fill('The customer asked to wait');
  await dialog.getByRole('button', { name: 'Hold' }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Hold: 1 succeeded' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await logOut(page);
});

test('the agency bulk-approves from the In Review tab and exports the list as csv', async ({ page, request }) => {
  test.slow();
  const inReview = await ordersOf<Row>(request, 'agency@demo.test', 'status=InReview&limit=200');
  // Orders of Demo Seller, whose wallet holds the demo top-ups.
  const picked = inReview
    .filter((o) => o.sellerTeam.name === 'Demo Seller' && !o.cannotShip && o.itemCount > 0)
    .slice(0, 2)
    .map((o) => o.id);
  expect(picked.length).toBe(2);

  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/orders');
  await page.getByRole('tab', { name: /^In Review/ }).click();
  await expect(page).toHaveURL(/status=InReview/);
  await expectAccessible(page);
  await page.goto('/cms/ag/orders?status=InReview&limit=200');
  await select(page, picked);
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: "Approve and charge the seller's wallet?" })).toBeVisible();
  await page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Approve' }).click();
  const summary = page.locator('.ant-modal-confirm-title', { hasText: /^Approve: \d+ succeeded/ });
  await expect(summary).toBeVisible();
  await expect(summary).toHaveText(/Approve: 2 succeeded|Approve: [01] succeeded, [12] failed/);
  await page.getByRole('button', { name: 'OK' }).click();

  // Export of the current filter: the job runs, the file downloads.
  await page.goto('/cms/ag/orders?status=Approved');
  const exportButton = page.getByRole('button', { name: /Export$/ });
  await pickFromMenu(page, exportButton, 'Export .csv', async () => {
    await expect(page.getByRole('dialog', { name: 'Export orders' })).toBeVisible({ timeout: 5000 });
  });
  // The dialog downloads the file by itself when the job ends, and keeps its link: take the link,
  // whose download does not race the job's end.
  const link = page.getByRole('link', { name: 'Download file' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-.*\.csv$/);
  await expectAccessible(page);
  await page.getByRole('dialog', { name: 'Export orders' }).getByRole('button', { name: 'Close', exact: true }).first().click();

  // The export history lists it with its link.
  // The page may have scrolled under the fixed header while the export dialog was open: back to the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  const history = page.getByRole('dialog', { name: 'Export history' });
  await pickFromMenu(page, exportButton, 'Export history', async () => {
    await expect(history).toBeVisible({ timeout: 5000 });
  });
  await expect(history.getByRole('row', { name: /CSV/ }).getByRole('link', { name: 'Download' })).toBeVisible();
  await expectAccessible(page);
});

test('order items list their lines; the designer sees requested designs', async ({ page }) => {
  await signIn(page, 'agency@demo.test');
  await page.goto('/cms/ag/order-items');
  await expect(page.getByRole('heading', { name: 'Order Items' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'SKU' })).toBeVisible();
  await pickOption(page, page.getByLabel('Status'), 'In Transit');
  await expect(page).toHaveURL(/status=InTransit/);
  await expectAccessible(page);
  await logOut(page);

  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/s/order-items');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await logOut(page);

  await signIn(page, 'designer@demo.test');
  await expect(page).toHaveURL(/\/cms\/ds\/orders$/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
});
