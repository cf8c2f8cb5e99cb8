import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { sellerTeams, users } from '../src/db/schema/index';
import { postEntry } from '../src/modules/money/ledger';

const t = useApiTest();
const { call } = t;

const { SELLER } = PERSONA;
const DAY = 86_400_000;
const round = (n: number) => Math.round(n * 100) / 100;

async function teamOf(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!.sellerTeamId!;
}
let seq = 0;
async function post(teamId: string, cents: number, availableAt: Date, type: 'order_profit' | 'referral' | 'payout' = 'order_profit', description = 'Test profit') {
  const [team] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.id, teamId));
  const { entry } = await t.database.db.transaction((tx) =>
    postEntry(tx, {
      agencyId: team!.agencyId,
      sellerTeamId: teamId,
      account: 'profit',
      type,
      amountCents: cents,
      key: `test:profits:${++seq}:${Date.now()}`,
      description,
      actorId: null,
      availableAt,
    }),
  );
  return entry;
}
async function summary(email = SELLER) {
  const res = await call(email, 'GET', '/api/profits/summary');
  expect(res.status).toBe(200);
  return res.body as { remainProfit: number; totalAmountPaid: number; totalHold: number; totalProfit: number; pendingPayoutDays: number };
}

describe('who may read profits', () => {
  it.each([SELLER, PERSONA.SELLER_ACCOUNTING])('%s reads the summary', async (email) => {
    expect((await call(email, 'GET', '/api/profits/summary')).status).toBe(200);
  });
  it.each([PERSONA.SELLER_DESIGNER, PERSONA.SELLER_SUPPORT, PERSONA.OWNER, PERSONA.ACCOUNTING, PERSONA.ADMIN])(
    '%s may not read the summary (403)',
    async (email) => {
      expect((await call(email, 'GET', '/api/profits/summary')).status).toBe(403);
    },
  );
  it.each([PERSONA.SELLER_ACCOUNTING, PERSONA.SELLER_DESIGNER, PERSONA.OWNER, PERSONA.STAFF, PERSONA.SUPPLIER])(
    '%s may not read the entries nor the schedule (403)',
    async (email) => {
      expect((await call(email, 'GET', '/api/profits')).status).toBe(403);
      expect((await call(email, 'GET', '/api/profits/estimated')).status).toBe(403);
    },
  );
  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/profits/summary' })).statusCode).toBe(401);
  });
});

describe('profit figures', () => {
  it('summary: held profit counts in total and hold, not in remainProfit; payouts in paid', async () => {
    const teamId = await teamOf(SELLER);
    const before = await summary();
    expect(before.pendingPayoutDays).toBe(2);
    await post(teamId, 10_000, new Date(Date.now() - DAY));
    await post(teamId, 5_050, new Date(Date.now() + 2 * DAY));
    await post(teamId, -2_000, new Date(), 'payout', 'Payout test');
    const after = await summary();
    expect(round(after.totalProfit - before.totalProfit)).toBe(150.5);
    expect(round(after.totalHold - before.totalHold)).toBe(50.5);
    expect(round(after.remainProfit - before.remainProfit)).toBe(80);
    expect(round(after.totalAmountPaid - before.totalAmountPaid)).toBe(20);
    // The header's figure is the same remainProfit.
    expect((await call(SELLER, 'GET', '/api/profits/available')).body.remainProfit).toBe(after.remainProfit);
    // Another team's figures are untouched.
    const other = await summary(PERSONA.OTHER_SELLER);
    expect(other.totalProfit).toBeGreaterThanOrEqual(0);
  });

  it('lists the entries newest first with their state, running balance and filters', async () => {
    const teamId = await teamOf(SELLER);
    const held = await post(teamId, 1_234, new Date(Date.now() + 5 * DAY), 'order_profit', 'Held entry');
    const free = await post(teamId, 4_321, new Date(Date.now() - DAY), 'referral', 'Free entry');
    const res = await call(SELLER, 'GET', '/api/profits?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(2);
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual([free.id, held.id]);
    expect(res.body.data[0]).toMatchObject({ type: 'referral', amount: 43.21, state: 'Available', description: 'Free entry', balanceAfter: free.balanceAfterCents / 100 });
    expect(res.body.data[1]).toMatchObject({ type: 'order_profit', amount: 12.34, state: 'Hold', availableAt: held.availableAt.toISOString() });
    const referral = await call(SELLER, 'GET', '/api/profits?type=referral&limit=200');
    expect(referral.body.data.every((e: { type: string }) => e.type === 'referral')).toBe(true);
    expect(referral.body.data.some((e: { id: string }) => e.id === free.id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await call(SELLER, 'GET', `/api/profits?from=${today}&to=${today}&limit=200`);
    expect(todays.body.data.some((e: { id: string }) => e.id === held.id)).toBe(true);
    const future = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    expect((await call(SELLER, 'GET', `/api/profits?from=${future}`)).body.total).toBe(0);
    const past = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    expect((await call(SELLER, 'GET', `/api/profits?to=${past}&type=payout`)).body.data.every((e: { createdAt: string }) => e.createdAt < today)).toBe(true);
    expect((await call(SELLER, 'GET', '/api/profits?from=not-a-date')).status).toBe(400);
    expect((await call(SELLER, 'GET', '/api/profits?type=unknown')).status).toBe(400);
    // Another team's entries are never listed.
    const other = await call(PERSONA.OTHER_SELLER, 'GET', '/api/profits?limit=200');
    expect(other.body.data.some((e: { id: string }) => e.id === held.id || e.id === free.id)).toBe(false);
  });

  it('estimated profit: the held profit per release day, summing to totalHold', async () => {
    const teamId = await teamOf(SELLER);
    const d1 = new Date(Date.now() + 4 * DAY);
    const d2 = new Date(Date.now() + 9 * DAY);
    const before = await call(SELLER, 'GET', '/api/profits/estimated');
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const amountOn = (body: { data: { date: string; amount: number }[] }, d: Date) => body.data.find((x) => x.date === day(d))?.amount ?? 0;
    await post(teamId, 700, d1);
    await post(teamId, 300, d1);
    await post(teamId, 2_500, d2);
    const res = await call(SELLER, 'GET', '/api/profits/estimated');
    expect(res.status).toBe(200);
    expect(round(amountOn(res.body, d1) - amountOn(before.body, d1))).toBe(10);
    expect(round(amountOn(res.body, d2) - amountOn(before.body, d2))).toBe(25);
    const dates = res.body.data.map((x: { date: string }) => x.date);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.every((d: string) => d >= day(new Date()))).toBe(true);
    const sum = res.body.data.reduce((s: number, x: { amount: number }) => s + Math.round(x.amount * 100), 0) / 100;
    expect(sum).toBe(res.body.totalHold);
    expect(res.body.totalHold).toBe((await summary()).totalHold);
  });
});
