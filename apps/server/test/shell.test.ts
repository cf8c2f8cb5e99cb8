import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_THEME, MSG } from '@fbo/shared';
import { postEntry } from '../src/modules/money/ledger';
import { createTestApp, type TestApp } from './helpers/app';
import { products, users } from '../src/db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const get = async (email: string, url: string) => t.app.inject({ url, headers: await t.as(email) });

describe('GET /api/users/info', () => {
  it('describes a seller with its team and base cost', async () => {
    const res = await get('seller-accounting@demo.test', '/api/users/info');
    expect(res.json().data).toMatchObject({
      email: 'seller-accounting@demo.test', userType: 'seller', authority: 'accounting', isSubUser: true,
      sellerTeam: { name: 'Demo Seller', basecost: { name: 'Standard' } },
    });
    expect(res.json().data).not.toHaveProperty('passwordHash');
  });
});

describe('PATCH /api/users/info', () => {
  it('changes the full name within 2 to 128 characters', async () => {
    const headers = await t.as('staff@demo.test');
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/users/info', headers, payload: { fullName: 'Stella S. Staff' } });
    expect(ok.statusCode).toBe(200);
    expect((await get('staff@demo.test', '/api/users/info')).json().data.fullName).toBe('Stella S. Staff');
    const short = await t.app.inject({ method: 'PATCH', url: '/api/users/info', headers, payload: { fullName: 'S' } });
    expect(short.statusCode).toBe(400);
  });

  it('changes the password with the current one, signing out other sessions', async () => {
    const email = 'seller-support@demo.test';
    const other = await t.as(email);
    const res = await t.app.inject({
      method: 'PATCH', url: '/api/users/info', headers: other,
      payload: { action: 'reset_password', data: { oldPassword: 'wrong-one', newPassword: 'next-pass-1', confirmNewPassword: 'next-pass-1' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.currentPasswordWrong);
    const ok = await t.app.inject({
      method: 'PATCH', url: '/api/users/info', headers: other,
      payload: { action: 'reset_password', data: { oldPassword: 'demo-password', newPassword: 'next-pass-1', confirmNewPassword: 'next-pass-1' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.updatePasswordSuccess);
    expect((await t.app.inject({ url: '/api/users/info', headers: other })).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${ok.json().access_token}` };
    expect((await t.app.inject({ url: '/api/users/info', headers: fresh })).statusCode).toBe(200);
  });
});

describe('notifications', () => {
  it('pages newest first with the unread count', async () => {
    const res = await get('agency@demo.test', '/api/push-notifications?page=1&limit=6');
    const body = res.json();
    expect(body.data).toHaveLength(6);
    expect(body.total).toBe(10);
    expect(body.unviewCount).toBe(4);
    const more = await get('agency@demo.test', '/api/push-notifications?page=1&limit=9');
    expect(more.json().data).toHaveLength(9);
  });

  it('marks read and unread', async () => {
    const headers = await t.as('seller@demo.test');
    const list = (await t.app.inject({ url: '/api/push-notifications', headers })).json();
    const target = list.data.find((n: { viewed: boolean }) => !n.viewed);
    const read = await t.app.inject({ method: 'PATCH', url: `/api/push-notifications/${target.id}`, headers, payload: { viewed: true } });
    expect(read.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/push-notifications', headers })).json().unviewCount).toBe(list.unviewCount - 1);
    await t.app.inject({ method: 'PATCH', url: `/api/push-notifications/${target.id}`, headers, payload: { viewed: false } });
    expect((await t.app.inject({ url: '/api/push-notifications', headers })).json().unviewCount).toBe(list.unviewCount);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const headers = await t.as('seller@demo.test');
    expect((await t.app.inject({ method: 'PATCH', url: '/api/push-notifications/nope', headers, payload: { viewed: true } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/push-notifications/01936b2e-0000-7000-8000-000000000000', headers, payload: { viewed: true } })).statusCode).toBe(404);
  });
});

describe('seller header figures', () => {
  it('reads balance and available profit from the team ledger, in dollars', async () => {
    const [seller] = await t.database.db.select().from(users).where(eq(users.email, 'seller@demo.test'));
    const team = { agencyId: seller!.agencyId!, sellerTeamId: seller!.sellerTeamId!, actorId: null, description: 'test' };
    const balance = (await get('seller@demo.test', '/api/balances/seller-teams')).json().amount as number;
    const remain = (await get('seller@demo.test', '/api/profits/available')).json().remainProfit as number;
    await t.database.db.transaction(async (tx) => {
      await postEntry(tx, { ...team, account: 'wallet', type: 'topup', amountCents: 123456, key: 'test:shell:wallet' });
      await postEntry(tx, { ...team, account: 'profit', type: 'order_profit', amountCents: 9999, key: 'test:shell:profit' });
      // Held profit (inside the pendingPayoutDays window) is not payable yet.
      await postEntry(tx, { ...team, account: 'profit', type: 'order_profit', amountCents: 5000, key: 'test:shell:held', availableAt: new Date(Date.now() + 86_400_000) });
    });
    expect((await get('seller-designer@demo.test', '/api/balances/seller-teams')).json().amount).toBeCloseTo(balance + 1234.56, 2);
    expect((await get('seller@demo.test', '/api/profits/available')).json().remainProfit).toBeCloseTo(remain + 99.99, 2);
    expect((await get('seller-designer@demo.test', '/api/profits/available')).statusCode).toBe(403);
    expect((await get('agency@demo.test', '/api/balances/seller-teams')).statusCode).toBe(403);
  });
});

describe('agency theme', () => {
  it('serves the public theme of the agency owning the host, defaults elsewhere', async () => {
    const demo = await t.app.inject({ url: '/api/agencies/config/public', headers: { host: 'localhost:3000' } });
    expect(demo.json().data).toMatchObject({ title: 'Demo Fulfilment', primary: DEFAULT_THEME.primary });
    const other = await t.app.inject({ url: '/api/agencies/config/public', headers: { host: 'other.localhost' } });
    expect(other.json().data).toMatchObject({ title: 'Other Fulfilment', primary: '#7c3aed' });
    const unknown = await t.app.inject({ url: '/api/agencies/config/public', headers: { host: 'unknown.example' } });
    expect(unknown.json().data.title).toBe('Demo Fulfilment');
  });

  it("serves a signed-in seller its own agency's theme whatever the host", async () => {
    const res = await t.app.inject({ url: '/api/agencies/config/public', headers: { ...(await t.as('other-seller@demo.test')), host: 'localhost' } });
    expect(res.json().data.title).toBe('Other Fulfilment');
  });

  it('serves the full configuration to agency users only', async () => {
    const res = await get('support@demo.test', '/api/agencies/config');
    expect(res.json().data).toMatchObject({ agencyName: 'Demo Fulfilment', info: DEFAULT_THEME.info });
    expect((await get('other-agency@demo.test', '/api/agencies/config')).json().data.agencyName).toBe('Other Fulfilment');
    expect((await get('seller@demo.test', '/api/agencies/config')).statusCode).toBe(403);
  });
});

describe('public product page', () => {
  it('answers without a token, with sanitised HTML and prices in dollars', async () => {
    const [p] = await t.database.db.select().from(products).limit(1);
    await t.database.db
      .update(products)
      .set({ description: '<p onclick="steal()">Soft <b>cotton</b></p><script>alert(1)</script><img src="javascript:alert(1)">' })
      .where(eq(products.id, p!.id));
    const res = await t.app.inject({ url: `/api/public/products/${p!.id}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.description).toBe('<p>Soft <b>cotton</b></p><img />');
    expect(data.options.map((o: { name: string }) => o.name)).toEqual(['Color', 'Size']);
    expect(data.variants[0]).toMatchObject({ option1: 'White', price: 24.95, shipUsFirst: 4.75 });
    expect(data.otherMockup.length).toBeGreaterThan(1);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await t.app.inject({ url: '/api/public/products/01936b2e-0000-7000-8000-000000000000' })).statusCode).toBe(404);
  });
});
