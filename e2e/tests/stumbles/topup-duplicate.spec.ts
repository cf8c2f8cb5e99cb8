import { test, expect, signIn, pickOption, clickUntil, expectAccessible } from '../../support/fixtures';
import { headersOf } from '../../support/api';

/**
 * Issue 12: an agency top-up with a transaction id the team already used warns and asks before a
 * second one is created. Pending deposits on a team the money journeys do not count on.
 */
const TEAM = 'Paw Prints Co';

test('a top-up with a used transaction id asks first, and is created once confirmed', async ({ page, request }) => {
  test.slow();
  const headers = await headersOf(request, 'agency@demo.test');
  const teams = (await (await request.get('/api/deposits/teams', { headers })).json()) as { data: { id: string; name: string }[] };
  const teamId = teams.data.find((t) => t.name === TEAM)!.id;
  const tx = `E2E-DUP-${Math.random().toString(36).slice(2, 8)}`;
  const first = await request.post(`/api/deposits/seller-teams/${teamId}`, {
    headers,
    data: { amount: 3, payWith: 'Payoneer', transactionId: tx, note: 'First entry', status: 'pending', isCashback: false },
  });
  expect(first.status()).toBe(201);

  await signIn(page, 'agency@demo.test');
  await page.goto(`/cms/ag/sellers/${teamId}`);
  const card = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Deposits History' }) });
  const dialog = page.getByRole('dialog', { name: /Topup/ });
  await clickUntil(card.getByRole('button', { name: 'Topup' }), async () => expect(dialog).toBeVisible({ timeout: 2000 }));
  await dialog.getByLabel('Amount ($)').fill('3');
  await pickOption(page, dialog.getByLabel('Pay with'), 'Payoneer');
  await dialog.getByLabel('Transaction ID').fill(tx.toLowerCase());
  await dialog.getByLabel('Note').fill('Entered again');
  await dialog.getByRole('radio', { name: 'Pending' }).check();
  await dialog.getByRole('radio', { name: 'Topup' }).check();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('dialog', { name: 'Confirm topup' }).getByRole('button', { name: 'Confirm' }).click();

  const question = page.getByRole('dialog', { name: 'Transaction ID already used' });
  await expect(question).toContainText(`already has a deposit with transaction ID ${tx.toLowerCase()}`);
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Create anyway' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();

  const list = (await (await request.get(`/api/deposits/seller-teams/${teamId}?transactionId=${tx}&limit=10`, { headers })).json()) as { data: unknown[] };
  expect(list.data).toHaveLength(2);
});
