import type { APIRequestContext } from '@playwright/test';
import type { OrderNotifications } from '@fbo/shared';
import { ORDER_ATTENTION_LABELS, attentionLabel } from '@fbo/shared/domain/order-attention';
import { test, expect, signIn, expectAccessible } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/**
 * The order notifications (docs/decisions.md "Order notifications"): the badge on the Orders menu entry and the
 * counts above the Orders list, each a link to the list filtered to exactly those orders. Counts are read through
 * the API, never assumed: the demo seed (and the journeys running beside this one) decide them.
 */
const OWNER = 'agency@demo.test';

async function notificationsOf(request: APIRequestContext, email: string): Promise<OrderNotifications> {
  const res = await request.get('/api/orders/notification/all', { headers: await headersOf(request, email) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: OrderNotifications }).data;
}

test('the agency owner sees the badge, opens a kind of order that needs attention and lands on exactly those orders', async ({ page, request }) => {
  await signIn(page, OWNER);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // The badge says what the API says (read again if another journey moved an order meanwhile).
  await expect(async () => {
    const n = await notificationsOf(request, OWNER);
    expect(n.total).toBeGreaterThan(0);
    await page.reload();
    await expect(menu.getByRole('img', { name: attentionLabel(n.total, n.totalCapped) })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });

  await menu.getByRole('link', { name: /^Orders( |$)/ }).click();
  await expect(page).toHaveURL(/\/cms\/ag\/orders$/);
  const kinds = page.getByRole('navigation', { name: 'Orders that need attention' });
  await expect(kinds.getByRole('link').first()).toBeVisible();
  await expectAccessible(page);

  const n = await notificationsOf(request, OWNER);
  const kind = n.items.find((i) => i.count > 0 && !i.capped);
  expect(kind, JSON.stringify(n)).toBeDefined();
  const label = ORDER_ATTENTION_LABELS[kind!.key];
  await kinds.getByRole('link', { name: new RegExp(`^${label} \\d`) }).click();
  await expect(page).toHaveURL(new RegExp(`/cms/ag/orders\\?attention=${kind!.key}$`));
  // The filter shows in the bar (so it can be cleared), and the list holds as many orders as the link said.
  await expect(page.getByLabel('Needs attention').locator('xpath=..')).toHaveAttribute('title', label);
  await expect(async () => {
    await page.reload();
    const link = kinds.getByRole('link', { name: new RegExp(`^${label} \\d`) });
    const shown = Number((await link.locator('.ant-badge').innerText({ timeout: 5000 })).replace(/\D/g, ''));
    await expect(page.getByText(`Total ${shown.toLocaleString('en-US')}`, { exact: true })).toBeVisible({ timeout: 5000 });
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(Math.min(shown, 10), { timeout: 5000 });
  }).toPass({ timeout: 60_000 });
});
