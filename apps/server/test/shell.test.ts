import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_THEME, MSG } from '@fbo/shared';
import { postEntry } from '../src/modules/money/ledger';
import { useApiTest } from './helpers/api';
import { products, users } from '../src/db/schema/index';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const { send } = t;

describe('GET /api/users/info', () => {
  it('describes a seller with its team and base cost', async () => {
    const res = await send(PERSONA.SELLER_ACCOUNTING, 'GET', '/api/users/info');
    expect(res.json().data).toMatchObject({
      email: 'seller-accounting@demo.test', userType: 'seller', authority: 'accounting', isSubUser: true,
      sellerTeam: { name: 'Demo Seller', basecost: { name: 'Standard' } },
    });
    expect(res.json().data).not.toHaveProperty('passwordHash');
  });
});

describe('PATCH /api/users/info', () => {
  it('changes the full name within 2 to 128 characters', async () => {
    const headers = await t.as(PERSONA.STAFF);
    const ok = await send(headers, 'PATCH', '/api/users/info', { fullName: 'Stella S. Staff' });
    expect(ok.statusCode).toBe(200);
    expect((await send(PERSONA.STAFF, 'GET', '/api/users/info')).json().data.fullName).toBe('Stella S. Staff');
    const short = await send(headers, 'PATCH', '/api/users/info', { fullName: 'S' });
    expect(short.statusCode).toBe(400);
  });

  it('changes the password with the current one, signing out other sessions', async () => {
    const email = PERSONA.SELLER_SUPPORT;
    const other = await t.as(email);
    const res = await send(other, 'PATCH', '/api/users/info', { action: 'reset_password', data: { oldPassword: 'wrong-one', newPassword: 'next-pass-1', confirmNewPassword: 'next-pass-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.currentPasswordWrong);
    const ok = await send(other, 'PATCH', '/api/users/info', { action: 'reset_password', data: { oldPassword: 'demo-password', newPassword: 'next-pass-1', confirmNewPassword: 'next-pass-1' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.updatePasswordSuccess);
    expect((await send(other, 'GET', '/api/users/info')).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${ok.json().access_token}` };
    expect((await send(fresh, 'GET', '/api/users/info')).statusCode).toBe(200);
  });
});

describe('notifications', () => {
  it('pages newest first with the unread count', async () => {
    const res = await send(PERSONA.OWNER, 'GET', '/api/push-notifications?page=1&limit=6');
    const body = res.json();
    expect(body.data).toHaveLength(6);
    expect(body.total).toBe(10);
    expect(body.unviewCount).toBe(4);
    const more = await send(PERSONA.OWNER, 'GET', '/api/push-notifications?page=1&limit=9');
    expect(more.json().data).toHaveLength(9);
  });

  it('marks read and unread', async () => {
    const headers = await t.as(PERSONA.SELLER);
    const list = (await send(headers, 'GET', '/api/push-notifications')).json();
    const target = list.data.find((n: { viewed: boolean }) => !n.viewed);
    const read = await send(headers, 'PATCH', `/api/push-notifications/${target.id}`, { viewed: true });
    expect(read.statusCode).toBe(200);
    expect((await send(headers, 'GET', '/api/push-notifications')).json().unviewCount).toBe(list.unviewCount - 1);
    await send(headers, 'PATCH', `/api/push-notifications/${target.id}`, { viewed: false });
    expect((await send(headers, 'GET', '/api/push-notifications')).json().unviewCount).toBe(list.unviewCount);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const headers = await t.as(PERSONA.SELLER);
    expect((await send(headers, 'PATCH', '/api/push-notifications/nope', { viewed: true })).statusCode).toBe(400);
    expect((await send(headers, 'PATCH', '/api/push-notifications/01936b2e-0000-7000-8000-000000000000', { viewed: true })).statusCode).toBe(404);
  });
});

describe('seller header figures', () => {
  it('reads balance and available profit from the team ledger, in dollars', async () => {
    const [seller] = await t.database.db.select().from(users).where(eq(users.email, PERSONA.SELLER));
    const team = { agencyId: seller!.agencyId!, sellerTeamId: seller!.sellerTeamId!, actorId: null, description: 'test' };
    const balance = (await send(PERSONA.SELLER, 'GET', '/api/balances/seller-teams')).json().amount as number;
    const remain = (await send(PERSONA.SELLER, 'GET', '/api/profits/available')).json().remainProfit as number;
    await t.database.db.transaction(async (tx) => {
      await postEntry(tx, { ...team, account: 'wallet', type: 'topup', amountCents: 123456, key: 'test:shell:wallet' });
      await postEntry(tx, { ...team, account: 'profit', type: 'order_profit', amountCents: 9999, key: 'test:shell:profit' });
      // Held profit (inside the pendingPayoutDays window) is not payable yet.
      await postEntry(tx, { ...team, account: 'profit', type: 'order_profit', amountCents: 5000, key: 'test:shell:held', availableAt: new Date(Date.now() + 86_400_000) });
    });
    expect((await send(PERSONA.SELLER_DESIGNER, 'GET', '/api/balances/seller-teams')).json().amount).toBeCloseTo(balance + 1234.56, 2);
    expect((await send(PERSONA.SELLER, 'GET', '/api/profits/available')).json().remainProfit).toBeCloseTo(remain + 99.99, 2);
    expect((await send(PERSONA.SELLER_DESIGNER, 'GET', '/api/profits/available')).statusCode).toBe(403);
    expect((await send(PERSONA.OWNER, 'GET', '/api/balances/seller-teams')).statusCode).toBe(403);
  });
});

describe('agency theme', () => {
  it('serves the public theme of the agency owning the host, defaults elsewhere', async () => {
    const demo = await send(null, 'GET', '/api/agencies/config/public', undefined, { host: 'localhost:3000' });
    expect(demo.json().data).toMatchObject({ title: 'Demo Fulfilment', primary: DEFAULT_THEME.primary });
    const other = await send(null, 'GET', '/api/agencies/config/public', undefined, { host: 'other.localhost' });
    expect(other.json().data).toMatchObject({ title: 'Other Fulfilment', primary: '#7c3aed' });
    const unknown = await send(null, 'GET', '/api/agencies/config/public', undefined, { host: 'unknown.example' });
    expect(unknown.json().data.title).toBe('Demo Fulfilment');
  });

  it("serves a signed-in seller its own agency's theme whatever the host", async () => {
    const res = await send(PERSONA.OTHER_SELLER, 'GET', '/api/agencies/config/public', undefined, { host: 'localhost' });
    expect(res.json().data.title).toBe('Other Fulfilment');
  });

  it('serves the full configuration to agency users only', async () => {
    const res = await send(PERSONA.SUPPORT, 'GET', '/api/agencies/config');
    expect(res.json().data).toMatchObject({ agencyName: 'Demo Fulfilment', info: DEFAULT_THEME.info });
    expect((await send(PERSONA.OTHER_OWNER, 'GET', '/api/agencies/config')).json().data.agencyName).toBe('Other Fulfilment');
    expect((await send(PERSONA.SELLER, 'GET', '/api/agencies/config')).statusCode).toBe(403);
  });
});

describe('public product page', () => {
  it('answers without a token, with sanitised HTML and prices in dollars', async () => {
    // The demo tee, mapped to Gildan 5000: shipUsFirst is the team's base-cost first-item shipping (public-products.test.ts).
    const [p] = await t.database.db.select().from(products).where(eq(products.title, 'Best Dog Dad Ever Classic T-Shirt'));
    await t.database.db
      .update(products)
      .set({ description: '<p onclick="steal()">Soft <b>cotton</b></p><script>alert(1)</script><img src="javascript:alert(1)">' })
      .where(eq(products.id, p!.id));
    const res = await send(null, 'GET', `/api/public/products/${p!.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.description).toBe('<p>Soft <b>cotton</b></p><img />');
    expect(data.options.map((o: { name: string }) => o.name)).toEqual(['Color', 'Size']);
    expect(data.variants[0]).toMatchObject({ option1: 'White', price: 24.95, shipUsFirst: 4.75 });
    expect(data.otherMockup.length).toBeGreaterThan(1);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await send(null, 'GET', '/api/public/products/01936b2e-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });
});
