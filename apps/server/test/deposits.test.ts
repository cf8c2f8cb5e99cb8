import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MONEY_MSG } from '@fbo/shared/domain/money';
import { useApiTest, type Method } from './helpers/api';
import { PERSONA } from './helpers/personas';
import {
  accounts,
  agencies,
  auditEntries,
  deposits,
  emailMessages,
  invoiceLines,
  invoices,
  ledgerEntries,
  notifications,
  sellerTeams,
  users,
} from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
let demoTeam: string;
let otherTeam: string;
let pawTeam: string;
let retroTeam: string;
beforeAll(async () => {
  demoTeam = await teamId('Demo Seller');
  otherTeam = await teamId('Other Seller');
  pawTeam = await teamId('Paw Prints Co');
  retroTeam = await teamId('Retro Tees Lab');
});

const { OWNER, ACCOUNTING, STAFF, SUPPORT, OTHER_OWNER, SELLER, SELLER_ACCOUNTING: SELLER_ACC } = PERSONA;

async function teamId(name: string) {
  const [row] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.name, name));
  return row!.id;
}
async function userId(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}
async function walletCents(team: string) {
  const [row] = await t.database.db.select().from(accounts).where(and(eq(accounts.sellerTeamId, team), eq(accounts.kind, 'wallet')));
  return Number(row!.balanceCents);
}
async function ledgerSum(team: string, kind: 'wallet' | 'profit' = 'wallet') {
  const [row] = await t.database.db
    .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerTeamId, team), eq(ledgerEntries.accountKind, kind)));
  return Number(row!.s);
}
async function entriesOf(depositId: string) {
  return t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refType, 'deposit'), eq(ledgerEntries.refId, depositId)));
}
const uniq = () => Math.random().toString(36).slice(2, 10);
const topup = (over: object = {}) => ({ amount: 12.5, payWith: 'Payoneer', transactionId: `TX-${uniq()}`, note: 'Monthly top-up', isCashback: false, ...over });

async function pendingDeposit(team = demoTeam, over: object = {}) {
  const res = await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, topup({ status: 'pending', ...over }));
  expect(res.status).toBe(201);
  return res.body.deposit.id as string;
}

