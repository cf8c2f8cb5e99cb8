import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, logOut, clickUntil, expectAccessible } from '../../support/fixtures';
import { headersOf } from '../../support/api';
import { createFakeOrder } from '../../support/shopify';

/**
 * Turning a team's Get order API on (docs/stores.md, "Orders from stores"): the agency saves the switch and is
 * offered the orders the team's connected shop took while it was off (their deliveries were logged, not imported);
 * the pull runs as a job per store and brings them in. The journey makes its own seller team, so no other journey's
 * sign-ins or switches meet it, and a retry starts afresh.
 */
const AGENCY = 'agency@demo.test';
const PASSWORD = 'pull-pass-1';
const runTag = () => `${Date.now().toString(36)}${test.info().retry}`;
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last();

/**
 * A seller team of its own (no other journey signs in as its manager or changes its switch): made by the agency with
 * Get order API off, its manager's password set by the agency (Reset Password), as the Sellers page does.
 */
async function newTeam(request: APIRequestContext, tag: string) {
  const headers = await headersOf(request, AGENCY);
  const json = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  type Team = { id: string; name: string; basecost: { id: string }; referralCode: string; pendingPayoutDays: number };
  const groups = await json<{ id: string }[]>(await request.get('/api/seller-teams/filter?type=basecost', { headers }));
  const name = `Pull Team ${tag}`;
  const manager = `pull-${tag}@e2e.test`;
  const created = await json<Team>(await request.post('/api/seller-teams', { headers, data: { name, code: `PULL${tag}`.toUpperCase(), manager, basecost: groups[0]!.id } }));
  const members = await json<{ id: string }[]>(await request.get(`/api/seller-teams/${created.id}/members`, { headers }));
  expect((await request.patch(`/api/users/${members[0]!.id}/reset-password`, { headers, data: { password: PASSWORD, confirmPassword: PASSWORD } })).ok()).toBe(true);
  const team = await json<Team>(await request.get(`/api/seller-teams/${created.id}`, { headers }));
  const off = await request.put(`/api/seller-teams/${created.id}`, {
    headers,
    data: { name: team.name, basecost: team.basecost.id, referralCode: team.referralCode, pendingPayoutDays: team.pendingPayoutDays, getOrderAPI: false },
  });
  expect(off.ok()).toBe(true);
  return { name, manager };
}

test('turning Get order API on offers the orders the team\u2019s shop took while it was off, and pulls them', async ({ page, request }, testInfo) => {
  const tag = runTag();
  const shop = `pull-${tag}`;
  const domain = `${shop}.myshopify.com`;
  const orderName = `#PULL-${tag}`;
  const team = await newTeam(request, tag);

  // The seller connects its shop, which then takes an order: the delivery is logged with the reason, nothing imported.
  await signIn(page, team.manager, PASSWORD);
  await page.goto('/cms/s/integrations');
  await clickUntil(page.getByRole('button', { name: 'Connect Shopify' }).first(), async () => {
    await expect(page.getByRole('dialog', { name: 'Connect Shopify' })).toBeVisible({ timeout: 2000 });
  });
  await page.getByRole('dialog', { name: 'Connect Shopify' }).getByLabel('Shop').fill(shop);
  await page.getByRole('dialog', { name: 'Connect Shopify' }).getByRole('button', { name: 'Connect' }).click();
  await expect(toast(page, 'Store connected')).toBeVisible();
  await createFakeOrder(domain, { name: orderName, lineItems: [{ sku: `PULL-${tag}`, quantity: 1 }] });
  const login = await request.post('/api/auth/login', { data: { email: team.manager, password: PASSWORD } });
  const seller = { authorization: `Bearer ${(await login.json()).access_token}` };
  const stores = (await (await request.get(`/api/stores?search=${shop}`, { headers: seller })).json()).data as { id: string; shopDomain: string }[];
  const storeId = stores.find((s) => s.shopDomain === domain)!.id;
  await expect(async () => {
    const log = (await (await request.get(`/api/stores/${storeId}/import-log?topic=orders/create`, { headers: seller })).json()).data;
    expect(log[0]).toMatchObject({ status: 'ignored', note: 'Orders from stores are off for this seller team (Get order API): the order was not imported' });
  }).toPass({ timeout: 30_000 });
  await logOut(page);

  // The agency turns the switch on: the offer names the shop; the pull brings the order in.
  await signIn(page, AGENCY);
  await page.goto(`/cms/ag/sellers?search=${encodeURIComponent(team.name)}`);
  const row = page.getByRole('row', { name: new RegExp(team.name) }).first();
  await clickUntil(row.getByRole('button', { name: `Edit ${team.name}` }), async () => {
    await expect(page.getByRole('dialog', { name: 'Edit Seller' })).toBeVisible({ timeout: 2000 });
  });
  const edit = page.getByRole('dialog', { name: 'Edit Seller' });
  await expect(edit.getByRole('switch', { name: 'Get order API' })).not.toBeChecked();
  await edit.getByRole('switch', { name: 'Get order API' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated')).toBeVisible();
  const offer = page.getByRole('dialog', { name: 'Pull orders from the team\u2019s stores' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(`Get order API is on for ${team.name}`);
  await expect(offer.getByLabel('Orders updated since')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('team-pull-offer.png') });
  await offer.getByRole('button', { name: 'Pull orders' }).click();
  await expect(offer.getByText(/orders read: 1 created/)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('team-pull-done.png') });
  await offer.getByRole('button', { name: 'Close', exact: true }).locator('visible=true').last().click();
  await expect(offer).toBeHidden();

  await page.goto(`/cms/ag/orders?search=${encodeURIComponent(`PULL-${tag}`)}`);
  await expect(page.getByRole('row').filter({ hasText: `PULL-${tag}` }).first()).toBeVisible();
});
