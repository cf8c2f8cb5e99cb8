import type { Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, clickUntil } from '../../support/fixtures';
import { headersOf, ordersOf } from '../../support/api';

/**
 * The order detail (docs/orders.md, "Order detail", "Address check"): the agency approves, holds
 * and releases an order of Demo Seller; the seller fixes an invalid address. Orders are picked
 * through the API by status, never by hard-coded ids (the demo seed decides).
 */
type Row = { id: string; orderName: string; itemCount: number; cannotShip: boolean; addressStatus: number; status: string; sellerTeam: { name: string } };

const header = (page: Page) => page.locator('h1.page-title');
const card = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: title }) });

/** Clicks an action button of the header and the dialog's own button of the same name. */
async function act(page: Page, label: string, reason?: string) {
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: label, exact: true }).first(), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  if (reason) await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('the agency approves an order in review, holds it with a reason and releases it', async ({ page, request }) => {
  test.slow();
  const inReview = (await ordersOf<Row>(request, 'agency@demo.test', 'status=InReview&limit=200')).filter(
    (o) => o.sellerTeam.name === 'Demo Seller' && !o.cannotShip && o.itemCount > 0,
  );
  expect(inReview.length).toBeGreaterThan(0);
  // The last one: the lists journey bulk-acts on the first ones.
  const order = inReview[inReview.length - 1]!;

  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/orders/${order.id}`);
  await expect(header(page)).toContainText(`Order ${order.orderName}`);
  await expect(header(page)).toContainText('In Review');
  await expect(card(page, 'Items')).toBeVisible();
  await expectAccessible(page);

  await act(page, 'Approve');
  await expect(header(page)).toContainText('Approved');
  const timeline = card(page, 'Timeline').getByTestId('timeline-event');
  await expect(timeline.first()).toContainText('Approve');

  await act(page, 'Hold', 'Customer asked to wait');
  await expect(header(page)).toContainText('Hold');
  await expect(card(page, 'Order')).toContainText('Customer asked to wait');
  await expect(timeline.first()).toContainText('Hold');
  await expectAccessible(page);

  await act(page, 'Unhold');
  await expect(header(page)).toContainText('Approved');
  await expect(timeline.first()).toContainText('Unhold');
});

const GOOD_ZIP: Record<string, string> = { US: '10001', CA: 'M5V 2T6', GB: 'SW1A 1AA', AU: '2000', DE: '10115', FR: '75001' };

test('the seller fixes the invalid zip of an unfulfilled order and the address becomes Valid', async ({ page, request }) => {
  test.slow();
  const invalid = (await ordersOf<Row>(request, 'seller@demo.test', 'status=Unfulfilled&limit=200')).filter((o) => o.addressStatus === 0);
  expect(invalid.length).toBeGreaterThan(0);
  const order = invalid[0]!;
  const detail = await request.get(`/api/orders/${order.id}`, { headers: await headersOf(request, 'seller@demo.test') });
  const { countryCode } = ((await detail.json()) as { data: { countryCode: string } }).data;

  await signIn(page, 'seller@demo.test');
  await page.goto(`/cms/s/orders/${order.id}`);
  const address = card(page, 'Shipping address');
  await expect(address.locator('.ant-card-head')).toContainText('Invalid');
  await expect(address).toContainText('Zip code');
  await expectAccessible(page);

  const dialog = page.getByRole('dialog');
  await clickUntil(address.getByRole('button', { name: 'Edit' }), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  // A malformed zip only warns (a person may confirm it later); a good one clears the warning.
  await dialog.getByLabel('Zip code').fill('12');
  await expect(dialog.getByText(/not a valid|Zip code is required|may hold only/)).toBeVisible();
  await dialog.getByLabel('Zip code').fill(GOOD_ZIP[countryCode] ?? '10001');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(address.locator('.ant-card-head')).toContainText('Valid');
  await expect(card(page, 'Timeline').getByTestId('timeline-event').first()).toContainText('Address updated');
});

test('a designer opens a requested design read-only', async ({ page, request }) => {
  const designs = await ordersOf<Row>(request, 'designer@demo.test', 'hireDesign=true&limit=10');
  expect(designs.length).toBeGreaterThan(0);
  await signIn(page, 'designer@demo.test');
  await page.goto(`/cms/ds/orders/${designs[0]!.id}`);
  await expect(header(page)).toContainText(`Order ${designs[0]!.orderName || '____'}`);
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(card(page, 'Notes')).toHaveCount(0);
  await expectAccessible(page);
});

test('the seller replaces an unknown SKU through Edit items, then submits the order', async ({ page, request }) => {
  test.slow();
  const headers = await headersOf(request, 'seller@demo.test');
  type Detail = { id: string; orderName: string; cannotShip: boolean; items: { sku: string; catalogVariantCode: string | null }[] };
  const details: Detail[] = [];
  for (const o of await ordersOf<Row>(request, 'seller@demo.test', 'status=Unfulfilled&limit=200')) {
    details.push(((await (await request.get(`/api/orders/${o.id}`, { headers })).json()) as { data: Detail }).data);
  }
  const broken = details.find((d) => d.items.some((i) => i.catalogVariantCode === null));
  expect(broken, 'the seed holds an order with an SKU outside the catalogs').toBeTruthy();
  const goodSku = details.flatMap((d) => d.items).find((i) => i.catalogVariantCode)!.catalogVariantCode!;
  const line = broken!.items.findIndex((i) => i.catalogVariantCode === null);

  await signIn(page, 'seller@demo.test');
  await page.goto(`/cms/s/orders/${broken!.id}`);
  const items = card(page, 'Items');
  await expect(items).toContainText('Not in a catalog');

  const dialog = page.getByRole('dialog');
  await clickUntil(items.getByRole('button', { name: 'Edit items' }), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  const sku = dialog.getByLabel('SKU').nth(line);
  await sku.fill('NO-SUCH-SKU-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The server names the line: its message shows under that SKU field and the dialog stays open.
  await expect(dialog.getByText('Unknown SKU NO-SUCH-SKU-1: it is not in a catalog of your agency.').first()).toBeVisible();
  await expectAccessible(page);
  await sku.fill(goodSku);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(items).not.toContainText('Not in a catalog');
  await expect(items).toContainText(goodSku);

  if (!broken!.cannotShip) {
    await act(page, 'Submit');
    await expect(header(page)).toContainText(/In Review|Approved/);
  }
});
