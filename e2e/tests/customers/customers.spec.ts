import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { test, expect, signIn, expectAccessible, pickFromMenu, pickOption } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/**
 * The Customers pages (docs/customers.md): the seller finds one of its customers by name, opens its drawer and goes on
 * to one of its orders; the agency narrows the list to a seller team and sorts it, both kept in the address. The
 * customer is picked through the API (the demo seed decides who buys), never by a hard-coded name. Privacy: the seller
 * exports a buyer's data and erases it (a buyer of the test's own, imported from a file, so the demo customers stay).
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

/**
 * A buyer of the test's own: two orders imported from a file (a Shopify export with a SKU of a demo order), one then
 * cancelled, so the erase has a closed order to erase now and an open one to leave waiting.
 */
async function importedBuyer(request: APIRequestContext) {
  const seller = await headersOf(request, SELLER);
  const tag = Date.now().toString(36);
  const email = `erase.me.${tag}@buyers.test`;
  const fullName = `Erin Erasable ${tag}`;
  const some = await getJson<Page1<{ id: string }>>(request, seller, '/api/orders?limit=20');
  let sku = '';
  for (const o of some.data) {
    const detail = await getJson<{ data: { items: { sku: string; catalogVariantCode: string | null }[] } }>(request, seller, `/api/orders/${o.id}`);
    sku = detail.data.items.find((i) => i.catalogVariantCode)?.sku ?? '';
    if (sku) break;
  }
  expect(sku, 'a SKU of the seller’s agency').not.toBe('');
  const csv = [
    'Name,Email,Lineitem quantity,Lineitem price,Lineitem sku,Shipping Name,Shipping Address1,Shipping City,Shipping Zip,Shipping Province,Shipping Country',
    ...[1, 2].map((n) => `#ERASE-${tag}-${n},${email},1,24.00,${sku},${fullName},${n} Forget Lane,Boston,'02134,MA,US`),
  ].join('\n');
  const upload = await request.post('/api/orders/import/csv', { headers: seller, multipart: { file: { name: `erase-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } } });
  expect(upload.status(), await upload.text()).toBe(202);
  // The import and the linking of its buyers run as jobs.
  let customer: Customer | undefined;
  await expect
    .poll(async () => (customer = (await getJson<Page1<Customer>>(request, seller, `/api/customers?search=${encodeURIComponent(email)}`)).data[0])?.ordersCount ?? 0, { timeout: 30_000 })
    .toBe(2);
  const orders = await getJson<Page1<CustomerOrder>>(request, seller, `/api/customers/${customer!.id}/orders?limit=10`);
  const cancel = await request.post('/api/orders/cancel', { headers: seller, data: { ids: [orders.data[0]!.id], reason: 'The buyer changed their mind' } });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  return { id: customer!.id, fullName, email };
}

test('the seller exports a buyer\u2019s data, then erases it: the closed order now, the open one when it closes', async ({ page, request }, testInfo) => {
  test.slow();
  const buyer = await importedBuyer(request);

  await signIn(page, SELLER);
  await page.goto(`/cms/s/customers?customer=${buyer.id}`);
  const drawer = page.getByRole('dialog').filter({ hasText: buyer.email });
  const erase = drawer.getByRole('button', { name: 'Erase personal data' });
  await expect(erase).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, '6-seller-drawer-privacy');

  // Export data: the JSON file of the customer and its two orders.
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Export data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^customer-data-${buyer.id}-\\d{8}-\\d{6}\\.json$`));
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { customer: { email: string }; orders: { orderName: string; status: string }[] };
  expect(data.customer.email).toBe(buyer.email);
  expect(data.orders.map((o) => o.status).sort()).toEqual(['Cancel', 'Unfulfilled']);

  // Erase: the confirmation says what happens before anything does.
  await erase.click();
  const confirm = page.getByRole('dialog', { name: `Erase the personal data of ${buyer.fullName}?` });
  await expect(confirm).toContainText('Its open orders keep their details until they close');
  await expect(confirm).toContainText('This cannot be undone.');
  await expectAccessible(page);
  await shot(page, testInfo, '7-seller-erase-confirm');
  await confirm.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(toast(page, 'Erased 1 order; 1 open order waits until it closes')).toBeVisible();
  await expect(confirm).toBeHidden();
  // The drawer says so and now holds the open order only; the customer stays in the list until it closes.
  await expect(drawer.getByRole('alert')).toContainText('Erased 1 order; 1 open order waits until it closes');
  await expect(drawer.getByRole('region', { name: 'Orders of the customer' }).locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, testInfo, '8-seller-erased');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Search').fill(buyer.email);
  await expect(table(page).getByRole('button', { name: buyer.fullName, exact: true })).toBeVisible();
});

