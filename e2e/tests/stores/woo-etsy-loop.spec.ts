import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { test, expect, signIn, clickUntil, expectAccessible, pickOption } from '../../support/fixtures';
import { headersOf } from '../../support/api';
import { etsyControl, wooControl } from '../../support/platform-fakes';

/**
 * Stores II end to end against the local WooCommerce and Etsy fakes (issue 16 item 7; docs/stores-woocommerce.md,
 * docs/stores-etsy.md, docs/publishing.md): the seller connects a WooCommerce store through its consent screen and an
 * Etsy shop through Etsy's approval, publishes a catalog product to the Etsy shop (a listing made already mapped), the
 * WooCommerce store's products are synced and mapped, the WooCommerce store's order arrives by its signed webhook and
 * the Etsy receipt of the published listing by "Sync now" (Etsy sends no order webhooks), each is submitted, approved, put in production
 * and shipped, and each platform then holds the tracking: WooCommerce in the order's shipment-tracking meta, Etsy as
 * a receipt shipment. Jobs run in the e2e server: waits poll, never sleep.
 */
const SELLER = 'seller@demo.test';
const AGENCY = 'agency@demo.test';
const GILDAN = 'Gildan 5000';
const ART = '/cms/demo/tshirt-white.svg';
const ADDRESS = { first_line: '5 Market Street', city: 'Austin', state: 'TX', zip: '73301', country_iso: 'US', name: 'Eve Etsy' };
const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

