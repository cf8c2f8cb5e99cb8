import { toGrams, warehouseCharge, type SellerWarehouseItem } from '@fbo/shared';
import { test, expect, signIn, logOut, pickOption } from '../../support/fixtures';
import { headersOf } from '../../support/api';
import { createFakeOrder, fakeFulfillments, fakeShop } from '../../support/shopify';
import { approveAsAgency, orderAction, waitForShopOrder } from '../../support/shop-journey';
import {
  AGENCY, OPERATOR, SELLER, card, connectShopWithProduct, expectCells, fakeInventory, getJson, header, shot,
} from './warehouse-support';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * The warehouse journey of issue 17 (docs/warehouses.md), every step through the UI as its persona: the seller makes a
 * warehouse product and declares 20 units to Dallas (DAL); the warehouse counts them in; the seller maps a variant of
 * its Shopify shop (the local fake) to the product; the shop's order of it is approved by the agency (charged DAL's
 * fees, 1 reserved), shipped by the warehouse with tracking (on hand 19, reserved 0, the shop holds the fulfilment); a
 * second order approved then cancelled gives its reservation back; the shop's inventory of the variant follows DAL's
 * available units (the stock push). Names are the run's own, so a second run on the
 * same database meets no leftovers. Jobs run in the e2e server: waits poll, never sleep.
 */

/** Names of this run, so a retry on the same server finds no leftovers. */
const runTag = () => `${Date.now().toString(36)}${test.info().retry}`;
const WEIGHT_LB = 0.5;
const DAL_NAME = 'Dallas Fulfilment Center';

/** The DAL row of the product page's "Stock per warehouse": warehouse, on hand, reserved, available. */
async function expectProductLevel(page: Page, productPath: string, onHand: number, reserved: number) {
  await page.goto(productPath);
  const row = card(page, 'Stock per warehouse').getByRole('row').filter({ hasText: 'DAL' });
  await expectCells(row, ['DAL', String(onHand), String(reserved), new RegExp(`^${onHand - reserved}`)]);
}

/** The operator's (or owner's) DAL page, Stock tab searched on the SKU: on hand, reserved, available. */
async function expectWarehouseStock(page: Page, dalPath: string, sku: string, onHand: number, reserved: number) {
  await page.goto(`${dalPath}?search=${encodeURIComponent(sku)}`);
  const row = page.getByRole('row').filter({ hasText: sku });
  await expectCells(row, [null, String(onHand), String(reserved), String(onHand - reserved)]);
}

