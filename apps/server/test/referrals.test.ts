import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { deposits, sellerTeams, users } from '../src/db/schema/index';
import { creditReferral } from '../src/modules/money/referral-credit';

const t = useApiTest();
const { call } = t;

const { SELLER, OWNER: AGENCY } = PERSONA;

async function team(name: string) {
  const [row] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.name, name));
  return row!;
}
async function teamOf(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  const [row] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.id, u!.sellerTeamId!));
  return row!;
}
/** An approved top-up of `teamId` and the referral it earns (what the deposits approval does). */
async function approvedTopup(teamId: string, cents: number) {
  const referred = (await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.id, teamId)))[0]!;
  await t.database.db.transaction(async (tx) => {
    const [d] = await tx
      .insert(deposits)
      .values({ agencyId: referred.agencyId, sellerTeamId: teamId, amountCents: cents, payWith: 'Payoneer', transactionId: `T${Date.now()}`, status: 'approved', requestedBy: 'agency' })
      .returning();
    await creditReferral(tx, { referredTeamId: teamId, depositId: d!.id, amountCents: cents, actorId: null });
  });
}

describe('who may read referrals', () => {
  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/referrals' })).statusCode).toBe(401);
  });
  it.each([PERSONA.STAFF, PERSONA.ACCOUNTING, PERSONA.SUPPORT, SELLER, PERSONA.ADMIN])('%s may not read the agency list (403)', async (email) => {
    expect((await call(email, 'GET', '/api/referrals')).status).toBe(403);
  });
  it.each([PERSONA.SELLER_ACCOUNTING, PERSONA.SELLER_DESIGNER, AGENCY, PERSONA.STAFF])('%s may not read /api/referrals/mine (403)', async (email) => {
    expect((await call(email, 'GET', '/api/referrals/mine')).status).toBe(403);
  });
});

describe('referral listing and earnings', () => {
  it('lists the referred teams with their referrer and what it earned from them', async () => {
    const referrer = await teamOf(SELLER);
    const paw = await team('Paw Prints Co');
    const retro = await team('Retro Tees Lab');
    await t.database.db.update(sellerTeams).set({ rate: '5.00' }).where(eq(sellerTeams.id, referrer.id));
    await t.database.db.update(sellerTeams).set({ referralFromId: referrer.id }).where(eq(sellerTeams.id, paw.id));
    await t.database.db.update(sellerTeams).set({ referralFromId: referrer.id }).where(eq(sellerTeams.id, retro.id));

    const mineBefore = await call(SELLER, 'GET', '/api/referrals/mine');
    const listBefore = await call(AGENCY, 'GET', '/api/referrals?limit=200');
    const earnedBefore = (id: string) =>
      listBefore.body.data.find((r: { referredTeam: { id: string } }) => r.referredTeam.id === id)?.earned ?? 0;
    const mineEarnedBefore = (name: string) =>
      mineBefore.body.data.find((r: { team: { name: string } }) => r.team.name === name)?.earned ?? 0;
    await approvedTopup(paw.id, 10_000); // 5 % of $100 = $5.00
    await approvedTopup(paw.id, 2_999); // 5 % of $29.99 = $1.4995 -> $1.49
    await approvedTopup(retro.id, 1_000); // $0.50

    const res = await call(AGENCY, 'GET', '/api/referrals?limit=200');
    expect(res.status).toBe(200);
    const row = res.body.data.find((r: { referredTeam: { id: string } }) => r.referredTeam.id === paw.id);
    expect(row).toMatchObject({
      referredTeam: { id: paw.id, name: 'Paw Prints Co', code: paw.code },
      referrer: { id: referrer.id, name: 'Demo Seller', code: referrer.code, rate: 5 },
    });
    expect(Math.round((row.earned - earnedBefore(paw.id)) * 100)).toBe(649);
    const retroRow = res.body.data.find((r: { referredTeam: { id: string } }) => r.referredTeam.id === retro.id);
    expect(Math.round((retroRow.earned - earnedBefore(retro.id)) * 100)).toBe(50);

    const search = await call(AGENCY, 'GET', '/api/referrals?search=paw prints');
    expect(search.body.data.map((r: { referredTeam: { id: string } }) => r.referredTeam.id)).toEqual([paw.id]);
    const byReferrer = await call(AGENCY, 'GET', `/api/referrals?search=${referrer.code}`);
    expect(byReferrer.body.total).toBeGreaterThanOrEqual(2);

    // Another agency sees none of them.
    const other = await call(PERSONA.OTHER_OWNER, 'GET', '/api/referrals?limit=200');
    expect(other.status).toBe(200);
    expect(other.body.data.some((r: { referredTeam: { id: string } }) => [paw.id, retro.id].includes(r.referredTeam.id))).toBe(false);

    const mine = await call(SELLER, 'GET', '/api/referrals/mine');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      referralCode: referrer.referralCode,
      referralLink: `http://localhost:3000/cms/auth/register?r=${referrer.referralCode}`,
      rate: 5,
    });
    expect(Math.round((mine.body.totalEarned - mineBefore.body.totalEarned) * 100)).toBe(699);
    const names = mine.body.data.map((r: { team: { name: string } }) => r.team.name);
    expect(names).toEqual(expect.arrayContaining(['Paw Prints Co', 'Retro Tees Lab']));
    const pawMine = mine.body.data.find((r: { team: { name: string } }) => r.team.name === 'Paw Prints Co');
    expect(pawMine.team.code).toBe(paw.code);
    expect(Math.round((pawMine.earned - mineEarnedBefore('Paw Prints Co')) * 100)).toBe(649);

    // Soft-deleted referred teams leave both lists.
    await t.database.db.update(sellerTeams).set({ deletedAt: new Date() }).where(eq(sellerTeams.id, retro.id));
    expect((await call(AGENCY, 'GET', `/api/referrals?search=Retro Tees`)).body.total).toBe(0);
    expect((await call(SELLER, 'GET', '/api/referrals/mine')).body.data.some((r: { team: { name: string } }) => r.team.name === 'Retro Tees Lab')).toBe(false);
    await t.database.db.update(sellerTeams).set({ deletedAt: null }).where(eq(sellerTeams.id, retro.id));
  });

  it('the referral earning shows in the referrer profit, held for its pending days', async () => {
    const referrer = await teamOf(SELLER);
    const paw = await team('Paw Prints Co');
    const before = (await call(SELLER, 'GET', '/api/profits/summary')).body;
    await approvedTopup(paw.id, 20_000); // $10.00
    const after = (await call(SELLER, 'GET', '/api/profits/summary')).body;
    expect(Math.round((after.totalHold - before.totalHold) * 100)).toBe(1000);
    expect(after.remainProfit).toBe(before.remainProfit);
    const entries = await call(SELLER, 'GET', '/api/profits?type=referral');
    expect(entries.body.data[0]).toMatchObject({ type: 'referral', amount: 10, state: 'Hold' });
    expect(referrer.pendingPayoutDays).toBe(2);
  });

  it('an agency without referred teams gets an empty list; a team with none gets no rows', async () => {
    const res = await call(PERSONA.OTHER_SELLER, 'GET', '/api/referrals/mine');
    expect(res.status).toBe(200);
    expect(res.body.referralLink).toMatch(/\/cms\/auth\/register\?r=/);
  });
});
