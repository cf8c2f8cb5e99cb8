import type { Page } from '@playwright/test';
import { test, expect, signIn, logOut, expectAccessible, clickUntil } from '../../support/fixtures';
import { headersOf, ordersOf } from '../../support/api';

/**
 * Change requests (docs/orders.md, "Change requests and item updates"): the seller asks for a new
 * artwork on an item of an Approved order, the agency approves it, and the item shows the new
 * artwork. The order is picked through the API, from the end of the list (other journeys use the
 * first ones; refunds take the very last, so this one skips it).
 */
type Row = { id: string; orderName: string; itemCount: number };
type Item = { id: string; sku: string; status: string };

const card = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: title }) });
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).last();

test('the seller asks for a new artwork and the agency approves it', async ({ page, request }) => {
  test.slow();
  const approved = (await ordersOf<Row>(request, 'seller@demo.test', 'status=Approved&limit=200')).filter((o) => o.itemCount > 0);
  const headers = await headersOf(request, 'seller@demo.test');
  let picked: { order: Row; item: Item } | null = null;
  for (const order of approved.reverse().slice(1)) {
    const requests = (await (await request.get(`/api/orders/${order.id}/change-requests`, { headers })).json()).data as unknown[];
    const detail = (await (await request.get(`/api/orders/${order.id}`, { headers })).json()).data as { items: Item[]; shipments: unknown[] };
    const item = detail.items.find((i) => i.status !== 'Cancel');
    if (requests.length === 0 && item && detail.shipments.length === 0) {
      picked = { order, item };
      break;
    }
  }
  if (!picked) throw new Error('No Approved order of Demo Seller without change requests in the seed');
  const { order, item } = picked;
  const artwork = `/files/e2e/reupload-${Date.now()}.png`;

  await signIn(page, 'seller@demo.test');
  await page.goto(`/cms/s/orders/${order.id}`);
  const requests = card(page, 'Change requests');
  await expect(requests).toContainText('No change requests');
  const dialog = page.getByRole('dialog');
  await clickUntil(requests.getByRole('button', { name: 'Request change' }), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  await dialog.getByLabel('Note').fill('The print file was the wrong one');
  await dialog.getByLabel('New artwork 1 URL').fill(artwork);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(page, 'Change request sent')).toBeVisible();
  const row = requests.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText('Reupload design');
  await expect(row).toContainText('pending');
  await expectAccessible(page);
  await logOut(page);

  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/orders/${order.id}`);
  const agencyRow = card(page, 'Change requests').locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(agencyRow).toContainText('pending');
  await expectAccessible(page);
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure to approve this record?' });
  await clickUntil(agencyRow.getByRole('button', { name: 'Approve' }), async () => expect(confirm).toBeVisible({ timeout: 1000 }));
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(agencyRow).toContainText('approved');
  await expect(card(page, 'Items').getByAltText(`Artwork 1 of ${item.sku}`).first()).toHaveAttribute('src', artwork);
  await expectAccessible(page);
});

test('the agency changes an item SKU after previewing the price difference', async ({ page, request }) => {
  test.slow();
  const headers = await headersOf(request, 'agency@demo.test');
  const approved = (await ordersOf<Row>(request, 'seller@demo.test', 'status=Approved&limit=200')).filter((o) => o.itemCount > 0);
  const itemsOf = async (id: string) => ((await (await request.get(`/api/orders/${id}`, { headers })).json()).data as { items: Item[]; shipments: unknown[] });
  // Third from the end (the journey above takes the second, refunds the last); a SKU that costs no more, so the wallet never blocks it.
  const order = approved.reverse()[2]!;
  const { items } = await itemsOf(order.id);
  const item = items.find((i) => i.status !== 'Cancel')!;
  const skus = new Set<string>();
  const others = (await ordersOf<Row>(request, 'seller@demo.test', 'limit=40')).filter((o) => o.id !== order.id && o.itemCount > 0);
  for (const other of others) for (const i of (await itemsOf(other.id)).items) if (i.sku !== item.sku) skus.add(i.sku);
  let sku: string | null = null;
  for (const candidate of skus) {
    const res = await request.put('/api/orders/calc-order-basecost', { headers, data: { ids: [order.id], orderItemId: item.id, sku: candidate } });
    const [preview] = ((await res.json()) as { data: { ok: boolean; difference: number | null }[] }).data;
    if (preview?.ok && (preview.difference ?? 0) <= 0) {
      sku = candidate;
      break;
    }
  }
  if (!sku) throw new Error('No cheaper SKU for an Approved order of Demo Seller in the seed');

  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/orders/${order.id}`);
  const dialog = page.getByRole('dialog');
  await clickUntil(card(page, 'Change requests').getByRole('button', { name: 'Change SKU' }), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  await dialog.getByLabel('New SKU').fill(sku);
  await dialog.getByRole('button', { name: 'Preview price' }).click();
  await expect(dialog.getByRole('alert')).toContainText('New cost');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(toast(page, 'Item updated')).toBeVisible();
  await expect(card(page, 'Items')).toContainText(sku);
});