type Headers = { authorization: string };
async function api<T>(request: APIRequestContext, headers: Headers, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, headers, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

interface StoreRow {
  id: string;
  name: string;
  shopDomain: string | null;
  status: string;
}

/** The team's store of that shop, once connected. */
async function storeOf(request: APIRequestContext, seller: Headers, shopDomain: string): Promise<StoreRow> {
  let found: StoreRow | undefined;
  await expect.poll(async () => {
    found = (await api<{ data: StoreRow[] }>(request, seller, 'GET', '/api/stores?limit=100')).data.find((s) => s.shopDomain === shopDomain);
    return found?.status;
  }, { message: `the store ${shopDomain} is connected` }).toBe('connected');
  return found!;
}

/** Syncs the store's products, waits for the job, and maps them all to Gildan 5000 by option names, with artwork. */
async function syncAndMap(request: APIRequestContext, seller: Headers, storeId: string) {
  const sync = await api<{ jobId: string }>(request, seller, 'POST', `/api/stores/${storeId}/sync-products`);
  await expect.poll(async () => (await api<{ data: { status: string } }>(request, seller, 'GET', `/api/jobs/${sync.jobId}`)).data.status, { timeout: 60_000 }).toBe('done');
  const products = (await api<{ data: { id: string }[] }>(request, seller, 'GET', `/api/products?storeId=${storeId}&limit=50`)).data;
  expect(products.length, 'the shop\u2019s products were synced').toBeGreaterThan(0);
  const catalog = (await api<{ data: { id: string; name: string }[] }>(request, seller, 'GET', `/api/catalogs?limit=5&search=${encodeURIComponent(GILDAN)}`)).data[0]!;
  await api(request, seller, 'POST', '/api/mapping/products', { catalogId: catalog.id, productIds: products.map((p) => p.id), artwork1: ART });
}

/** The store's order of that external id, once it arrived. */
async function orderOfStore(request: APIRequestContext, seller: Headers, storeId: string, name: string): Promise<{ id: string; orderName: string }> {
  let found: { id: string; orderName: string } | undefined;
  await expect.poll(async () => {
    found = (await api<{ data: { id: string; orderName: string }[] }>(request, seller, 'GET', `/api/orders?storeId=${storeId}&search=${encodeURIComponent(name)}`)).data[0];
    return found?.orderName;
  }, { timeout: 60_000, message: `order ${name} arrived from the store` }).toBe(name);
  return found!;
}

/**
 * Submitted for the team as soon as it arrived (every line mapped, the store's delay before submit 0), approved and put
 * in production by the agency, shipped with tracking.
 */
async function shipWithTracking(request: APIRequestContext, seller: Headers, agency: Headers, orderId: string, trackingNumber: string) {
  const order = async () => (await api<{ data: { status: string; timeline: { message: string }[] } }>(request, seller, 'GET', `/api/orders/${orderId}`)).data;
  try {
    await expect.poll(async () => (await order()).status, { timeout: 60_000 }).toBe('InReview');
  } catch (error) {
    // What the order went through, for whoever reads the failure.
    throw new Error(`not submitted after the store’s delay; its timeline: ${(await order()).timeline.map((e) => e.message).join(' | ')}`, { cause: error });
  }
  await api(request, agency, 'POST', '/api/orders/approve', { ids: [orderId] });
  await api(request, agency, 'POST', '/api/orders/pickup', { ids: [orderId] });
  await api(request, agency, 'POST', `/api/tracking/${orderId}/shipments`, { trackingNumber, carrier: 'USPS' });
}

test('a seller connects WooCommerce and Etsy, receives an order from each, and each platform gets its tracking back', async ({ page, request }, testInfo) => {
  test.slow();
  const tag = `${Date.now().toString(36)}${test.info().retry}`;
  const seller = await headersOf(request, SELLER);
  const agency = await headersOf(request, AGENCY);

  // The merchant's WooCommerce store, with a product of two variations; an empty Etsy shop.
  // Order numbers of its own: a file order of the same name and items elsewhere in the run would be linked to it.
  const nextOrderNumber = 700_000 + Math.floor(Math.random() * 200_000);
  const woo = await wooControl<{ slug: string; storeUrl: string }>('POST', '/stores', { slug: `loop-${tag}`, name: `Woo Loop ${tag}`, currency: 'USD', nextOrderNumber });
  await wooControl('POST', `/stores/${woo.slug}/products`, { count: 1, variationsPerProduct: 2 });
  const etsy = await etsyControl<{ shopId: number; userId: number }>('POST', '/shops', { name: `EtsyLoop${tag}`, currency: 'USD' });
  await etsyControl('POST', '/connect-as', { userId: etsy.userId });

  // 1. WooCommerce through its consent screen: the store POSTs the keys to the app, the seller lands back connected.
  await signIn(page, SELLER);
  await page.goto('/cms/s/integrations');
  const wooDialog = page.getByRole('dialog', { name: 'Connect WooCommerce' });
  await clickUntil(page.getByRole('button', { name: 'Connect WooCommerce', exact: true }), async () => expect(wooDialog).toBeVisible({ timeout: 2000 }));
  await wooDialog.getByLabel('Store URL').fill(woo.storeUrl);
  await expectAccessible(page);
  await wooDialog.getByRole('button', { name: 'Continue to WooCommerce' }).click();
  await expect(page.locator('.ant-message').getByText('Store connected').last()).toBeVisible({ timeout: 30_000 });
  const wooStore = await storeOf(request, seller, woo.storeUrl);
  await shot(page, testInfo, '1-woocommerce-connected');

  // 2. Etsy through its approval (OAuth with PKCE): back on the Stores page, connected.
  const etsyDialog = page.getByRole('dialog', { name: 'Connect Etsy' });
  await clickUntil(page.getByRole('button', { name: 'Connect Etsy', exact: true }), async () => expect(etsyDialog).toBeVisible({ timeout: 2000 }));
  await expectAccessible(page);
  await etsyDialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.locator('.ant-message').getByText('Store connected').last()).toBeVisible({ timeout: 30_000 });
  const etsyStore = await storeOf(request, seller, String(etsy.shopId));
  await shot(page, testInfo, '2-etsy-connected');

  // 3. The seller publishes Gildan 5000 to the Etsy shop from the catalog: a listing with every variant at its retail
  // price and the artwork, already mapped here.
  const catalog = (await api<{ data: { id: string; name: string }[] }>(request, seller, 'GET', `/api/catalogs?limit=5&search=${encodeURIComponent(GILDAN)}`)).data[0]!;
  await page.goto(`/cms/s/catalogs/detail/${catalog.id}`);
  const publish = page.getByRole('dialog', { name: `Publish ${catalog.name} to a store` });
  await clickUntil(page.getByRole('button', { name: 'Publish to store' }), async () => expect(publish).toBeVisible({ timeout: 2000 }));
  await pickOption(page, publish.getByRole('combobox', { name: 'Store' }), `${etsyStore.name} (Etsy)`);
  await publish.getByLabel('Title').fill(`Loop Tee ${tag}`);
  await publish.getByRole('textbox', { name: /^Artwork for / }).first().fill(ART);
  await expectAccessible(page);
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publish.getByRole('link', { name: 'Open the published product' })).toBeVisible({ timeout: 60_000 });
  await shot(page, testInfo, '3-published-to-etsy');
  await publish.getByRole('link', { name: 'Open the published product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Loop Tee ${tag}` })).toBeVisible();
  const published = (await api<{ data: { id: string }[] }>(request, seller, 'GET', `/api/products?storeId=${etsyStore.id}&limit=5`)).data[0]!;
  const detail = (await api<{ data: { variants: { sku: string; mappingStatus: number }[] } }>(request, seller, 'GET', `/api/products/${published.id}`)).data;
  expect(detail.variants.every((v) => v.mappingStatus === 2), 'every published variant mapped with artwork').toBe(true);
  const etsySku = detail.variants[0]!.sku;
  const listing = await etsyControl<{ listings?: unknown[] }>('GET', `/shops/${etsy.shopId}`);
  expect(JSON.stringify(listing), 'the Etsy shop holds the listing with its SKUs').toContain(etsySku);

  // 4. The WooCommerce store's products synced and mapped (the mapping screens have their own journeys).
  await syncAndMap(request, seller, wooStore.id);

  // 5. The WooCommerce store takes an order: its signed order.created webhook reaches the app.
  const wooOrder = await wooControl<{ id: number; number: string }>('POST', `/stores/${woo.slug}/orders`, { lineItems: [{ sku: 'WOO1-BLACK-S', quantity: 1 }] });
  const fromWoo = await orderOfStore(request, seller, wooStore.id, `#${wooOrder.number}`);

  // 6. The Etsy shop sells the published listing: Etsy sends no webhook, the seller's "Sync now" reads it.
  const receipt = await etsyControl<{ receipt_id: number }>('POST', `/shops/${etsy.shopId}/receipts`, { transactions: [{ sku: etsySku, quantity: 1 }], address: ADDRESS });
  await page.goto(`/cms/s/integrations?search=${encodeURIComponent(etsyStore.name)}`);
  await page.getByRole('button', { name: `Import log of ${etsyStore.name}` }).click();
  const drawer = page.getByRole('dialog', { name: `Import log: ${etsyStore.name}` });
  await expect(drawer.getByRole('region', { name: 'Store health' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Sync now' }).click();
  const fromEtsy = await orderOfStore(request, seller, etsyStore.id, `#${receipt.receipt_id}`);
  await expect(drawer.getByText(/1 caught up/)).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByRole('row').filter({ hasText: `Order #${receipt.receipt_id}` })).toContainText('orders/pull');
  await expectAccessible(page);
  await shot(page, testInfo, '4-etsy-health-after-sync');

  // 7. Both orders shipped with tracking; each platform holds it.
  const wooTracking = `WOO-${tag}`.toUpperCase();
  const etsyTracking = `ETSY-${tag}`.toUpperCase();
  await shipWithTracking(request, seller, agency, fromWoo.id, wooTracking);
  await shipWithTracking(request, seller, agency, fromEtsy.id, etsyTracking);
  await expect
    .poll(async () => JSON.stringify(await wooControl('GET', `/stores/${woo.slug}/orders/${wooOrder.id}/tracking`)), { timeout: 60_000, message: 'the WooCommerce order holds the tracking' })
    .toContain(wooTracking);
  await expect
    .poll(async () => JSON.stringify(await etsyControl('GET', `/shops/${etsy.shopId}/shipments`)), { timeout: 60_000, message: 'the Etsy receipt holds the shipment' })
    .toContain(etsyTracking);

  // 8. The seller's orders show both, from their stores.
  await page.goto(`/cms/s/orders/${fromWoo.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(fromWoo.orderName);
  await shot(page, testInfo, '5-woocommerce-order-shipped');
});