/** Waits for a shop's order to reach the persona's order list (seller or agency), opens it and answers its id. */
async function openArrivedOrder(page: Page, request: APIRequestContext, area: 's' | 'ag', orderName: string, store: { id: string; shop: string }): Promise<string> {
  const link = await waitForShopOrder(page, request, test.info(), { area, orderName, store, logReader: await headersOf(request, SELLER) });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/cms/${area}/orders/[0-9a-f-]{36}$`));
  return page.url().split('/').pop()!;
}

/** A store order whose lines are all mapped is submitted at once (the store's delay is 0): it reads In Review. */
async function expectInReview(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(header(page)).toContainText('In Review', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

test('a warehouse product stocked at DAL, its shop order approved, reserved, shipped with tracking; a cancel gives stock back', async ({ page, request }, testInfo) => {
  test.setTimeout(360_000);
  const tag = runTag();
  const shop = `wh-${tag}.myshopify.com`;
  const sku = `E2E-WH-${tag}`.toUpperCase();
  const name = `E2E journey mug ${tag}`;
  const storeTitle = `Warehouse journey tee ${tag}`;
  const orderName = `#WH-${tag}`;
  const secondName = `#WH2-${tag}`;
  const trackingNumber = `WH-${tag}-TRK`.toUpperCase();

  // 0. The seller's Shopify shop (the fake) is linked, with one product of the run synced (this signs the seller in).
  const { store, skus } = await connectShopWithProduct(page, request, shop, storeTitle);
  const variantSku = skus[0]!;

  // 1. The seller creates the warehouse product.
  await page.goto('/cms/s/products-warehouse/create');
  await expect(header(page)).toContainText('Create Warehouse Product');
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('spinbutton', { name: 'Weight', exact: true }).fill(String(WEIGHT_LB));
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/cms\/s\/products-warehouse\/update\/[0-9a-f-]{36}$/);
  const productPath = new URL(page.url()).pathname;
  await expect(header(page)).toContainText(`Update Warehouse Product: ${sku}`);
  await expect(card(page, 'Stock per warehouse')).toContainText('Not stocked in any warehouse yet');
  await shot(page, testInfo, '1-product-created');

  // 2. The seller declares 20 units of it to Dallas, from the DAL page.
  await page.goto('/cms/s/warehouses');
  await page.getByRole('link', { name: DAL_NAME, exact: true }).click();
  await expect(page).toHaveURL(/\/cms\/s\/warehouses\/[0-9a-f-]{36}$/);
  const dalPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Declare inbound shipment' }).click();
  const declare = page.getByRole('dialog').filter({ hasText: `Declare inbound shipment to ${DAL_NAME} (DAL)` });
  await expect(declare).toBeVisible();
  await declare.getByLabel('Carrier').fill('UPS');
  await declare.getByLabel('Tracking number').fill(`IN-${tag}`);
  const picker = declare.getByRole('combobox', { name: 'Product of line 1' });
  await picker.click();
  await picker.fill(sku);
  await pickOption(page, picker, `${sku} \u2014 ${name}`);
  await declare.getByRole('spinbutton', { name: 'Quantity of line 1' }).fill('20');
  await declare.getByRole('button', { name: 'Declare', exact: true }).click();
  await expect(declare).toHaveCount(0);
  const shipment = page.getByRole('dialog').filter({ hasText: /Inbound shipment IN-\d+/ });
  await expect(shipment).toContainText('Declared');
  const reference = /IN-\d+/.exec((await shipment.textContent()) ?? '')![0];
  await expectCells(shipment.getByRole('row').filter({ hasText: sku }), [sku, name, '20', '0']);
  await shot(page, testInfo, '2-inbound-declared');
  await page.keyboard.press('Escape');
  await expect(shipment).toHaveCount(0);

  // 3. The warehouse operator opens the shipment, receives 20: DAL holds 20 on hand.
  await logOut(page);
  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(/\/cms\/s\/orders-warehouse/);
  await page.goto(`${dalPath}?tab=inbound&search=${reference}`);
  await page.getByRole('button', { name: reference, exact: true }).click();
  const counting = page.getByRole('dialog').filter({ hasText: `Inbound shipment ${reference}` });
  await counting.getByRole('button', { name: 'Receive', exact: true }).click();
  await counting.getByRole('spinbutton', { name: `Units of ${sku} arrived now` }).fill('20');
  await counting.getByRole('button', { name: 'Save count' }).click();
  await expect(counting.getByRole('button', { name: 'Save count' })).toHaveCount(0);
  await expectCells(counting.getByRole('row').filter({ hasText: sku }), [sku, name, '20', '20', '0']);
  await expect(counting).toContainText('20 received of 20 declared');
  await shot(page, testInfo, '3-inbound-received');
  await expectWarehouseStock(page, dalPath, sku, 20, 0);
  await shot(page, testInfo, '3-dal-stock-20');

  // 4. The seller maps the shop's variant to the product (the update page's picker); the shop takes an order of it.
  await logOut(page);
  await signIn(page, SELLER);
  await expectProductLevel(page, productPath, 20, 0);
  const variants = card(page, 'Store variants it fulfils');
  await variants.getByRole('button', { name: 'Choose store variants' }).click();
  const picking = page.getByRole('dialog', { name: 'Store variants this product fulfils' });
  await picking.getByRole('searchbox', { name: 'Search store variants' }).fill(storeTitle);
  const option = picking.getByRole('row').filter({ hasText: variantSku });
  await expect(option).toContainText(store.name);
  await option.getByRole('checkbox').check();
  await expect(picking).toContainText('1 variant ticked.');
  await picking.getByRole('button', { name: 'Save' }).click();
  await expect(picking).toHaveCount(0);
  await expect(variants.getByRole('row').filter({ hasText: variantSku })).toContainText(storeTitle);
  await shot(page, testInfo, '4-variant-mapped');

  await expect
    .poll(async () => ((await fakeShop(shop))['subscriptions'] as { topic: string }[]).map((s) => s.topic), { message: 'the app subscribed to the shop\u2019s orders' })
    .toContain('ORDERS_CREATE');
  await createFakeOrder(shop, { name: orderName, lineItems: [{ sku: variantSku, quantity: 1 }] });
  const orderId = await openArrivedOrder(page, request, 's', orderName, { id: store.id, shop });
  // The line is the shop's variant (its SKU); the warehouse product it resolved to is not named on this card yet.
  await expect(card(page, 'Items')).toContainText(variantSku);
  await expectInReview(page);
  await shot(page, testInfo, '4-order-in');
  const seller = await headersOf(request, SELLER);
  const dal = (await getJson<{ data: SellerWarehouseItem[] }>(request, seller, '/api/seller-warehouses')).data.find((w) => w.code === 'DAL')!;

  // 5. The agency approves: Approved, charged DAL's fees (order fee + the weight band), 1 unit reserved.
  await approveAsAgency(page, orderId, AGENCY);
  const cents = (dollars: number) => Math.round(dollars * 100);
  const fees = {
    perOrderCents: cents(dal.fees.perOrder), perExtraUnitCents: cents(dal.fees.perExtraUnit), storagePerUnitMonthCents: cents(dal.fees.storagePerUnitMonth),
    shipping: dal.fees.shipping.map((b) => ({ method: b.method, country: b.country, upToGrams: b.upToGrams, cents: cents(b.price) })),
  };
  const agencyOrder = (await getJson<{ data: { countryCode: string; shippingMethod?: 'standard' | 'express' | 'overnight'; costs: { charged: number } } }>(
    request, await headersOf(request, AGENCY), `/api/orders/${orderId}`,
  )).data;
  const expected = warehouseCharge(fees, [{ quantity: 1, unitGrams: toGrams(WEIGHT_LB, 'lb') }], agencyOrder.shippingMethod ?? 'standard', agencyOrder.countryCode);
  expect(expected, 'DAL has a band for this parcel').not.toBeNull();
  expect(expected!.totalCents).toBeGreaterThan(0);
  expect(cents(agencyOrder.costs.charged), 'approval charged DAL\u2019s fees').toBe(expected!.totalCents);
  await expect(card(page, 'Costs').locator('.ant-descriptions-item').filter({ hasText: 'Charged' })).toContainText(`$${(expected!.totalCents / 100).toFixed(2)}`);
  await shot(page, testInfo, '5-order-approved');

  // 6. The warehouse sees it to pick (1 reserved at DAL), ships it with tracking: on hand 19, reserved 0.
  await logOut(page);
  await signIn(page, OPERATOR);
  await expectWarehouseStock(page, dalPath, sku, 20, 1);
  await page.goto(`/cms/s/orders-warehouse?search=${encodeURIComponent(orderName)}`);
  await expect(page.getByRole('tab', { name: /To pick/, selected: true })).toBeVisible();
  const queued = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderName, exact: true }) });
  await expect(queued).toContainText('DAL');
  await expect(queued).toContainText('1 / 1');
  await shot(page, testInfo, '6-to-pick');
  await queued.getByRole('link', { name: orderName, exact: true }).click();
  await expect(page).toHaveURL(/\/cms\/s\/orders-warehouse\/[0-9a-f-]{36}$/);
  await expect(header(page)).toContainText('To pick');
  await expect(card(page, 'Items (1 units)')).toContainText(sku);
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const ship = page.getByRole('dialog', { name: `Ship order ${orderName}` });
  await ship.getByLabel('Carrier').fill('USPS');
  await ship.getByLabel('Tracking number').fill(trackingNumber);
  await ship.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(ship).toHaveCount(0);
  await expect(header(page)).toContainText('Shipped');
  await expect(card(page, 'Shipments')).toContainText(trackingNumber);
  await shot(page, testInfo, '6-shipped');
  await expectWarehouseStock(page, dalPath, sku, 19, 0);
  await shot(page, testInfo, '6-dal-stock-19');
  await expect
    .poll(async () => (await fakeFulfillments(shop)).map((f) => f.trackingInfo.number), { timeout: 30_000, message: 'the shop holds a fulfilment with the tracking number' })
    .toContain(trackingNumber);
  // The stock push: the reservation moved DAL's available units to 19 (shipping moves none), and the shop shows them.
  await expect
    .poll(async () => (await fakeInventory(shop)).find((v) => v.sku === variantSku)?.available, { timeout: 30_000, message: 'the shop shows DAL\u2019s available units' })
    .toBe(19);

  // 7. A second order, approved by the agency (1 reserved) then cancelled by the seller: reserved back to 0.
  await createFakeOrder(shop, { name: secondName, lineItems: [{ sku: variantSku, quantity: 1 }] });
  await logOut(page);
  await signIn(page, AGENCY);
  const secondId = await openArrivedOrder(page, request, 'ag', secondName, { id: store.id, shop });
  await expectInReview(page);
  await orderAction(page, 'Approve');
  await expect(header(page)).toContainText('Approved');
  await logOut(page);
  await signIn(page, SELLER);
  await expectProductLevel(page, productPath, 19, 1);
  await shot(page, testInfo, '7-second-reserved');
  await page.goto(`/cms/s/orders/${secondId}`);
  await expect(header(page)).toContainText('Approved');
  await orderAction(page, 'Cancel');
  await expect(header(page)).toContainText('Cancel');
  await expectProductLevel(page, productPath, 19, 0);
  await shot(page, testInfo, '7-reservation-released');
  // The shop shows the units given back (the second approval pushed 18, the cancel 19; a push is absolute).
  await expect
    .poll(async () => (await fakeInventory(shop)).find((v) => v.sku === variantSku), { timeout: 30_000, message: 'the shop shows 19 again' })
    .toMatchObject({ available: 19, tracked: true });
});
