import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { test, expect, signIn, expectAccessible, pickFromMenu, pickOption } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/**
 * The Customers pages (docs/customers.md): the seller finds one of its customers by name, opens its drawer and goes on
 * to one of its orders; the agency narrows the list to a seller team and sorts it, both kept in the address. The
 * customer is picked through the API (the demo seed decides who buys), never by a hard-coded name.
 */
const SELLER = 'seller@demo.test';
const AGENCY = 'agency@demo.test';

type Customer = { id: string; fullName: string; ordersCount: number; sellerTeamName: string };
type Page1<Row> = { data: Row[]; total: number };
type CustomerOrder = { id: string; orderName: string };

const header = (page: Page) => page.locator('h1.page-title');
const table = (page: Page) => page.getByRole('region', { name: 'Customers', exact: true });
const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).last();

async function getJson<T>(request: APIRequestContext, headers: { authorization: string }, url: string): Promise<T> {
  const res = await request.get(url, { headers });
  expect(res.ok(), `GET ${url}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A customer of the seller with a name and an order, and a part of its name whose search shows it on the first page
 * (its longest word when that is enough, else the whole name).
 */
async function pickCustomer(request: APIRequestContext) {
  const seller = await headersOf(request, SELLER);
  const list = await getJson<Page1<Customer>>(request, seller, '/api/customers?limit=200');
  const customer = list.data.find((c) => c.ordersCount > 0 && c.fullName.trim().length >= 4);
  expect(customer, 'the demo seller has a named customer with orders').toBeTruthy();
  const words = customer!.fullName.split(/\s+/).filter((w) => w.length >= 3).sort((a, b) => b.length - a.length);
  let part = customer!.fullName;
  for (const word of words) {
    const found = await getJson<Page1<Customer>>(request, seller, `/api/customers?limit=10&search=${encodeURIComponent(word)}`);
    if (found.data.some((c) => c.id === customer!.id)) {
      part = word;
      break;
    }
  }
  const orders = await getJson<Page1<CustomerOrder>>(request, seller, `/api/customers/${customer!.id}/orders?limit=10`);
  expect(orders.data.length, 'the customer\u2019s orders').toBeGreaterThan(0);
  return { customer: customer!, part, order: orders.data[0]! };
}

test('the seller searches a customer by name, opens its drawer and goes to one of its orders', async ({ page, request }, testInfo) => {
  test.slow();
  const { customer, part, order } = await pickCustomer(request);

  await signIn(page, SELLER);
  await page.goto('/cms/s/customers');
  await expect(header(page)).toHaveText('Customers');
  await expect(table(page).getByRole('button').first()).toBeVisible();
  // The seller's own list has no Seller team filter or column.
  await expect(page.getByLabel('Seller team')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, testInfo, '1-seller-list');

  await page.getByLabel('Search').fill(`  ${part} `);
  await expect.poll(() => param(page, 'search'), { message: 'the trimmed search in the address' }).toBe(part);
  const name = table(page).getByRole('button', { name: customer.fullName, exact: true });
  await expect(name).toBeVisible();
  await shot(page, testInfo, '2-seller-searched');

  await name.click();
  await expect.poll(() => param(page, 'customer')).toBe(customer.id);
  const drawer = page.getByRole('dialog').filter({ hasText: customer.fullName });
  const orderLink = drawer.getByRole('region', { name: 'Orders of the customer' }).locator(`a[href$="/orders/${order.id}"]`);
  await expect(orderLink).toBeVisible();
  await expect(drawer).toContainText('Addresses');
  await expect(drawer).toContainText('Total spent');
  await expectAccessible(page);
  await shot(page, testInfo, '3-seller-drawer');

  // The open customer is in the address: a reload shows it again, with the search.
  await page.reload();
  await expect(orderLink).toBeVisible();
  await expect(page.getByLabel('Search')).toHaveValue(part);

  await orderLink.click();
  await expect(page).toHaveURL(new RegExp(`/cms/s/orders/${order.id}$`));
});

test('the agency narrows its customers to a seller team and sorts them by total spent, both kept in the address', async ({ page }, testInfo) => {
  test.slow();
  await signIn(page, AGENCY);
  await page.goto('/cms/ag/customers');
  await expect(header(page)).toHaveText('Customers');
  await expect(table(page).getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Seller team' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, '4-agency-list');

  await pickOption(page, page.getByLabel('Seller team'), 'Demo Seller');
  await expect(page).toHaveURL(/[?&]sellerTeam=[0-9a-f-]{36}/);
  const teamId = param(page, 'sellerTeam');
  const rows = table(page).locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // Every row shown is of that team (the Seller team column is the fifth).
  await expect(async () => {
    const teams = await rows.locator('td:nth-child(5)').allTextContents();
    expect(teams.length).toBeGreaterThan(0);
    expect(new Set(teams)).toEqual(new Set(['Demo Seller']));
  }).toPass();

  const spent = page.getByRole('columnheader', { name: 'Total spent' });
  await spent.click();
  await expect.poll(() => param(page, 'sort')).toBe('spent');
  expect(param(page, 'sellerTeam')).toBe(teamId);
  await expect(spent).toHaveAttribute('aria-sort', 'descending');
  await spent.click();
  await expect.poll(() => param(page, 'order')).toBe('asc');
  await expect(spent).toHaveAttribute('aria-sort', 'ascending');
  await shot(page, testInfo, '5-agency-filtered-sorted');

  await page.reload();
  await expect(spent).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByLabel('Seller team').locator('xpath=..')).toHaveAttribute('title', 'Demo Seller');
  await expectAccessible(page);

  // Export: the list's filters and order as a file, downloaded at once.
  const download = page.waitForEvent('download');
  await pickFromMenu(page, page.getByRole('button', { name: 'Export' }), 'CSV', async () => {
    await expect(toast(page, 'Export success!')).toBeVisible({ timeout: 5000 });
  });
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // A third click goes back to the list's default order (last order, newest first), which the address leaves out.
  await spent.click();
  await expect.poll(() => param(page, 'sort')).toBeNull();
  expect(param(page, 'order')).toBeNull();
  await expect(page.getByRole('columnheader', { name: 'Last order' })).toHaveAttribute('aria-sort', 'descending');
  expect(param(page, 'sellerTeam')).toBe(teamId);
});
