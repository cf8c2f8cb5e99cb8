import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, expectAccessible, pickOption, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/** The newest toast saying this (older toasts linger on a loaded machine). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
/**
 * Picks the option titled exactly `option` in the filter `name` and waits for the address to hold
 * it (pickOption matches text, and 'Connected' is inside 'Disconnected'); a pick lost while the
 * dropdown was still moving is tried again.
 */
async function pickFilter(page: Page, name: string, option: string, address: RegExp) {
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await page.getByRole('combobox', { name }).click({ timeout: 2000 });
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click({ timeout: 2000 });
    await expect(page).toHaveURL(address, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}
/** Names of this run, so a retry on the same server finds no leftovers. */
const runTag = () => `${Date.now().toString(36)}${test.info().retry}`;

interface StoreAnswer {
  data: { id: string; name: string; sellerTeam: { id: string; name: string; code: string } };
}

/** A manual store of Demo Seller's team, made through the API (the agency journeys read it). */
async function createStore(request: APIRequestContext, name: string) {
  const res = await request.post('/api/stores', { headers: await headersOf(request, 'seller@demo.test'), data: { platform: 'manual', name, currency: 'USD' } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as StoreAnswer).data;
}

async function deleteStore(request: APIRequestContext, id: string) {
  const res = await request.delete(`/api/stores/${id}`, { headers: await headersOf(request, 'seller@demo.test') });
  expect(res.ok()).toBe(true);
}

test('seller adds a manual store, edits its import rules, filters the list in the address, disconnects and deletes it', async ({ page }) => {
  test.slow();
  const tag = runTag();
  const name = `Manual ${tag}`;
  await signIn(page, 'seller@demo.test');
  await menu(page).getByRole('menuitem', { name: 'Stores' }).click();
  await expect(page).toHaveURL(/\/cms\/s\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
  await expectAccessible(page);

  // Add a manual store: the form's rule first.
  await clickUntil(page.getByRole('button', { name: 'Add manual store' }).first(), async () => {
    await expect(page.getByRole('dialog', { name: 'Add manual store' })).toBeVisible({ timeout: 2000 });
  });
  const add = page.getByRole('dialog', { name: 'Add manual store' });
  await expect(add.getByLabel('Currency')).toHaveValue('USD');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Please input store name')).toBeVisible();
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Currency').fill('eur');
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Store created')).toBeVisible();
  await expect(add).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Manual');
  await expect(row).toContainText('EUR');
  await expect(row).toContainText('Connected');

  // Its import rules: paid only off, a delay, one shipping line mapped to Express.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Import paid orders only')).toBeChecked();
  await edit.getByLabel('Import paid orders only').uncheck();
  await edit.getByLabel('Delay before submit (minutes)').fill('30');
  await edit.getByRole('button', { name: 'Add shipping line' }).click();
  await edit.getByLabel('Shipping line 1 title').fill('Free Shipping');
  await pickOption(page, edit.getByLabel('Shipping line 1 method'), 'Express');
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  await expect(edit).toBeHidden();
  // Opened again, it shows what the server kept (the title lower-cased, as the store's lines are matched).
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(edit.getByLabel('Import paid orders only')).not.toBeChecked();
  await expect(edit.getByLabel('Skip orders whose items are all ignored')).toBeChecked();
  await expect(edit.getByLabel('Delay before submit (minutes)')).toHaveValue('30');
  await expect(edit.getByLabel('Shipping line 1 title')).toHaveValue('free shipping');
  await expect(edit.getByLabel('Shipping line 1 method').locator('xpath=..')).toHaveAttribute('title', 'Express');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // Search (debounced, trimmed), platform and status live in the address and survive a reload.
  await page.getByLabel('Search').fill(`  ${tag} `);
  await expect(page).toHaveURL(new RegExp(`search=${tag}(&|$)`));
  await pickFilter(page, 'Platform', 'Manual', /platform=manual/);
  await pickFilter(page, 'Status', 'Connected', /status=connected/);
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue(tag);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toBeVisible();

  // Disconnect: what stays is said first.
  await page.getByRole('button', { name: `Disconnect ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Disconnect ${name}?` });
  await expect(confirm).toContainText('Its products, mappings and orders stay.');
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(toast(page, 'Store disconnected')).toBeVisible();
  // The status filter still says Connected: the store leaves the page.
  await expect(page.locator('.ant-empty-description', { hasText: 'No data' })).toBeVisible();
  await pickFilter(page, 'Status', 'Disconnected', /status=disconnected/);
  await expect(row).toContainText('Disconnected by the seller');
  await expect(page.getByRole('button', { name: `Disconnect ${name}` })).toHaveCount(0);

  // Delete: no order came from it.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Store deleted')).toBeVisible();
  await expect(page.locator('.ant-empty-description', { hasText: 'No data' })).toBeVisible();
});

test('Connect Shopify checks the shop, shows a refusal, goes to the approval address; the way back says Store connected', async ({ page, request }) => {
  test.slow();
  const store = await createStore(request, `Back from Shopify ${runTag()}`);
  await signIn(page, 'seller@demo.test');
  await page.goto('/cms/s/integrations');
  await clickUntil(page.getByRole('button', { name: 'Connect Shopify' }).first(), async () => {
    await expect(page.getByRole('dialog', { name: 'Connect Shopify' })).toBeVisible({ timeout: 2000 });
  });
  const dialog = page.getByRole('dialog', { name: 'Connect Shopify' });
  await expect(dialog.getByText('my-shop or my-shop.myshopify.com')).toBeVisible();
  await dialog.getByLabel('Shop').fill('not a shop!');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('Enter your Shopify shop, e.g. my-shop or my-shop.myshopify.com')).toBeVisible();
  await expectAccessible(page);

  // Whether this deployment has a Shopify app is the server's business: both answers are played here.
  const sent: string[] = [];
  let configured = false;
  await page.route('**/api/stores/shopify/connect', async (route) => {
    sent.push((route.request().postDataJSON() as { shop: string }).shop);
    await (configured
      ? route.fulfill({ json: { url: `/cms/s/integrations?connected=${store.id}` } })
      : route.fulfill({ status: 400, json: { message: 'Shopify is not set up on this platform yet: ask your agency' } }));
  });
  await dialog.getByLabel('Shop').fill(' My-Shop ');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(toast(page, 'Shopify is not set up on this platform yet: ask your agency')).toBeVisible();
  await expect(dialog).toBeVisible();
  configured = true;
  await dialog.getByRole('button', { name: 'Connect' }).click();
  // Shopify's callback lands back here with the store: toasted, marked, and the address cleaned.
  await expect(toast(page, 'Store connected')).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/s\/integrations$/);
  expect(sent).toEqual(['my-shop.myshopify.com', 'my-shop.myshopify.com']);
  await expect(page.getByRole('row', { name: new RegExp(store.name) }).locator('td.store-row-highlight').first()).toBeVisible();

  // A refused approval comes back as ?error=: shown until closed, the address cleaned.
  await page.goto('/cms/s/integrations?error=The%20shop%20refused%20the%20app');
  await expect(page.getByRole('alert').filter({ hasText: 'The shop refused the app' })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/s\/integrations$/);
  await expectAccessible(page);
  await deleteStore(request, store.id);
});

for (const persona of ['agency@demo.test', 'support@demo.test']) {
  test(`${persona} reads the sellers' stores in /ag/stores, filtered by seller team`, async ({ page, request }) => {
    test.slow();
    const store = await createStore(request, `Agency sees ${runTag()}`);
    const team = `${store.sellerTeam.name} (${store.sellerTeam.code})`;
    await signIn(page, persona);
    await menu(page).getByRole('menuitem', { name: 'Stores' }).click();
    await expect(page).toHaveURL(/\/cms\/ag\/stores$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(store.name) });
    await expect(row).toContainText(team);
    await expect(row).toContainText('Connected');
    // Read-only: a store is run by its seller.
    await expect(page.getByRole('button', { name: new RegExp(`(Edit|Disconnect|Delete) ${store.name}`) })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Connect Shopify' })).toHaveCount(0);
    // The owner may open the seller; customer support may not (/ag/sellers is not on its list).
    await expect(row.getByRole('link', { name: team })).toHaveCount(persona === 'agency@demo.test' ? 1 : 0);
    await expectAccessible(page);

    await pickFilter(page, 'Seller team', team, new RegExp(`sellerTeamId=${store.sellerTeam.id}`));
    await page.getByLabel('Search').fill(store.name);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toBeVisible();
    await deleteStore(request, store.id);
  });
}

test('seller-accounting has no Stores menu entry and is refused the page', async ({ page }) => {
  await signIn(page, 'seller-accounting@demo.test');
  await expect(menu(page).getByRole('menuitem', { name: 'Orders' })).toBeVisible();
  await expect(menu(page).getByRole('menuitem', { name: 'Stores' })).toHaveCount(0);
  await page.goto('/cms/s/integrations');
  await expect(page).toHaveURL(/\/cms\/no-access$/);
});
