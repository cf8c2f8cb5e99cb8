import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/**
 * Refunds (docs/orders.md, "Refunds"): the agency refunds one unit of an Approved (charged) order
 * of Demo Seller with a reason, sees the refund on the order's timeline and its IN invoice in
 * /ag/invoices. The order is picked through the API (the demo seed decides which exist).
 */
type Row = { id: string; orderName: string; itemCount: number; sellerTeam: { name: string } };
type Overview = { order: { refusal: string | null }; items: { id: string; sku: string; refundableQuantity: number }[]; refunds: unknown[] };

/** An Approved order of Demo Seller that was charged and never refunded, with a unit to refund. */
async function refundableOrder(request: APIRequestContext) {
  const headers = await headersOf(request, 'agency@demo.test');
  const res = await request.get('/api/orders?status=Approved&limit=200', { headers });
  expect(res.ok()).toBeTruthy();
  const approved = ((await res.json()) as { data: Row[] }).data.filter((o) => o.sellerTeam.name === 'Demo Seller' && o.itemCount > 0);
  // From the end: other journeys act on the first orders of the list.
  for (const order of approved.reverse()) {
    const view = (await (await request.get(`/api/orders/${order.id}/refunds`, { headers })).json()).data as Overview;
    const item = view.items.find((i) => i.refundableQuantity > 0);
    if (!view.order.refusal && view.refunds.length === 0 && item) return { order, item };
  }
  throw new Error('No refundable Approved order of Demo Seller in the seed');
}

const header = (page: Page) => page.locator('h1.page-title');
const card = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: title }) });
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).last();

test('the agency refunds one item of a charged order and finds its invoice', async ({ page, request }) => {
  test.slow();
  const { order, item } = await refundableOrder(request);

  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/orders/${order.id}`);
  await expect(header(page)).toContainText(`Order ${order.orderName}`);
  await clickUntil(page.getByRole('button', { name: 'Refund', exact: true }), async () => expect(page).toHaveURL(new RegExp(`/ag/orders/${order.id}/refund$`), { timeout: 1000 }));
  await expect(header(page)).toContainText('Refund Order');
  await expect(card(page, 'Order')).toContainText('Demo Seller');
  await expectAccessible(page);

  await page.getByLabel(`Quantity to refund of ${item.sku}`).fill('1');
  await page.getByLabel('Reason').fill('One unit arrived damaged');
  const total = page.getByTestId('refund-total');
  await expect(total).not.toContainText('$0.00');
  const amount = ((await total.textContent()) ?? '').replace('Total to refund: ', '').trim();

  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: 'Refund', exact: true }), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  await expect(dialog).toContainText(`Total to refund: ${amount}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(toast(page, 'Success')).toBeVisible();

  await expect(page).toHaveURL(new RegExp(`/ag/orders/${order.id}$`));
  const timeline = card(page, 'Timeline').getByTestId('timeline-event');
  await expect(timeline.first()).toContainText(`Refunded ${amount}: One unit arrived damaged`);
  await expect(card(page, 'Costs')).toContainText(amount);
  await expectAccessible(page);

  await page.goto('/cms/ag/invoices');
  const newest = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(newest).toContainText('Demo Seller');
  await expect(newest).toContainText('IN');
  await expect(newest).toContainText(amount);
  await expectAccessible(page);
});