describe('who may use deposits', () => {
  it.each([OWNER, ACCOUNTING])('%s (agency owner, accounting) uses the agency endpoints', async (email) => {
    expect((await call(email, 'GET', '/api/deposits')).status).toBe(200);
    expect((await call(email, 'GET', '/api/deposits/teams')).status).toBe(200);
    expect((await call(email, 'GET', `/api/deposits/seller-teams/${demoTeam}`)).status).toBe(200);
    expect((await call(email, 'GET', `/api/balances/seller-teams/${demoTeam}`)).status).toBe(200);
    const created = await call(email, 'POST', `/api/deposits/seller-teams/${demoTeam}`, topup({ status: 'pending' }));
    expect(created.status).toBe(201);
    const decided = await call(email, 'PATCH', `/api/deposits/seller-teams/${demoTeam}/${created.body.deposit.id}`, { status: 'rejected' });
    expect(decided.status).toBe(200);
  });

  it.each([STAFF, SUPPORT, SELLER, SELLER_ACC, PERSONA.SELLER_DESIGNER, PERSONA.SUPPLIER, PERSONA.ADMIN])(
    '%s may not use the agency endpoints (403)',
    async (email) => {
      const dep = await pendingDeposit();
      const attempts: [Method, string, object?][] = [
        ['GET', '/api/deposits'],
        ['GET', '/api/deposits/teams'],
        ['GET', `/api/deposits/seller-teams/${demoTeam}`],
        ['GET', `/api/balances/seller-teams/${demoTeam}`],
        ['POST', `/api/deposits/seller-teams/${demoTeam}`, topup()],
        ['PATCH', `/api/deposits/seller-teams/${demoTeam}/${dep}`, { status: 'approved' }],
      ];
      for (const [method, url, payload] of attempts) expect((await call(email, method, url, payload)).status, `${method} ${url}`).toBe(403);
      const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, dep));
      expect(row!.status).toBe('pending');
    },
  );

  it.each([SELLER, SELLER_ACC])('%s (seller manager, seller accounting) uses the seller endpoints', async (email) => {
    expect((await call(email, 'GET', '/api/deposits/mine')).status).toBe(200);
    expect((await call(email, 'GET', '/api/deposits/payment-info')).status).toBe(200);
    expect((await call(email, 'POST', '/api/deposits/request', topup())).status).toBe(201);
  });

  it.each([OWNER, ACCOUNTING, STAFF, PERSONA.SELLER_DESIGNER, PERSONA.SELLER_SUPPORT, PERSONA.SUPPLIER])(
    '%s may not use the seller endpoints (403)',
    async (email) => {
      expect((await call(email, 'GET', '/api/deposits/mine')).status).toBe(403);
      expect((await call(email, 'GET', '/api/deposits/payment-info')).status).toBe(403);
      expect((await call(email, 'POST', '/api/deposits/request', topup())).status).toBe(403);
    },
  );

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/deposits' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/deposits/request', payload: topup() })).statusCode).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("another agency's team is not found (404) and nothing moves", async () => {
    const before = await walletCents(demoTeam);
    const dep = await pendingDeposit();
    expect((await call(OTHER_OWNER, 'GET', `/api/deposits/seller-teams/${demoTeam}`)).status).toBe(404);
    expect((await call(OTHER_OWNER, 'GET', `/api/balances/seller-teams/${demoTeam}`)).status).toBe(404);
    const post = await call(OTHER_OWNER, 'POST', `/api/deposits/seller-teams/${demoTeam}`, topup());
    expect(post.status).toBe(404);
    expect(post.body.message).toBe(MONEY_MSG.teamNotFound);
    expect((await call(OTHER_OWNER, 'PATCH', `/api/deposits/seller-teams/${demoTeam}/${dep}`, { status: 'approved' })).status).toBe(404);
    // Through its own team's address: the deposit is not its team's.
    expect((await call(OTHER_OWNER, 'PATCH', `/api/deposits/seller-teams/${otherTeam}/${dep}`, { status: 'approved' })).status).toBe(404);
    expect(await walletCents(demoTeam)).toBe(before);
    const list = await call(OTHER_OWNER, 'GET', '/api/deposits?limit=200');
    expect(list.body.data.some((d: { id: string }) => d.id === dep)).toBe(false);
  });

  it("a deposit is decided only under its own team's address", async () => {
    const dep = await pendingDeposit(demoTeam);
    expect((await call(OWNER, 'PATCH', `/api/deposits/seller-teams/${pawTeam}/${dep}`, { status: 'approved' })).status).toBe(404);
    expect((await call(OWNER, 'GET', `/api/deposits/seller-teams/${pawTeam}?limit=200`)).body.data.some((d: { id: string }) => d.id === dep)).toBe(false);
  });

  it('a seller sees only its own team', async () => {
    const mine = await call(SELLER, 'POST', '/api/deposits/request', topup({ note: 'from demo seller' }));
    expect(mine.status).toBe(201);
    const other = await call(PERSONA.OTHER_SELLER, 'GET', '/api/deposits/mine?limit=200');
    expect(other.status).toBe(200);
    expect(other.body.data.some((d: { id: string }) => d.id === mine.body.deposit.id)).toBe(false);
  });

  it('a soft-deleted team is not found', async () => {
    const team = await teamId('Mountain Mug Shop');
    await t.database.db.update(sellerTeams).set({ deletedAt: new Date() }).where(eq(sellerTeams.id, team));
    expect((await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, topup())).status).toBe(404);
    expect((await call(OWNER, 'GET', `/api/deposits/seller-teams/${team}`)).status).toBe(404);
    expect((await call(OWNER, 'GET', `/api/deposits?sellerTeam=${team}`)).body.total).toBe(0);
    await t.database.db.update(sellerTeams).set({ deletedAt: null }).where(eq(sellerTeams.id, team));
  });
});

