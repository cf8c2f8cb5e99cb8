import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { test, expect, pickOption, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';
import { approveAsAgency, orderAction, syncStoreProducts, waitForShopOrder } from '../../support/shop-journey';
import { createFakeOrder, fakeFulfillments, fakeShop, seedFakeProducts, signedInstallPath } from '../../support/shopify';

/**
 * The seller's whole store loop against the local Shopify fake (issue 15 item 9; docs/stores.md): the shop is
 * installed from Shopify's side and linked through the Welcome page, its products are synced and one is mapped
 * with artwork, the shop takes an order (orders/create reaches the app, whose job applies the order it carries), the
 * seller submits it, the agency approves (the wallet is charged), puts it in production and adds tracking, and
 * the shop then holds a fulfilment with that tracking number; the agency reads the delivery in the store's import log.
 * Jobs run in the e2e server: waits poll, never sleep.
 */
const SELLER = 'seller@demo.test';
const AGENCY = 'agency@demo.test';
const GILDAN = 'Gildan 5000 Unisex Heavy Cotton T-Shirt';
const ART = '/cms/demo/tshirt-white.svg';
/** Names of this run, so a retry on the same server finds no leftovers. */
const runTag = () => `${Date.now().toString(36)}${test.info().retry}`;
/** The newest toast saying this (older toasts linger on a loaded machine). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const header = (page: Page) => page.locator('h1.page-title');
const card = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: title }) });
const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

async function getJson<T>(request: APIRequestContext, headers: { authorization: string }, url: string): Promise<T> {
  const res = await request.get(url, { headers });
  expect(res.ok(), `GET ${url}`).toBe(true);
  return (await res.json()) as T;
}

interface OrderDetail {
  id: string;
  orderName: string;
  status: string;
  items: { sku: string; catalogVariantCode: string | null; needsMapping?: boolean }[];
  costs: { baseCost: number; shippingCost: number; charged: number };
}

/** What the journey made, for the step that waits on the shop (a serial describe: same worker, in order). */
const made = { shop: '', trackingNumber: '' };

test.describe.configure({ mode: 'serial' });

test('a shop installed from Shopify: products synced, one mapped with artwork, its order in, submitted, approved, shipped with tracking', async ({ page, request }, testInfo) => {
  const tag = runTag();
  const shop = `loop-${tag}.myshopify.com`;
  const orderName = `#LOOP-${tag}`;
  const trackingNumber = `LOOP-${tag}-TRK`.toUpperCase();
  Object.assign(made, { shop, trackingNumber });

  // 1. Installed from Shopify's side: Welcome, then the seller signs in and the shop is linked to the team.
  await page.goto(signedInstallPath(shop));
  await expect(page).toHaveURL(/\/cms\/auth\/sign-in-require/);
  await expect(page.getByText('Link your account now to complete store authorization')).toBeVisible();
  await page.getByRole('button', { name: 'Login with account' }).click();
  await page.getByLabel('Email').fill(SELLER);
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/cms\/s\/orders$/);
  await page.goto(`/cms/s/integrations?search=loop-${tag}`);
  await expect(page.getByRole('row').filter({ hasText: shop })).toContainText('Connected');
  await shot(page, testInfo, '1-store-connected');

  const seller = await headersOf(request, SELLER);
  const store = (await getJson<{ data: { id: string; name: string; shop: string | null }[] }>(request, seller, `/api/stores?search=loop-${tag}`)).data[0]!;
  expect(store).toBeTruthy();
  // A store order whose lines are all mapped is submitted for the team after the store's "delay before submit"
  // (0 by default: at once). A day's delay keeps the seller's own Submit the step this journey takes.
  const rules = await request.put(`/api/stores/${store.id}`, { headers: seller, data: { importRules: { submitDelayMinutes: 1440 } } });
  expect(rules.ok()).toBe(true);

  // 2. The shop has products; the seller syncs them from the Products page and sees them in the store's list.
  const [tee, other] = await seedFakeProducts(shop, 2, 2);
  await syncStoreProducts(page, store.name);
  await page.goto(`/cms/s/products?storeId=${store.id}`);
  await expect(page.getByRole('link', { name: tee!.title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: other!.title, exact: true })).toBeVisible();
  await shot(page, testInfo, '2-products-synced');

  // 3. The seller maps the first product to a catalog the agency offers, by name, with artwork on the sold variant.
  const product = (await getJson<{ data: { id: string; title: string }[] }>(request, seller, `/api/products?storeId=${store.id}&search=${encodeURIComponent(tee!.title)}`)).data.find(
    (p) => p.title === tee!.title,
  )!;
  expect(product).toBeTruthy();
  const sku = tee!.skus[0]!;
  await page.goto(`/cms/s/mapping-product/${product.id}`);
  await expect(page.getByRole('heading', { level: 2, name: tee!.title })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: sku, exact: true }) });
  await expect(row.getByText('Not mapped')).toBeVisible();
  // The catalog list is long (a virtual list): the seller types to narrow it, then picks.
  const catalog = page.getByRole('combobox', { name: 'Catalog', exact: true });
  await catalog.click();
  await catalog.fill('Gildan 5000');
  await pickOption(page, catalog, GILDAN);
  await expect(row.getByRole('combobox', { name: `Catalog variant of ${sku}` })).toBeEnabled();
  await page.getByRole('button', { name: 'Use name matches' }).click();
  await expect(toast(page, /matched by name/)).toBeVisible();
  await expect(row.getByText('Mapped, no artwork')).toBeVisible();
  const artwork = page.getByRole('dialog', { name: `Artwork of ${sku}` });
  await clickUntil(row.getByRole('button', { name: `Artwork of ${sku}` }), async () => expect(artwork).toBeVisible({ timeout: 2000 }));
  await artwork.getByRole('textbox', { name: 'Artwork 1', exact: true }).fill(ART);
  await expect(artwork.getByRole('img', { name: 'Artwork 1', exact: true })).toBeVisible();
  await artwork.getByRole('button', { name: 'Done' }).click();
  await expect(artwork).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Mapped')).toBeVisible();
  await expect(row.getByText('Mapped with artwork')).toBeVisible();
  await shot(page, testInfo, '3-product-mapped');

  // 4. The shop takes an order of the mapped variant: it shows in the seller's orders (the job reads it from the shop).
  // The shop sends orders/create only once the app subscribed (a job queued when the shop was linked).
  await expect
    .poll(async () => ((await fakeShop(shop))['subscriptions'] as { topic: string }[]).map((s) => s.topic), { message: 'the app subscribed to the shop\u2019s orders' })
    .toContain('ORDERS_CREATE');
  await createFakeOrder(shop, { name: orderName, lineItems: [{ sku, quantity: 1 }] });
  const orderLink = await waitForShopOrder(page, request, testInfo, { area: 's', orderName, store: { id: store.id, shop }, logReader: seller });
  const orderRow = page.getByRole('row').filter({ has: orderLink });
  await expect(orderRow).toContainText('Unfulfilled');
  await shot(page, testInfo, '4-order-in');
  await orderLink.click();
  await expect(page).toHaveURL(/\/cms\/s\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  const arrived = (await getJson<{ data: OrderDetail }>(request, seller, `/api/orders/${orderId}`)).data;
  expect(arrived.items).toHaveLength(1);
  const code = arrived.items[0]!.catalogVariantCode;
  expect(code, 'the line resolved through the mapping to a catalog variant').toBeTruthy();
  await expect(header(page)).toContainText(orderName);
  const items = card(page, 'Items');
  await expect(items).toContainText(sku);
  await expect(items).toContainText(code!);
  await expect(items.getByText('Needs mapping')).toHaveCount(0);
  await expect(items.getByRole('img', { name: `Artwork 1 of ${sku}` })).toBeVisible();
  await orderAction(page, 'Submit');
  await expect(header(page)).toContainText('In Review');
  await shot(page, testInfo, '5-order-submitted');

  // 5. The agency approves (the seller's wallet is charged), puts it in production and ships it with tracking.
  await approveAsAgency(page, orderId, AGENCY);
  // Priced from the team's base cost: approval charges the catalog variant's base cost and its shipping.
  const costs = (await getJson<{ data: OrderDetail }>(request, await headersOf(request, AGENCY), `/api/orders/${orderId}`)).data.costs;
  const charged = costs.charged;
  expect(costs.baseCost, 'the base cost snapshot taken at approval').toBeGreaterThan(0);
  expect(charged, 'approval charged the seller\u2019s wallet the base cost and shipping').toBeCloseTo(costs.baseCost + costs.shippingCost, 2);
  await expect(card(page, 'Costs')).toContainText(`$${charged.toFixed(2)}`);
  await shot(page, testInfo, '6-order-approved');
  await orderAction(page, 'Pick up');
  await expect(header(page)).toContainText('In Production');

  await page.goto(`/cms/ag/tracking/${orderId}`);
  const add = page.getByRole('dialog', { name: 'Add tracking' });
  await clickUntil(page.getByRole('button', { name: 'Add tracking' }), async () => expect(add).toBeVisible({ timeout: 1000 }));
  await add.getByLabel('Tracking number').fill(trackingNumber);
  await add.getByLabel('Carrier').fill('USPS');
  await add.getByRole('button', { name: 'Add tracking' }).click();
  await expect(add).toBeHidden();
  await expect(page.locator('h1 .ant-tag', { hasText: 'In Transit' })).toBeVisible();
  // A store order: its shipment waits for the store sync, never "No store" as a file order's does.
  await expect(page.getByText('No store')).toHaveCount(0);
  await shot(page, testInfo, '7-tracking-added');

  // 6. The agency reads the store's import log: the delivery, what it was about and what became of it.
  await page.goto(`/cms/ag/stores?search=loop-${tag}`);
  await page.getByRole('button', { name: `Import log of ${store.name}` }).click();
  const log = page.getByRole('dialog', { name: `Import log: ${store.name}` });
  const delivery = log.getByRole('row').filter({ hasText: `Order ${orderName}` });
  await expect(delivery).toContainText('orders/create');
  await expect(delivery).toContainText('Processed');
  await shot(page, testInfo, '8-import-log');
});

/** The tracking sync pushes the parcel to the shop (through STORE_FAKES_URL, as every platform call of this server). */
test('then the shop holds a fulfilment with that tracking number', async () => {
  expect(made.shop, 'the journey above ran in this worker').not.toBe('');
  await expect
    .poll(async () => (await fakeFulfillments(made.shop)).map((f) => f.trackingInfo.number), { timeout: 30_000, message: 'the shop holds a fulfilment with the tracking number' })
    .toContain(made.trackingNumber);
});
