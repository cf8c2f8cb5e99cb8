import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MONEY_MSG } from '@fbo/shared/domain/money';
import { PAYOUT_MSG } from '@fbo/shared/domain/payouts-extra';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { accounts, auditEntries, emailMessages, ledgerEntries, notifications, payouts, sellerTeams, users } from '../src/db/schema/index';
import { postEntry } from '../src/modules/money/ledger';

const t = useApiTest();
const { call } = t;

const { SELLER, OWNER: AGENCY, ACCOUNTING } = PERSONA;
const DAY = 86_400_000;

async function user(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!;
}
async function teamOf(email: string) {
  return (await user(email)).sellerTeamId!;
}
async function teamByName(name: string) {
  const [team] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.name, name));
  return team!;
}

let seq = 0;
/** Gives a team profit directly through the ledger (payable now unless availableAt says otherwise). */
async function giveProfit(teamId: string, cents: number, availableAt = new Date(Date.now() - 60_000)) {
  const [team] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.id, teamId));
  await t.database.db.transaction((tx) =>
    postEntry(tx, {
      agencyId: team!.agencyId,
      sellerTeamId: teamId,
      account: 'profit',
      type: 'order_profit',
      amountCents: cents,
      key: `test:profit:${teamId}:${Date.now()}:${++seq}`,
      description: 'Test order profit',
      actorId: null,
      availableAt,
    }),
  );
}

