import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, signIn, logOut, expectAccessible, pickOption, clickUntil } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/**
 * axe on this feature's part of a page another feature owns (the seller detail, /s/balance): the
 * host page's own findings belong to its tests.
 */
async function expectAccessibleWithin(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}
const CARD = '.deposits-history-card';
const DIALOG = '.ant-modal';

const usd = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const suffix = () => Math.random().toString(36).slice(2, 8);

/**
 * The team these journeys move money on: not Demo Seller, whose balance the invoices and payouts
 * journeys change at the same time (two workers share one server), so exact figures hold here.
 */
const TEAM = 'Mountain Mug Shop';
const MANAGER = 'mountain.mug.shop@sellers.test';

async function demoSeller(request: APIRequestContext) {
  const headers = await headersOf(request, 'agency@demo.test');
  const teams = (await (await request.get('/api/deposits/teams', { headers })).json()) as { data: { id: string; name: string }[] };
  const id = teams.data.find((t) => t.name === TEAM)!.id;
  const balance = (await (await request.get(`/api/balances/seller-teams/${id}`, { headers })).json()) as { amount: number };
  return { id, balance: balance.amount, headers };
}

async function confirmAction(page: Page, action: 'approve' | 'reject', row: ReturnType<Page['locator']>) {
  const item = page.getByRole('menuitem', { name: action === 'approve' ? 'Approve' : 'Reject' });
  const title = page.locator('.ant-modal-confirm-title', { hasText: `Are you sure to ${action} this record?` });
  // A click that lands while the menu is still animating in can be lost on a loaded machine (the menu
  // closes, no confirmation opens): open the menu and choose again, as a person would.
  await expect(async () => {
    if (await title.isVisible()) return;
    if (!(await item.isVisible())) await row.getByRole('button', { name: /Actions for/ }).click({ timeout: 2000 });
    await item.click({ timeout: 2000 });
    await expect(title).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

test('the agency owner tops up a seller from its detail page; the seller sees the new balance in the header', async ({ page, request }) => {
  test.slow();
  const team = await demoSeller(request);
  const amount = 37 + Math.floor(Math.random() * 90) / 100 + 0.01;
  const expected = Math.round((team.balance + amount) * 100) / 100;
  const tx = `E2E-${suffix()}`;

  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/sellers/${team.id}`);
  const card = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Deposits History' }) });
  await expect(card).toBeVisible();
  await expectAccessibleWithin(page, CARD);

  await clickUntil(card.getByRole('button', { name: 'Topup' }), async () => {
    await expect(page.getByRole('dialog', { name: 'Topup' })).toBeVisible({ timeout: 2000 });
  });
  const dialog = page.getByRole('dialog', { name: 'Topup' });
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue('1');
  // The spec's messages.
  await dialog.getByLabel('Transaction ID').fill('ab');
  await dialog.getByLabel('Note').fill('x');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Please input payWith')).toBeVisible();
  await expect(dialog.getByText('transactionId should be 3 to 50 length')).toBeVisible();
  await expect(dialog.getByText('note should be 2 to 500 length')).toBeVisible();
  await expect(dialog.getByText('Please input type')).toBeVisible();
  await expectAccessibleWithin(page, DIALOG);

  await dialog.getByLabel('Amount ($)').fill(String(amount));
  await pickOption(page, dialog.getByLabel('Pay with'), 'Payoneer');
  await dialog.getByLabel('Transaction ID').fill(tx);
  await dialog.getByLabel('Note').fill('E2E top-up from the detail page');
  await dialog.getByRole('radio', { name: 'Topup' }).check();
  await dialog.getByRole('button', { name: 'OK' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm topup' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(usd(team.balance), { exact: true })).toBeVisible();
  await expect(confirm.getByTestId('topup-new-balance')).toHaveText(usd(expected));
  await expectAccessibleWithin(page, DIALOG);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();

  const row = card.getByRole('row', { name: new RegExp(tx) });
  await expect(row).toContainText('Approved');
  await expect(row).toContainText(usd(amount));
  await expect(row.getByRole('link', { name: `View invoice of ${tx}` })).toHaveAttribute('href', /\/cms\/ag\/invoices\/[0-9a-f-]{36}$/);

  await logOut(page);
  await signIn(page, MANAGER);
  await expect(page.getByRole('banner')).toContainText(usd(expected));
});

test('a pending topup is approved from the card; cancelling says Cancel action!', async ({ page, request }) => {
  const team = await demoSeller(request);
  const tx = `E2E-P-${suffix()}`;
  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/sellers/${team.id}`);
  const card = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Deposits History' }) });
  await clickUntil(card.getByRole('button', { name: 'Topup' }), async () => {
    await expect(page.getByRole('dialog', { name: 'Topup' })).toBeVisible({ timeout: 2000 });
  });
  const dialog = page.getByRole('dialog', { name: 'Topup' });
  await dialog.getByLabel('Amount ($)').fill('5');
  await pickOption(page, dialog.getByLabel('Pay with'), 'Pingpong');
  await dialog.getByLabel('Transaction ID').fill(tx);
  await dialog.getByLabel('Note').fill('Pending cashback');
  await dialog.getByRole('radio', { name: 'Pending' }).check();
  await dialog.getByRole('radio', { name: 'Cashback' }).check();
  await dialog.getByRole('button', { name: 'OK' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm topup' });
  // Pending: the balance does not change.
  await expect(confirm.getByTestId('topup-new-balance')).toHaveText(usd(team.balance));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();

  // Filter the card by transaction id.
  await card.getByLabel('Transaction ID').fill(tx);
  const row = card.getByRole('row', { name: new RegExp(tx) });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Cashback');
  await expect(card.getByRole('row')).toHaveCount(2);

  await confirmAction(page, 'reject', row);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancel action!')).toBeVisible();
  await expect(row).toContainText('Pending');

  await confirmAction(page, 'approve', row);
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
});

test('a seller requests a top-up with the agency payment settings; the agency approves it on /ag/deposits', async ({ page, request }) => {
  test.slow();
  const team = await demoSeller(request);
  // The agency's payment settings as they are now (the settings journey may change them).
  const sellerHeaders = await headersOf(request, MANAGER);
  const payment = (await (await request.get('/api/deposits/payment-info', { headers: sellerHeaders })).json()) as { exchangeRate: number; topupContent: string };
  const tx = `E2E-R-${suffix()}`;

  await signIn(page, MANAGER);
  await page.goto('/cms/s/balance');
  await clickUntil(page.getByRole('button', { name: 'Top up' }), async () => {
    await expect(page.getByRole('dialog', { name: 'Request top-up' })).toBeVisible({ timeout: 2000 });
  });
  const dialog = page.getByRole('dialog', { name: 'Request top-up' });
  await expect(dialog).toContainText(`1 USD = ${Math.round(payment.exchangeRate).toLocaleString('en-US')} VND`);
  if (payment.topupContent) await expect(dialog).toContainText(payment.topupContent);
  await dialog.getByLabel('Amount ($)').fill('20');
  await expect(dialog.getByTestId('topup-vnd')).toHaveText(`${Math.round(20 * payment.exchangeRate).toLocaleString('en-US')} VND`);
  await pickOption(page, dialog.getByLabel('Pay with'), 'Bank transfer');
  await dialog.getByLabel('Transaction ID').fill(tx);
  await dialog.getByLabel('Note').fill('Bank transfer, see content');
  await expectAccessibleWithin(page, DIALOG);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText("Your top-up request was sent. It waits for the agency's approval.")).toBeVisible();
  await expect(dialog).toBeHidden();

  await logOut(page);
  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/deposits?status=pending&search=${tx}`);
  await expect(page.getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(tx) });
  await expect(row).toContainText(TEAM);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('by seller');
  await expectAccessible(page);

  await confirmAction(page, 'approve', row);
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  // The list filters pending: the approved row leaves it.
  await expect(row).toHaveCount(0);
  await page.goto(`/cms/ag/deposits?search=${tx}`);
  await expect(page.getByRole('row', { name: new RegExp(tx) })).toContainText('Approved');

  const after = (await (await request.get(`/api/balances/seller-teams/${team.id}`, { headers: team.headers })).json()) as { amount: number };
  expect(Math.round(after.amount * 100)).toBe(Math.round(team.balance * 100) + 2000);
});

test('/ag/deposits keeps its filters in the address; accounting may use it', async ({ page }) => {
  await signIn(page, 'accounting@demo.test');
  await page.goto('/cms/ag/deposits');
  await expect(page.getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
  await pickOption(page, page.getByLabel('Seller team'), 'Demo Seller (S1001)');
  await expect(page).toHaveURL(/sellerTeam=[0-9a-f-]{36}/);
  await pickOption(page, page.getByLabel('Status'), 'Approved');
  await expect(page).toHaveURL(/status=approved/);
  await pickOption(page, page.getByLabel('Pay with'), 'Payoneer');
  await expect(page).toHaveURL(/payWith=Payoneer/);
  await page.reload();
  await expect(page.getByLabel('Status').locator('xpath=..')).toHaveAttribute('title', 'Approved');
  await expectAccessible(page);
});