describe('validation (spec messages)', () => {
  const url = () => `/api/deposits/seller-teams/${demoTeam}`;
  it.each([
    [{ transactionId: 'ab' }, 'transactionId', MONEY_MSG.transactionIdLength],
    [{ transactionId: 'x'.repeat(51) }, 'transactionId', MONEY_MSG.transactionIdLength],
    [{ transactionId: '   ab   ' }, 'transactionId', MONEY_MSG.transactionIdLength],
    [{ note: 'a' }, 'note', MONEY_MSG.noteLength],
    [{ note: 'n'.repeat(501) }, 'note', MONEY_MSG.noteLength],
    [{ payWith: 'Cash' }, 'payWith', MONEY_MSG.inputPayWith],
    [{ payWith: undefined }, 'payWith', MONEY_MSG.inputPayWith],
    [{ isCashback: undefined }, 'isCashback', MONEY_MSG.inputType],
    [{ status: 'rejected' }, 'status', MONEY_MSG.inputStatus],
    [{ amount: undefined }, 'amount', MONEY_MSG.inputAmount],
    [{ amount: 'abc' }, 'amount', MONEY_MSG.inputAmount],
    [{ amount: 0 }, 'amount', MONEY_MSG.amountPositive],
    [{ amount: -5 }, 'amount', MONEY_MSG.amountPositive],
    [{ amount: 1.005 }, 'amount', MONEY_MSG.amountCents],
    [{ amount: 1_000_000.01 }, 'amount', MONEY_MSG.amountTooLarge],
  ])('%j -> 400 %s', async (over, field, message) => {
    const before = await walletCents(demoTeam);
    const res = await call(OWNER, 'POST', url(), topup(over));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    expect(await walletCents(demoTeam)).toBe(before);
  });

  it('refuses an amount sent as text or a boolean, accepts the largest amount', async () => {
    // Issue 12 item 4: JSON amounts are numbers; `true` was read as 1 and '7.25' converted.
    for (const amount of ['7.25', true, 1e-9]) {
      const res = await call(OWNER, 'POST', url(), topup({ amount, status: 'pending' }));
      expect(res.status, JSON.stringify(amount)).toBe(400);
    }
    const big = await call(OWNER, 'POST', url(), topup({ amount: 1_000_000, status: 'pending' }));
    expect(big.status).toBe(201);
    expect(big.body.deposit.amount).toBe(1_000_000);
  });

  it('the decision body: status approved or rejected, reason 2-500', async () => {
    const dep = await pendingDeposit();
    const bad = await call(OWNER, 'PATCH', `${url()}/${dep}`, { status: 'pending' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.status).toBe(MONEY_MSG.inputStatus);
    const shortReason = await call(OWNER, 'PATCH', `${url()}/${dep}`, { status: 'rejected', reason: 'x' });
    expect(shortReason.body.errors.reason).toBe(MONEY_MSG.reasonLength);
    expect((await call(OWNER, 'PATCH', `${url()}/not-a-uuid`, { status: 'approved' })).status).toBe(400);
  });

  it('the seller request has the same rules', async () => {
    const res = await call(SELLER, 'POST', '/api/deposits/request', topup({ transactionId: 'ab', note: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.transactionId).toBe(MONEY_MSG.transactionIdLength);
    expect(res.body.errors.note).toBe(MONEY_MSG.noteLength);
  });
});

describe('topup by the agency', () => {
  it('approved at creation (default): the money moves once, with invoice, notification, mail and audit', async () => {
    const before = await walletCents(demoTeam);
    const body = topup({ amount: 123.45, transactionId: `  TX-${uniq()}  ` });
    const res = await call(OWNER, 'POST', `/api/deposits/seller-teams/${demoTeam}`, body);
    expect(res.status).toBe(201);
    const dep = res.body.deposit;
    expect(dep).toMatchObject({ status: 'approved', amount: 123.45, isCashback: false, payWith: 'Payoneer', requestedBy: 'agency', createdBy: OWNER, transactionId: body.transactionId.trim() });
    expect(dep.invoiceId).toBeTruthy();
    expect(dep.decidedAt).toBeTruthy();
    expect(res.body.balance.amount).toBe((before + 12345) / 100);
    expect(await walletCents(demoTeam)).toBe(before + 12345);

    const entries = await entriesOf(dep.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'topup', amountCents: 12345, idempotencyKey: `deposit:${dep.id}:approve`, accountKind: 'wallet' });

    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, dep.invoiceId));
    expect(invoice).toMatchObject({ type: 'IN', source: 'deposit', sellerAmountCents: 12345, agencyAmountCents: 12345, sellerTeamId: demoTeam });
    const lines = await t.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, dep.invoiceId));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.ledgerEntryId).toBe(entries[0]!.id);

    const seen = await t.database.db.select().from(notifications).where(sql`${notifications.content} like ${`%${dep.transactionId}%`}`);
    const receivers = seen.map((n) => n.userId).sort();
    expect(receivers).toEqual([await userId(SELLER), await userId(SELLER_ACC)].sort());

    const mails = await t.database.db.select().from(emailMessages).where(and(eq(emailMessages.templateCode, 'deposit_approved'), sql`${emailMessages.text} like ${`%${dep.transactionId}%`}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(SELLER);
    expect(mails[0]!.text).toContain('$123.45');

    const audit = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entity, 'deposit'), eq(auditEntries.entityId, dep.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['approve', 'create']);
    expect(audit.every((a) => a.actorId !== null)).toBe(true);
  });

  it('a cashback: type cashback, invoice agency amount 0', async () => {
    const before = await walletCents(demoTeam);
    const res = await call(ACCOUNTING, 'POST', `/api/deposits/seller-teams/${demoTeam}`, topup({ amount: 5, isCashback: true }));
    expect(res.status).toBe(201);
    expect(res.body.deposit).toMatchObject({ isCashback: true, status: 'approved', createdBy: ACCOUNTING });
    expect(await walletCents(demoTeam)).toBe(before + 500);
    const [entry] = await entriesOf(res.body.deposit.id);
    expect(entry!.type).toBe('cashback');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, res.body.deposit.invoiceId));
    expect(invoice).toMatchObject({ sellerAmountCents: 500, agencyAmountCents: 0 });
  });

  it('pending: no money, no invoice; the balance answered is unchanged', async () => {
    const before = await walletCents(demoTeam);
    const res = await call(OWNER, 'POST', `/api/deposits/seller-teams/${demoTeam}`, topup({ status: 'pending', amount: 99 }));
    expect(res.status).toBe(201);
    expect(res.body.deposit).toMatchObject({ status: 'pending', invoiceId: null, decidedAt: null });
    expect(res.body.balance.amount).toBe(before / 100);
    expect(await entriesOf(res.body.deposit.id)).toHaveLength(0);
    const balance = await call(OWNER, 'GET', `/api/balances/seller-teams/${demoTeam}`);
    expect(balance.body).toEqual({ amount: before / 100 });
  });

  it('freezes the agency exchange rate and top-up content at creation', async () => {
    const set = await call(OWNER, 'PATCH', '/api/agencies/update-settings', { settings: { payment: { exchangeRate: 25000, topupContent: 'DEMO S1001' } } });
    expect(set.status).toBe(200);
    const res = await call(OWNER, 'POST', `/api/deposits/seller-teams/${demoTeam}`, topup({ status: 'pending' }));
    expect(res.body.deposit).toMatchObject({ exchangeRate: 25000, topupContent: 'DEMO S1001' });
    await call(OWNER, 'PATCH', '/api/agencies/update-settings', { settings: { payment: { exchangeRate: 24000, topupContent: 'CHANGED' } } });
    const list = await call(OWNER, 'GET', `/api/deposits/seller-teams/${demoTeam}?limit=200`);
    expect(list.body.data.find((d: { id: string }) => d.id === res.body.deposit.id)).toMatchObject({ exchangeRate: 25000, topupContent: 'DEMO S1001' });
    expect((await call(SELLER, 'GET', '/api/deposits/payment-info')).body).toEqual({ exchangeRate: 24000, topupContent: 'CHANGED' });
  });
});

describe('deciding a pending deposit', () => {
  it('approve moves the money once; a second decision is 409', async () => {
    const dep = await pendingDeposit(demoTeam, { amount: 40 });
    const before = await walletCents(demoTeam);
    const ok = await call(ACCOUNTING, 'PATCH', `/api/deposits/seller-teams/${demoTeam}/${dep}`, { status: 'approved' });
    expect(ok.status).toBe(200);
    expect(ok.body.deposit.status).toBe('approved');
    expect(ok.body.balance.amount).toBe((before + 4000) / 100);
    for (const status of ['approved', 'rejected']) {
      const again = await call(OWNER, 'PATCH', `/api/deposits/seller-teams/${demoTeam}/${dep}`, { status });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MONEY_MSG.depositDecided);
    }
    expect(await walletCents(demoTeam)).toBe(before + 4000);
    expect(await entriesOf(dep)).toHaveLength(1);
  });

  it('reject moves nothing, keeps the reason, mails the manager; then it is final', async () => {
    const dep = await pendingDeposit(demoTeam, { amount: 41 });
    const before = await walletCents(demoTeam);
    const res = await call(OWNER, 'PATCH', `/api/deposits/seller-teams/${demoTeam}/${dep}`, { status: 'rejected', reason: 'Transfer not received' });
    expect(res.status).toBe(200);
    expect(res.body.deposit).toMatchObject({ status: 'rejected', rejectReason: 'Transfer not received', invoiceId: null });
    expect(await walletCents(demoTeam)).toBe(before);
    expect(await entriesOf(dep)).toHaveLength(0);
    const [audit] = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, dep), eq(auditEntries.action, 'reject')));
    expect(audit!.reason).toBe('Transfer not received');
    const mails = await t.database.db.select().from(emailMessages).where(and(eq(emailMessages.templateCode, 'deposit_rejected'), sql`${emailMessages.text} like '%Transfer not received%'`));
    expect(mails.map((m) => m.toAddress)).toEqual([SELLER]);
    const again = await call(OWNER, 'PATCH', `/api/deposits/seller-teams/${demoTeam}/${dep}`, { status: 'approved' });
    expect(again.status).toBe(409);
  });

  it('concurrent approvals: exactly one wins, the money moves once', async () => {
    const dep = await pendingDeposit(demoTeam, { amount: 33.33 });
    const before = await walletCents(demoTeam);
    const headers = await t.as(OWNER);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'PATCH', url: `/api/deposits/seller-teams/${demoTeam}/${dep}`, payload: { status: 'approved' }, headers }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(await walletCents(demoTeam)).toBe(before + 3333);
    expect(await entriesOf(dep)).toHaveLength(1);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.sellerTeamId, demoTeam)).orderBy(sql`${invoices.number} desc`).limit(1);
    expect(row!.sellerAmountCents).toBe(3333);
  });

  it('concurrent approve and reject: one wins', async () => {
    const dep = await pendingDeposit(demoTeam, { amount: 2 });
    const headers = await t.as(OWNER);
    const results = await Promise.all(
      ['approved', 'rejected', 'approved', 'rejected'].map((status) =>
        t.app.inject({ method: 'PATCH', url: `/api/deposits/seller-teams/${demoTeam}/${dep}`, payload: { status }, headers }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, dep));
    expect(await entriesOf(dep)).toHaveLength(row!.status === 'approved' ? 1 : 0);
  });

  it('an unknown deposit is 404', async () => {
    const res = await call(OWNER, 'PATCH', `/api/deposits/seller-teams/${demoTeam}/0190a0a0-0000-7000-8000-000000000000`, { status: 'approved' });
    expect(res.status).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('a replayed POST answers the same deposit and moves the money once', async () => {
    const before = await walletCents(demoTeam);
    const body = topup({ amount: 10 });
    const key = `test-key-${uniq()}`;
    const first = await call(OWNER, 'POST', `/api/deposits/seller-teams/${demoTeam}`, body, { 'idempotency-key': key });
    const second = await call(OWNER, 'POST', `/api/deposits/seller-teams/${demoTeam}`, body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.deposit.id).toBe(first.body.deposit.id);
    expect(second.body).toEqual(first.body);
    expect(await walletCents(demoTeam)).toBe(before + 1000);
    expect(await entriesOf(first.body.deposit.id)).toHaveLength(1);
    const count = await t.database.db.select().from(deposits).where(eq(deposits.transactionId, body.transactionId));
    expect(count).toHaveLength(1);
    const mails = await t.database.db.select().from(emailMessages).where(sql`${emailMessages.text} like ${`%${body.transactionId}%`}`);
    expect(mails).toHaveLength(1);
  });

  it('concurrent POSTs with one key create one deposit', async () => {
    const before = await walletCents(demoTeam);
    const body = topup({ amount: 3 });
    const headers = { ...(await t.as(OWNER)), 'idempotency-key': `test-key-${uniq()}` };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject({ method: 'POST', url: `/api/deposits/seller-teams/${demoTeam}`, payload: body, headers })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().deposit.id)).size).toBe(1);
    expect(await walletCents(demoTeam)).toBe(before + 300);
  });

  it('the same key with another body is 409', async () => {
    const key = `test-key-${uniq()}`;
    expect((await call(OWNER, 'POST', `/api/deposits/seller-teams/${demoTeam}`, topup({ status: 'pending' }), { 'idempotency-key': key })).status).toBe(201);
    const other = await call(OWNER, 'POST', `/api/deposits/seller-teams/${demoTeam}`, topup({ status: 'pending' }), { 'idempotency-key': key });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(MONEY_MSG.idempotencyMismatch);
  });

  it('a replayed approval answers 200 again (not 409) and moves nothing more', async () => {
    const dep = await pendingDeposit(demoTeam, { amount: 8 });
    const before = await walletCents(demoTeam);
    const key = `test-key-${uniq()}`;
    const url = `/api/deposits/seller-teams/${demoTeam}/${dep}`;
    const a = await call(OWNER, 'PATCH', url, { status: 'approved' }, { 'idempotency-key': key });
    const b = await call(OWNER, 'PATCH', url, { status: 'approved' }, { 'idempotency-key': key });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(await walletCents(demoTeam)).toBe(before + 800);
  });

  it('a failed request can be retried with its key: the failure stored nothing', async () => {
    const team = await teamId('Nana Knows Best');
    const key = `test-key-${uniq()}`;
    const body = topup({ amount: 6 });
    await t.database.db.update(sellerTeams).set({ deletedAt: new Date() }).where(eq(sellerTeams.id, team));
    const bad = await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, body, { 'idempotency-key': key });
    expect(bad.status).toBe(404);
    await t.database.db.update(sellerTeams).set({ deletedAt: null }).where(eq(sellerTeams.id, team));
    const before = await walletCents(team);
    const good = await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, body, { 'idempotency-key': key });
    expect(good.status).toBe(201);
    expect(await walletCents(team)).toBe(before + 600);
  });
});

describe('referral credit', () => {
  beforeAll(async () => {
    // Retro Tees Lab was referred by Paw Prints Co, whose referral rate is 10 %.
    await t.database.db.update(sellerTeams).set({ rate: '10', pendingPayoutDays: 3 }).where(eq(sellerTeams.id, pawTeam));
    await t.database.db.update(sellerTeams).set({ referralFromId: pawTeam }).where(eq(sellerTeams.id, retroTeam));
  });

  it("a top-up credits the referrer's profit account (held), a cashback does not", async () => {
    const profitBefore = await ledgerSum(pawTeam, 'profit');
    const res = await call(OWNER, 'POST', `/api/deposits/seller-teams/${retroTeam}`, topup({ amount: 100.99 }));
    expect(res.status).toBe(201);
    const [credit] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `referral:deposit:${res.body.deposit.id}`));
    expect(credit).toMatchObject({ sellerTeamId: pawTeam, accountKind: 'profit', type: 'referral', amountCents: 1009 });
    expect(credit!.availableAt.getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    expect(await ledgerSum(pawTeam, 'profit')).toBe(profitBefore + 1009);

    const cash = await call(OWNER, 'POST', `/api/deposits/seller-teams/${retroTeam}`, topup({ amount: 100, isCashback: true }));
    expect(cash.status).toBe(201);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `referral:deposit:${cash.body.deposit.id}`))).toHaveLength(0);
    expect(await ledgerSum(pawTeam, 'profit')).toBe(profitBefore + 1009);
  });

  it('approving a pending top-up later credits the referrer too; rejecting does not', async () => {
    const profitBefore = await ledgerSum(pawTeam, 'profit');
    const a = await pendingDeposit(retroTeam, { amount: 20 });
    const b = await pendingDeposit(retroTeam, { amount: 20 });
    expect((await call(OWNER, 'PATCH', `/api/deposits/seller-teams/${retroTeam}/${a}`, { status: 'approved' })).status).toBe(200);
    expect((await call(OWNER, 'PATCH', `/api/deposits/seller-teams/${retroTeam}/${b}`, { status: 'rejected' })).status).toBe(200);
    expect(await ledgerSum(pawTeam, 'profit')).toBe(profitBefore + 200);
  });
});

describe('the seller side', () => {
  it('a seller asks for a top-up: pending, frozen rate, the agency owner and accounting hear of it; the agency approves', async () => {
    await call(OWNER, 'PATCH', '/api/agencies/update-settings', { settings: { payment: { exchangeRate: 25500, topupContent: 'S1001 topup' } } });
    const info = await call(SELLER_ACC, 'GET', '/api/deposits/payment-info');
    expect(info.body).toEqual({ exchangeRate: 25500, topupContent: 'S1001 topup' });

    const before = await walletCents(demoTeam);
    const body = { amount: 50, payWith: 'Bank transfer', transactionId: `VCB-${uniq()}`, note: 'Bank transfer from VCB' };
    const res = await call(SELLER_ACC, 'POST', '/api/deposits/request', body);
    expect(res.status).toBe(201);
    expect(res.body.deposit).toMatchObject({ status: 'pending', requestedBy: 'seller', isCashback: false, exchangeRate: 25500, topupContent: 'S1001 topup', createdBy: SELLER_ACC });
    expect(res.body.balance.amount).toBe(before / 100);
    expect(await walletCents(demoTeam)).toBe(before);

    const told = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Top-up request from Demo Seller'));
    const ids = new Set(told.map((n) => n.userId));
    expect(ids.has(await userId(OWNER))).toBe(true);
    expect(ids.has(await userId(ACCOUNTING))).toBe(true);
    expect(ids.has(await userId(STAFF))).toBe(false);

    const mine = await call(SELLER, 'GET', '/api/deposits/mine?status=pending&limit=200');
    expect(mine.body.data.some((d: { id: string }) => d.id === res.body.deposit.id)).toBe(true);

    const listed = await call(OWNER, 'GET', `/api/deposits?status=pending&search=${body.transactionId}`);
    expect(listed.body.total).toBe(1);
    expect(listed.body.data[0].sellerTeam).toEqual({ id: demoTeam, name: 'Demo Seller', code: 'S1001' });

    const ok = await call(OWNER, 'PATCH', `/api/deposits/seller-teams/${demoTeam}/${res.body.deposit.id}`, { status: 'approved' });
    expect(ok.status).toBe(200);
    expect(await walletCents(demoTeam)).toBe(before + 5000);
    const header = await call(SELLER, 'GET', '/api/balances/seller-teams');
    expect(header.body.amount).toBe((before + 5000) / 100);
  });

  it('a replayed seller request creates one deposit', async () => {
    const body = topup();
    const key = `seller-key-${uniq()}`;
    const a = await call(SELLER, 'POST', '/api/deposits/request', body, { 'idempotency-key': key });
    const b = await call(SELLER, 'POST', '/api/deposits/request', body, { 'idempotency-key': key });
    expect(b.body.deposit.id).toBe(a.body.deposit.id);
    expect(await t.database.db.select().from(deposits).where(eq(deposits.transactionId, body.transactionId))).toHaveLength(1);
  });

  it('mine pages and filters by status', async () => {
    const res = await call(SELLER, 'GET', '/api/deposits/mine?page=1&limit=2&status=approved');
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(2);
    expect(res.body.data.length).toBeLessThanOrEqual(2);
    expect(res.body.data.every((d: { status: string }) => d.status === 'approved')).toBe(true);
  });
});

describe('lists', () => {
  it('the team list: page size 5 by default, filters payWith, status, transactionId and note (contains, trimmed)', async () => {
    const tag = uniq();
    await call(OWNER, 'POST', `/api/deposits/seller-teams/${pawTeam}`, topup({ payWith: 'Pingpong', transactionId: `PP-${tag}-1`, note: `note ${tag} alpha`, status: 'pending' }));
    await call(OWNER, 'POST', `/api/deposits/seller-teams/${pawTeam}`, topup({ payWith: 'Payoneer', transactionId: `PO-${tag}-2`, note: `note ${tag} beta` }));
    for (let i = 0; i < 5; i++) await call(OWNER, 'POST', `/api/deposits/seller-teams/${pawTeam}`, topup({ status: 'pending' }));

    const all = await call(OWNER, 'GET', `/api/deposits/seller-teams/${pawTeam}`);
    expect(all.body.limit).toBe(5);
    expect(all.body.data).toHaveLength(5);
    expect(all.body.total).toBeGreaterThanOrEqual(7);
    const times = all.body.data.map((d: { createdAt: string }) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const base = `/api/deposits/seller-teams/${pawTeam}?limit=200`;
    const byTx = await call(OWNER, 'GET', `${base}&transactionId=${encodeURIComponent(`  ${tag}-1  `)}`);
    expect(byTx.body.data.map((d: { transactionId: string }) => d.transactionId)).toEqual([`PP-${tag}-1`]);
    const byNote = await call(OWNER, 'GET', `${base}&note=${tag}%20BETA`);
    expect(byNote.body.data.map((d: { transactionId: string }) => d.transactionId)).toEqual([`PO-${tag}-2`]);
    const byPay = await call(OWNER, 'GET', `${base}&payWith=Pingpong&note=${tag}`);
    expect(byPay.body.total).toBe(1);
    const byStatus = await call(OWNER, 'GET', `${base}&status=approved&note=${tag}`);
    expect(byStatus.body.data.map((d: { status: string }) => d.status)).toEqual(['approved']);
    const wild = await call(OWNER, 'GET', `${base}&transactionId=%25`);
    expect(wild.body.total).toBe(0);
    expect((await call(OWNER, 'GET', `${base}&payWith=Cash`)).status).toBe(400);
  });

  it('the agency list: team, status, payWith, search and date range', async () => {
    const tag = uniq();
    await call(OWNER, 'POST', `/api/deposits/seller-teams/${retroTeam}`, topup({ transactionId: `AG-${tag}`, payWith: 'Bank transfer', status: 'pending' }));
    const q = (s: string) => call(OWNER, 'GET', `/api/deposits?${s}`);
    expect((await q(`search=${tag}`)).body.total).toBe(1);
    expect((await q(`search=${tag}&sellerTeam=${retroTeam}`)).body.total).toBe(1);
    expect((await q(`search=${tag}&sellerTeam=${pawTeam}`)).body.total).toBe(0);
    expect((await q(`search=${tag}&status=approved`)).body.total).toBe(0);
    expect((await q(`search=${tag}&payWith=Pingpong`)).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q(`search=${tag}&from=${today}&to=${today}`)).body.total).toBe(1);
    expect((await q(`search=${tag}&to=2020-01-01`)).body.total).toBe(0);
    expect((await q(`search=${tag}&from=${new Date(Date.now() + 3_600_000).toISOString()}`)).body.total).toBe(0);
    expect((await q('from=not-a-date')).status).toBe(400);
    const page = await q('limit=3&page=2');
    expect(page.body).toMatchObject({ page: 2, limit: 3 });
    expect((await q('')).body.limit).toBe(10);
  });
});

describe('team options', () => {
  it("lists the agency's live teams by name, not another agency's", async () => {
    const res = await call(ACCOUNTING, 'GET', '/api/deposits/teams');
    const ids = res.body.data.map((d: { id: string }) => d.id);
    expect(ids).toContain(demoTeam);
    expect(ids).not.toContain(otherTeam);
    expect(res.body.data.find((d: { id: string }) => d.id === demoTeam)).toEqual({ id: demoTeam, name: 'Demo Seller', code: 'S1001' });
    const names = res.body.data.map((d: { name: string }) => d.name);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b))).toEqual(names);
  });
});

describe('the books balance', () => {
  it('every wallet equals the sum of its ledger entries', async () => {
    for (const team of [demoTeam, pawTeam, retroTeam, otherTeam]) {
      expect(await walletCents(team)).toBe(await ledgerSum(team, 'wallet'));
    }
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(sql`${accounts.balanceCents} <> (select coalesce(sum(amount_cents), 0) from ledger_entries l where l.account_id = ${accounts.id})`);
    expect(Number(row!.n)).toBe(0);
    expect((await t.database.db.select().from(agencies)).length).toBeGreaterThan(0);
  });
});