async function summary(email = SELLER) {
  const res = await call(email, 'GET', '/api/profits/summary');
  expect(res.status).toBe(200);
  return res.body as { remainProfit: number; totalAmountPaid: number; totalHold: number; totalProfit: number };
}
async function pendingSum(teamId: string) {
  const [row] = await t.database.db
    .select({ s: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::bigint` })
    .from(payouts)
    .where(and(eq(payouts.sellerTeamId, teamId), eq(payouts.status, 0)));
  return Number(row!.s) / 100;
}
/** What the demo seller may still request (dollars). */
async function requestable(teamId: string) {
  const s = await summary();
  return Math.round((s.remainProfit - (await pendingSum(teamId))) * 100) / 100;
}
const round = (n: number) => Math.round(n * 100) / 100;

/** Every profit account balance equals the sum of its entries. */
async function expectLedgerConsistent() {
  const rows = await t.database.db.execute<{ id: string; balance: number; total: number }>(sql`
    select a.id, a.balance_cents::bigint as balance, coalesce(sum(e.amount_cents), 0)::bigint as total
    from ${accounts} a left join ${ledgerEntries} e on e.account_id = a.id group by a.id, a.balance_cents`);
  const list = ((rows as unknown as { rows?: unknown[] }).rows ?? rows) as { balance: number; total: number }[];
  for (const r of list) expect(Number(r.balance)).toBe(Number(r.total));
}

function body(amount: number, extra: object = {}) {
  return { amount, paymentType: 'paypal', paymentValue: 'sofia@paypal.test', billName: 'Sofia Seller', note: 'Monthly payout', ...extra };
}
async function createRequest(amount: number, extra: object = {}, headers: Record<string, string> = {}) {
  const teamId = await teamOf(SELLER);
  return call(SELLER, 'POST', `/api/seller-teams/${teamId}/payout-request/create`, body(amount, extra), headers);
}

describe('who may use payouts', () => {
  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/payouts' })).statusCode).toBe(401);
  });

  it.each([PERSONA.SELLER_ACCOUNTING, PERSONA.SELLER_DESIGNER, PERSONA.SELLER_SUPPORT, AGENCY, ACCOUNTING, PERSONA.ADMIN, PERSONA.SUPPLIER])(
    '%s may not request a payout or read the requests (403)',
    async (email) => {
      const teamId = await teamOf(SELLER);
      expect((await call(email, 'POST', `/api/seller-teams/${teamId}/payout-request/create`, body(1))).status).toBe(403);
      expect((await call(email, 'GET', `/api/seller-teams/${teamId}/payout-request/find`)).status).toBe(403);
      expect((await call(email, 'PATCH', `/api/seller-teams/${teamId}/payout-request/${teamId}/update`, { cancel: true })).status).toBe(403);
    },
  );

  it.each([AGENCY, ACCOUNTING, SELLER])('%s reads /api/payouts (200)', async (email) => {
    expect((await call(email, 'GET', '/api/payouts')).status).toBe(200);
  });

  it.each([PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.SELLER_ACCOUNTING, PERSONA.SELLER_DESIGNER, PERSONA.ADMIN, PERSONA.SUPPLIER])(
    '%s may not read /api/payouts nor decide (403)',
    async (email) => {
      expect((await call(email, 'GET', '/api/payouts')).status).toBe(403);
      const [any] = await t.database.db.select().from(payouts).limit(1);
      const id = any?.id ?? (await teamOf(SELLER));
      expect((await call(email, 'PATCH', `/api/payouts/${id}/status`, { status: 1 })).status).toBe(403);
    },
  );

  it('a seller may not decide its own request (403)', async () => {
    const teamId = await teamOf(SELLER);
    expect((await call(SELLER, 'PATCH', `/api/payouts/${teamId}/status`, { status: 1 })).status).toBe(403);
  });
});

describe('payout request rules', () => {
  it('validates the body with clear messages', async () => {
    await giveProfit(await teamOf(SELLER), 10_000);
    const cases: [object, string, string][] = [
      [body(0), 'amount', MONEY_MSG.amountPositive],
      [body(-5), 'amount', MONEY_MSG.amountPositive],
      [body(12.345), 'amount', MONEY_MSG.amountCents],
      [body(1_000_000.01), 'amount', MONEY_MSG.amountTooLarge],
      [body(1, { paymentType: 'bank' }), 'paymentType', PAYOUT_MSG.inputPaymentType],
      [body(1, { paymentValue: 'x' }), 'paymentValue', PAYOUT_MSG.paymentValueLength],
      [body(1, { billName: '' }), 'billName', PAYOUT_MSG.inputBillName],
      [body(1, { billName: 'x' }), 'billName', PAYOUT_MSG.billNameLength],
      [body(1, { billName: 'x'.repeat(129) }), 'billName', PAYOUT_MSG.billNameLength],
      [body(1, { note: 'x'.repeat(501) }), 'note', PAYOUT_MSG.noteMax],
    ];
    const teamId = await teamOf(SELLER);
    for (const [payload, field, message] of cases) {
      const res = await call(SELLER, 'POST', `/api/seller-teams/${teamId}/payout-request/create`, payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.errors?.[field]).toBe(message);
    }
    const { amount: _omit, ...noAmount } = body(1);
    const res = await call(SELLER, 'POST', `/api/seller-teams/${teamId}/payout-request/create`, noAmount);
    expect(res.body.errors?.amount).toBe(MONEY_MSG.inputAmount);
  });

  it('creates a pending request, notifies the owner and accounting, and moves no money', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 5_000);
    const before = await summary();
    const owner = await user(AGENCY);
    const accounting = await user(ACCOUNTING);
    const staff = await user(PERSONA.STAFF);
    const res = await createRequest(12.5, { billName: '  Sofia Bill  ' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Created');
    expect(res.body.data).toMatchObject({
      status: 0,
      amount: 12.5,
      billName: 'Sofia Bill',
      approvedDate: null,
      payoutMethod: { paymentType: 'paypal', paymentValue: 'sofia@paypal.test' },
      sellerTeam: { id: teamId, name: 'Demo Seller' },
    });
    expect(res.body.data._id).toBe(res.body.data.id);
    expect(await summary()).toEqual(before);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.title, PAYOUT_MSG.requestedTitle));
    const to = notes.filter((n) => n.content.includes('$12.50')).map((n) => n.userId);
    expect(to).toContain(owner.id);
    expect(to).toContain(accounting.id);
    expect(to).not.toContain(staff.id);
    const audits = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entity, 'payout'), eq(auditEntries.entityId, res.body.data.id)));
    expect(audits.map((a) => a.action)).toEqual(['request']);
  });

  it('refuses more than the available profit (409)', async () => {
    const teamId = await teamOf(SELLER);
    const max = await requestable(teamId);
    const res = await createRequest(round(max + 0.01));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MONEY_MSG.payoutTooLarge(Math.round(max * 100)));
  });

  it('held profit is not payable', async () => {
    const teamId = await teamOf(SELLER);
    const before = await summary();
    const max = await requestable(teamId);
    await giveProfit(teamId, 100_000, new Date(Date.now() + 3 * DAY));
    const after = await summary();
    expect(round(after.totalHold - before.totalHold)).toBe(1000);
    expect(round(after.totalProfit - before.totalProfit)).toBe(1000);
    expect(after.remainProfit).toBe(before.remainProfit);
    expect((await createRequest(round(max + 1))).status).toBe(409);
  });

  it('two pending requests cannot together exceed remainProfit; raising one is checked too', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 3_000);
    const max = await requestable(teamId);
    const first = await createRequest(round(max - 10));
    expect(first.status).toBe(201);
    expect((await createRequest(20)).status).toBe(409);
    expect((await createRequest(10.01)).status).toBe(409);
    const second = await createRequest(10);
    expect(second.status).toBe(201);
    expect(await requestable(teamId)).toBe(0);
    const url = `/api/seller-teams/${teamId}/payout-request/${first.body.data.id}/update`;
    expect((await call(SELLER, 'PATCH', url, { amount: round(max - 9.99) })).status).toBe(409);
    const lowered = await call(SELLER, 'PATCH', url, { amount: round(max - 15), billName: 'New Bill', paymentType: 'payoneer' });
    expect(lowered.status).toBe(200);
    expect(lowered.body.data).toMatchObject({ amount: round(max - 15), billName: 'New Bill', payoutMethod: { paymentType: 'payoneer' } });
    expect((await call(SELLER, 'PATCH', url, { amount: round(max - 10) })).status).toBe(200);
    // Leave the pool free for the next tests.
    for (const id of [first.body.data.id, second.body.data.id]) {
      expect((await call(SELLER, 'PATCH', `/api/seller-teams/${teamId}/payout-request/${id}/update`, { cancel: true })).status).toBe(200);
    }
  });

  it('an empty update is a 400; an unknown request is a 404', async () => {
    const teamId = await teamOf(SELLER);
    const made = await createRequest(1);
    const url = `/api/seller-teams/${teamId}/payout-request/${made.body.data.id}/update`;
    expect((await call(SELLER, 'PATCH', url, {})).status).toBe(400);
    expect((await call(SELLER, 'PATCH', `/api/seller-teams/${teamId}/payout-request/${teamId}/update`, { cancel: true })).status).toBe(404);
    await call(SELLER, 'PATCH', url, { cancel: true });
  });

  it('the seller cancels a pending request; decided requests are final (409)', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 1_000);
    const made = await createRequest(5);
    const url = `/api/seller-teams/${teamId}/payout-request/${made.body.data.id}/update`;
    const cancelled = await call(SELLER, 'PATCH', url, { cancel: true });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 2, decisionNote: PAYOUT_MSG.cancelledBySeller });
    const again = await call(SELLER, 'PATCH', url, { amount: 4 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MONEY_MSG.payoutDecided);
    expect((await call(AGENCY, 'PATCH', `/api/payouts/${made.body.data.id}/status`, { status: 1 })).status).toBe(409);
  });
});

describe('the agency decides', () => {
  it('approval moves the money once, notifies, mails and audits; approving twice is 409', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 4_000);
    const before = await summary();
    const made = await createRequest(25.75);
    const id = made.body.data.id as string;
    const approved = await call(ACCOUNTING, 'PATCH', `/api/payouts/${id}/status`, { status: 1, note: 'Paid by PayPal' });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('Approved');
    expect(approved.body.data).toMatchObject({ status: 1, decisionNote: 'Paid by PayPal' });
    expect(approved.body.data.approvedDate).toEqual(expect.any(String));
    const after = await summary();
    expect(round(before.remainProfit - after.remainProfit)).toBe(25.75);
    expect(round(after.totalAmountPaid - before.totalAmountPaid)).toBe(25.75);
    expect(after.totalProfit).toBe(before.totalProfit);

    const again = await call(AGENCY, 'PATCH', `/api/payouts/${id}/status`, { status: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MONEY_MSG.payoutDecided);
    expect((await call(AGENCY, 'PATCH', `/api/payouts/${id}/status`, { status: 2 })).status).toBe(409);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `payout:${id}:approve`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amountCents: -2575, type: 'payout', accountKind: 'profit', refType: 'payout', refId: id });
    expect(round((await summary()).remainProfit)).toBe(after.remainProfit);

    const manager = await user(SELLER);
    const notes = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, manager.id), eq(notifications.title, PAYOUT_MSG.approvedTitle)));
    expect(notes.some((n) => n.content.includes('$25.75'))).toBe(true);
    const mails = await t.database.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, SELLER), eq(emailMessages.templateCode, 'payout_approved')));
    expect(mails.some((m) => m.subject.includes('$25.75'))).toBe(true);
    const audits = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entity, 'payout'), eq(auditEntries.entityId, id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['approve', 'request']);
    expect(audits.find((a) => a.action === 'approve')!.actorId).toBe((await user(ACCOUNTING)).id);
    await expectLedgerConsistent();
  });

  it('rejection keeps the money, records the reason and tells the manager', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 1_000);
    const made = await createRequest(3);
    const before = await summary();
    const res = await call(AGENCY, 'PATCH', `/api/payouts/${made.body.data.id}/status`, { status: 2, note: 'Wrong account' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 2, decisionNote: 'Wrong account', approvedDate: null });
    expect(await summary()).toEqual(before);
    const manager = await user(SELLER);
    const notes = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, manager.id), eq(notifications.title, PAYOUT_MSG.rejectedTitle)));
    expect(notes.some((n) => n.content.includes('Wrong account'))).toBe(true);
  });

  it('validates the status body', async () => {
    const made = await createRequest(1);
    for (const status of [0, 3, 'approved']) {
      expect((await call(AGENCY, 'PATCH', `/api/payouts/${made.body.data.id}/status`, { status })).status).toBe(400);
    }
    await call(AGENCY, 'PATCH', `/api/payouts/${made.body.data.id}/status`, { status: 2 });
  });

  it('approval re-checks the available profit (409 when it shrank)', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 2_000);
    const max = await requestable(teamId);
    const made = await createRequest(max);
    expect(made.status).toBe(201);
    // A reversal of profit: remainProfit drops just under the request.
    const remain = (await summary()).remainProfit;
    await giveProfit(teamId, -(Math.round((remain - max) * 100) + 1));
    const res = await call(AGENCY, 'PATCH', `/api/payouts/${made.body.data.id}/status`, { status: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/more than your available profit/);
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, made.body.data.id));
    expect(row!.status).toBe(0);
    await call(AGENCY, 'PATCH', `/api/payouts/${made.body.data.id}/status`, { status: 2 });
    await expectLedgerConsistent();
  });
});

describe('Idempotency-Key', () => {
  it('a replayed create answers the first answer and creates one request', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 1_000);
    const headers = { 'idempotency-key': `create-${Date.now()}` };
    const first = await createRequest(2.5, { billName: 'Replay Bill' }, headers);
    const second = await createRequest(2.5, { billName: 'Replay Bill' }, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const rows = await t.database.db.select().from(payouts).where(eq(payouts.billName, 'Replay Bill'));
    expect(rows).toHaveLength(1);
    const other = await createRequest(3, { billName: 'Replay Bill' }, headers);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(MONEY_MSG.idempotencyMismatch);
  });

  it('a replayed approval moves the money once', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 1_000);
    const made = await createRequest(4);
    const before = await summary();
    const headers = { 'idempotency-key': `approve-${Date.now()}` };
    const url = `/api/payouts/${made.body.data.id}/status`;
    const first = await call(AGENCY, 'PATCH', url, { status: 1 }, headers);
    const second = await call(AGENCY, 'PATCH', url, { status: 1 }, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(round(before.remainProfit - (await summary()).remainProfit)).toBe(4);
    const mails = await t.database.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, SELLER), eq(emailMessages.templateCode, 'payout_approved')));
    expect(mails.filter((m) => m.subject.includes('$4.00'))).toHaveLength(1);
    await expectLedgerConsistent();
  });

  it('concurrent approvals of one request move the money once', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 1_000);
    const made = await createRequest(6);
    const before = await summary();
    const url = `/api/payouts/${made.body.data.id}/status`;
    const results = await Promise.all([
      call(AGENCY, 'PATCH', url, { status: 1 }),
      call(ACCOUNTING, 'PATCH', url, { status: 1 }),
      call(AGENCY, 'PATCH', url, { status: 2 }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const paid = results.find((r) => r.status === 200)!.body.data.status === 1 ? 6 : 0;
    expect(round(before.remainProfit - (await summary()).remainProfit)).toBe(paid);
    await expectLedgerConsistent();
  });

  it('concurrent requests never ask together for more than there is', async () => {
    const teamId = await teamOf(SELLER);
    const max = await requestable(teamId);
    const part = Math.floor((max / 3) * 100 + 1) / 100; // three of these exceed the pool by a little
    const results = await Promise.all([createRequest(part), createRequest(part), createRequest(part)]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409)).toHaveLength(1);
    expect(await requestable(teamId)).toBeGreaterThanOrEqual(0);
    for (const r of results.filter((x) => x.status === 201)) {
      await call(SELLER, 'PATCH', `/api/seller-teams/${teamId}/payout-request/${r.body.data.id}/update`, { cancel: true });
    }
  });
});

describe('tenancy and lists', () => {
  it('another team or agency is not found (404)', async () => {
    const otherTeam = await teamOf(PERSONA.OTHER_SELLER);
    const sameAgencyTeam = (await teamByName('Retro Tees Lab')).id;
    for (const id of [otherTeam, sameAgencyTeam]) {
      expect((await call(SELLER, 'POST', `/api/seller-teams/${id}/payout-request/create`, body(1))).status).toBe(404);
      expect((await call(SELLER, 'GET', `/api/seller-teams/${id}/payout-request/find`)).status).toBe(404);
    }
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 500);
    const made = await createRequest(1, { billName: 'Tenant Bill' });
    const id = made.body.data.id;
    expect((await call(PERSONA.OTHER_SELLER, 'PATCH', `/api/seller-teams/${otherTeam}/payout-request/${id}/update`, { cancel: true })).status).toBe(404);
    expect((await call(PERSONA.OTHER_SELLER, 'PATCH', `/api/seller-teams/${teamId}/payout-request/${id}/update`, { cancel: true })).status).toBe(404);
    expect((await call(PERSONA.OTHER_OWNER, 'PATCH', `/api/payouts/${id}/status`, { status: 1 })).status).toBe(404);
    const otherList = await call(PERSONA.OTHER_OWNER, 'GET', '/api/payouts', undefined);
    expect(otherList.body.data.some((p: { id: string }) => p.id === id)).toBe(false);
    const sellerOther = await call(PERSONA.OTHER_SELLER, 'GET', `/api/payouts?sellerTeamId=${teamId}`);
    expect(sellerOther.body.data).toEqual([]);
    await call(SELLER, 'PATCH', `/api/seller-teams/${teamId}/payout-request/${id}/update`, { cancel: true });
  });

  it('lists with filters (billName contains, status, seller team), newest first, 10 a page by default', async () => {
    const teamId = await teamOf(SELLER);
    await giveProfit(teamId, 2_000);
    const tag = `Zeta${Date.now()}`;
    const a = await createRequest(1, { billName: `${tag} One` });
    const b = await createRequest(2, { billName: `${tag} Two` });
    await call(AGENCY, 'PATCH', `/api/payouts/${b.body.data.id}/status`, { status: 1 });
    const all = await call(AGENCY, 'GET', `/api/payouts?billName=${tag.toLowerCase()}`);
    expect(all.status).toBe(200);
    expect(all.body.limit).toBe(10);
    expect(all.body.data.map((p: { id: string }) => p.id)).toEqual([b.body.data.id, a.body.data.id]);
    expect(all.body.data[0]).toMatchObject({ sellerTeam: { id: teamId, code: 'S1001', name: 'Demo Seller' }, status: 1, amount: 2 });
    const pending = await call(AGENCY, 'GET', `/api/payouts?billName=${tag}&status=0`);
    expect(pending.body.data.map((p: { id: string }) => p.id)).toEqual([a.body.data.id]);
    const byTeam = await call(ACCOUNTING, 'GET', `/api/payouts?sellerTeamId=${teamId}&billName=${tag}`);
    expect(byTeam.body.total).toBe(2);
    const otherTeam = (await teamByName('Retro Tees Lab')).id;
    expect((await call(AGENCY, 'GET', `/api/payouts?sellerTeamId=${otherTeam}&billName=${tag}`)).body.total).toBe(0);
    const mine = await call(SELLER, 'GET', `/api/seller-teams/${teamId}/payout-request/find?status=1&limit=200`);
    expect(mine.body.data.some((p: { id: string }) => p.id === b.body.data.id)).toBe(true);
    expect(mine.body.data.every((p: { status: number }) => p.status === 1)).toBe(true);
    const sellerList = await call(SELLER, 'GET', `/api/payouts?billName=${tag}`);
    expect(sellerList.body.total).toBe(2);
    const like = await call(AGENCY, 'GET', '/api/payouts?billName=%25');
    expect(like.status).toBe(200);
    expect((await call(AGENCY, 'GET', '/api/payouts?status=5')).status).toBe(400);
    const teams = await call(AGENCY, 'GET', '/api/payouts/seller-teams');
    expect(teams.body.data.some((x: { id: string }) => x.id === teamId)).toBe(true);
    const foreign = await teamOf(PERSONA.OTHER_SELLER);
    expect(teams.body.data.some((x: { id: string }) => x.id === foreign)).toBe(false);
    await call(SELLER, 'PATCH', `/api/seller-teams/${teamId}/payout-request/${a.body.data.id}/update`, { cancel: true });
  });

  it('soft-deleted teams are hidden from the lists', async () => {
    const team = await teamByName('Retro Tees Lab');
    const manager = await t.database.db.select().from(users).where(eq(users.id, team.managerId!));
    await giveProfit(team.id, 1_000);
    const res = await call(manager[0]!.email, 'POST', `/api/seller-teams/${team.id}/payout-request/create`, body(1, { billName: 'Deleted Team Bill' }));
    expect(res.status).toBe(201);
    expect((await call(AGENCY, 'GET', '/api/payouts?billName=Deleted Team Bill')).body.total).toBe(1);
    await t.database.db.update(sellerTeams).set({ deletedAt: new Date() }).where(eq(sellerTeams.id, team.id));
    expect((await call(AGENCY, 'GET', '/api/payouts?billName=Deleted Team Bill')).body.total).toBe(0);
    await t.database.db.update(sellerTeams).set({ deletedAt: null }).where(eq(sellerTeams.id, team.id));
  });

  it('every account balance still equals the sum of its entries', async () => {
    await expectLedgerConsistent();
  });
});
