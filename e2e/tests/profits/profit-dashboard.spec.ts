import { test, expect, signIn, expectAccessible } from '../../support/fixtures';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('the seller reads its profit dashboard on /s/profit-detail, switches the range and sees its orders by status', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  const first = page.waitForResponse((r) => r.url().includes('/api/dashboards/profits'));
  await page.goto('/cms/s/profit-detail');
  await expect(page.getByRole('heading', { name: 'Profit Detail', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // Last 30 days by default, today included (UTC days).
  const today = Date.parse(`${utcDay(Date.now())}T00:00:00Z`);
  expect((await first).url()).toContain(`dateFrom=${utcDay(today - 29 * DAY_MS)}`);
  for (const label of ['Orders fulfilled', 'Sales', 'Costs charged', 'Refunds', 'Profit earned']) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expectAccessible(page);

  // The KPIs' quick ranges; the on-time share, orders by status and top products come from the same answer.
  await expect(page.getByText('Shipped on time', { exact: true })).toBeVisible();
  const seven = page.waitForResponse((r) => r.url().includes(`/api/dashboards/profits?dateFrom=${utcDay(today - 6 * DAY_MS)}`));
  await page.getByText('Last week', { exact: true }).click();
  expect((await seven).status()).toBe(200);
  const ninety = page.waitForResponse((r) => r.url().includes(`/api/dashboards/profits?dateFrom=${utcDay(today - 89 * DAY_MS)}`));
  await page.getByText('Last 3 months', { exact: true }).click();
  const quarter = (await (await ninety).json()) as { data: { days: unknown[]; totals: { orders: number } } };
  expect(quarter.data.days).toHaveLength(90);
  const byStatus = page.getByRole('region', { name: 'Orders per day by status' });
  await expect(byStatus).toBeVisible();
  if (quarter.data.totals.orders > 0) await expect(byStatus.getByRole('img', { name: /^Orders per day by status, / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top products' })).toBeVisible();
  await page.getByRole('button', { name: 'Per day' }).click();
  const days = page.getByRole('table', { name: 'Profit per day' });
  await expect(days).toBeVisible();
  await expect(days.getByRole('columnheader', { name: 'Profit earned' })).toBeVisible();
  await expectAccessible(page);
});

test('the seller sees the estimated profit of its orders in progress on /s/estimated-profit', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/s/estimated-profit');
  await expect(page.getByRole('heading', { name: 'Estimated Profit', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders in progress', level: 2 })).toBeVisible();
  await expect(page.getByText('Estimated profit of orders in progress')).toBeVisible();
  const table = page.getByRole('region', { name: 'Orders in progress' });
  await expect(table.getByRole('columnheader', { name: 'Estimated profit' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
});
