import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, clickUntil, logOut, pickOption, signIn } from './fixtures';
import { fakeControl } from './shopify';

/**
 * Steps that every journey through a linked Shopify shop (the local fake) takes the same way: the seller syncs the
 * shop's products from the Products page, waits for a shop order to reach an order list, and the agency approves it.
 */

/** The seller's Products page: "Sync products" for one store, confirmed by the toast, the dialog closed. */
export async function syncStoreProducts(page: Page, storeName: string) {
  await page.goto('/cms/s/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const sync = page.getByRole('dialog', { name: 'Sync products' });
  await clickUntil(page.getByRole('button', { name: 'Sync products' }), async () => expect(sync).toBeVisible({ timeout: 2000 }));
  await pickOption(page, sync.getByRole('combobox', { name: 'Store' }), storeName);
  await sync.getByRole('button', { name: 'Sync' }).click();
  await expect(page.locator('.ant-message').getByText('Products synced').last()).toBeVisible();
  await sync.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(sync).toHaveCount(0);
}

export interface ArrivingOrder {
  /** The list it shows on: the seller's or the agency's. */
  area: 's' | 'ag';
  orderName: string;
  store: { id: string; shop: string };
  /** Headers of someone who may read the store's import log (its seller). */
  logReader: { authorization: string };
}

/**
 * Waits (reloading, never sleeping) for a shop's order to show on the order list searched on its name, and answers
 * its link. On a failure, what the shop sent and what the app made of it (the store's import log) are attached.
 */
export async function waitForShopOrder(page: Page, request: APIRequestContext, testInfo: TestInfo, order: ArrivingOrder): Promise<Locator> {
  await page.goto(`/cms/${order.area}/orders?search=${encodeURIComponent(order.orderName)}`);
  const link = page.getByRole('link', { name: order.orderName, exact: true });
  try {
    await expect(async () => {
      await page.reload();
      await expect(link).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 90_000 });
  } catch (error) {
    const sent = (await fakeControl<{ shop: string }[]>('GET', '/webhooks')).filter((d) => d.shop === order.store.shop);
    const log = await request.get(`/api/stores/${order.store.id}/import-log`, { headers: order.logReader });
    await testInfo.attach('deliveries.json', { body: JSON.stringify({ sent, importLog: await log.text() }, null, 2), contentType: 'application/json' });
    throw error;
  }
  return link;
}

/** The order page's title (its name and status). */
const orderTitle = (page: Page) => page.locator('h1.page-title');

/** Clicks an order's header action and the confirmation's own button (the last of that name: Cancel's dialog has two). */
export async function orderAction(page: Page, label: string) {
  const dialog = page.getByRole('dialog');
  await clickUntil(page.getByRole('button', { name: label, exact: true }).first(), async () => expect(dialog).toBeVisible({ timeout: 1000 }));
  await dialog.getByRole('button', { name: label, exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
}

/** The agency signs in, opens the order In Review and approves it (the approval charges the seller). */
export async function approveAsAgency(page: Page, orderId: string, agencyEmail: string) {
  await logOut(page);
  await signIn(page, agencyEmail);
  await page.goto(`/cms/ag/orders/${orderId}`);
  await expect(orderTitle(page)).toContainText('In Review');
  await orderAction(page, 'Approve');
  await expect(orderTitle(page)).toContainText('Approved');
}
