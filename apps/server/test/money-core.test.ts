/**
 * The ledger core (modules/money): postEntry, the Idempotency-Key wrapper, invoice numbers,
 * referral credit, profit figures, and the seeded demo money keeping every invariant.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { ledgerViolations } from './helpers/ledger-invariants';
import { invoices, ledgerEntries, sellerTeams, users } from '../src/db/schema/index';
import { postEntry, profitFigures, teamProfit, walletBalances } from '../src/modules/money/ledger';
import { idempotencyOf, moneyTransaction } from '../src/modules/money/idempotency';
import { createInvoice } from '../src/modules/money/invoice-writer';
import { creditReferral, referralCents } from '../src/modules/money/referral-credit';
import { HttpError } from '../src/lib/errors';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
let team: { agencyId: string; sellerTeamId: string };
let userId: string;

beforeAll(async () => {
  const [seller] = await t.database.db.select().from(users).where(eq(users.email, PERSONA.SELLER));
  team = { agencyId: seller!.agencyId!, sellerTeamId: seller!.sellerTeamId! };
  userId = seller!.id;
});

const entry = (over: Partial<Parameters<typeof postEntry>[1]> & { key: string; amountCents: number }) =>
  t.database.db.transaction((tx) =>
    postEntry(tx, { ...team, account: 'wallet', type: 'adjustment', description: 'test', actorId: null, ...over }),
  );

const fakeRequest = (key: string | undefined, body: unknown) =>
  idempotencyOf({
    headers: key ? { 'idempotency-key': key } : {},
    actor: { userId },
    method: 'POST',
    url: '/api/test',
    routeOptions: { url: '/api/test' },
    body,
  } as unknown as FastifyRequest);

describe('the seeded demo money', () => {
  it('keeps every ledger invariant', async () => {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('gives the demo seller a balance, payable and held profit, and a referral', async () => {
    expect((await walletBalances(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)).toBeGreaterThan(0);
    const profit = await teamProfit(t.database.db, team.sellerTeamId);
    expect(profit.remainProfitCents).toBeGreaterThan(0);
    expect(profit.totalHoldCents).toBeGreaterThan(0);
    expect(profit.totalAmountPaidCents).toBeGreaterThan(0);
    const referrals = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.type, 'referral'));
    expect(referrals.length).toBeGreaterThan(0);
  });
});

describe('postEntry', () => {
  it('moves money once per key, and a replay changes nothing', async () => {
    const before = (await walletBalances(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)!;
    const first = await entry({ key: 'core:once', amountCents: 1234 });
    const again = await entry({ key: 'core:once', amountCents: 1234 });
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.entry.id).toBe(first.entry.id);
    expect(first.entry.balanceAfterCents).toBe(before + 1234);
    expect((await walletBalances(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)).toBe(before + 1234);
  });

  it('refuses to take the wallet below zero, with the balance in the message, and changes nothing', async () => {
    const before = (await walletBalances(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)!;
    const error = await entry({ key: 'core:too-much', amountCents: -(before + 1) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(409);
    expect((error as HttpError).message).toMatch(/^Not enough balance: the wallet holds \$[\d,]+\.\d\d\. Top up first\.$/);
    expect((await walletBalances(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)).toBe(before);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, 'core:too-much'))).toHaveLength(0);
  });

  it('takes the wallet exactly to zero', async () => {
    const before = (await walletBalances(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)!;
    await entry({ key: 'core:to-zero', amountCents: -before });
    expect((await walletBalances(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)).toBe(0);
    await entry({ key: 'core:refill', amountCents: before });
  });

  it('refuses zero and fractional amounts', async () => {
    await expect(entry({ key: 'core:zero', amountCents: 0 })).rejects.toBeInstanceOf(HttpError);
    await expect(entry({ key: 'core:fraction', amountCents: 1.5 })).rejects.toBeInstanceOf(HttpError);
  });

  it('races on one key move money once', async () => {
    const before = (await walletBalances(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)!;
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => entry({ key: 'core:race', amountCents: 500 })));
    expect(results.filter((r) => r.status === 'fulfilled' && !r.value.replayed)).toHaveLength(1);
    expect((await walletBalances(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)).toBe(before + 500);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('writes an audit entry for every movement', async () => {
    const { entry: e } = await entry({ key: 'core:audited', amountCents: 100, reason: 'Goodwill credit' });
    const audit = await t.database.db.execute(sql`select action, reason from audit_entries where entity = 'ledger_entry' and entity_id = ${e.id}`);
    const rows = (audit as unknown as { rows?: { action: string; reason: string }[] }).rows ?? (audit as unknown as { action: string; reason: string }[]);
    expect(rows).toEqual([{ action: 'adjustment', reason: 'Goodwill credit' }]);
  });
});

describe('profit figures', () => {
  it('separates payable, held and paid profit', async () => {
    const before = await teamProfit(t.database.db, team.sellerTeamId);
    const profit = (over: Partial<Parameters<typeof postEntry>[1]> & { key: string; amountCents: number }) =>
      entry({ account: 'profit', type: 'order_profit', ...over });
    await profit({ key: 'core:p1', amountCents: 1000, availableAt: new Date(Date.now() - 1000) });
    await profit({ key: 'core:p2', amountCents: 700, availableAt: new Date(Date.now() + 86_400_000) });
    await profit({ key: 'core:p3', amountCents: -400, type: 'payout' });
    const after = (await profitFigures(t.database.db, [team.sellerTeamId])).get(team.sellerTeamId)!;
    expect(after.remainProfitCents - before.remainProfitCents).toBe(600);
    expect(after.totalHoldCents - before.totalHoldCents).toBe(700);
    expect(after.totalAmountPaidCents - before.totalAmountPaidCents).toBe(400);
    expect(after.totalProfitCents - before.totalProfitCents).toBe(1700);
  });
});

describe('Idempotency-Key', () => {
  it('returns the first answer to a retry and runs the change once', async () => {
    let runs = 0;
    const change = async () => ({ n: ++runs, at: new Date('2026-01-02T03:04:05Z') });
    const first = await moneyTransaction(t.database.db, fakeRequest('key-00000001', { a: 1 }), change, 201);
    const again = await moneyTransaction(t.database.db, fakeRequest('key-00000001', { a: 1 }), change, 201);
    expect(first).toEqual({ statusCode: 201, body: { n: 1, at: '2026-01-02T03:04:05.000Z' }, replayed: false });
    expect(again).toEqual({ statusCode: 201, body: { n: 1, at: '2026-01-02T03:04:05.000Z' }, replayed: true });
    expect(runs).toBe(1);
  });

  it('refuses the same key with a different request', async () => {
    await moneyTransaction(t.database.db, fakeRequest('key-00000002', { a: 1 }), async () => ({}));
    await expect(moneyTransaction(t.database.db, fakeRequest('key-00000002', { a: 2 }), async () => ({}))).rejects.toMatchObject({
      statusCode: 409,
      message: 'This Idempotency-Key was already used for a different request',
    });
  });

  it('forgets the key of a failed request, so the retry runs', async () => {
    const failing = moneyTransaction(t.database.db, fakeRequest('key-00000003', {}), async () => {
      throw new HttpError(409, 'nope');
    });
    await expect(failing).rejects.toBeInstanceOf(HttpError);
    const retry = await moneyTransaction(t.database.db, fakeRequest('key-00000003', {}), async () => ({ ok: true }));
    expect(retry.replayed).toBe(false);
  });

  it('refuses a malformed key and runs without one', async () => {
    await expect(moneyTransaction(t.database.db, fakeRequest('short', {}), async () => ({}))).rejects.toMatchObject({ statusCode: 400 });
    expect((await moneyTransaction(t.database.db, fakeRequest(undefined, {}), async () => ({ ok: 1 }))).body).toEqual({ ok: 1 });
  });

  it('concurrent duplicates run the change once', async () => {
    let runs = 0;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => moneyTransaction(t.database.db, fakeRequest('key-00000004', {}), async () => ({ n: ++runs }))),
    );
    expect(runs).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body)))).toEqual(new Set(['{"n":1}']));
  });
});

describe('invoices and referrals', () => {
  it('numbers invoices per agency without gaps, IN and OUT sharing the sequence', async () => {
    const a = await t.database.db.transaction((tx) => createInvoice(tx, { ...team, type: 'IN', source: 'adjustment', sellerAmountCents: 100, lines: [] }));
    const b = await t.database.db.transaction((tx) => createInvoice(tx, { ...team, type: 'OUT', source: 'adjustment', sellerAmountCents: 100, lines: [] }));
    expect(b.number).toBe(a.number + 1);
    expect(a.name).toBe(`IN-${String(a.number).padStart(6, '0')}`);
    expect(b.name).toBe(`OUT-${String(b.number).padStart(6, '0')}`);
    const all = await t.database.db.select({ n: invoices.number }).from(invoices).where(eq(invoices.agencyId, team.agencyId));
    const numbers = all.map((r) => r.n).sort((x, y) => x - y);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('computes referral earnings in whole cents, rounded down', () => {
    expect(referralCents(10_000, '5.00')).toBe(500);
    expect(referralCents(333, '2.55')).toBe(8); // 8.4915
    expect(referralCents(100, '0.05')).toBe(0);
    expect(referralCents(1_000_000, 50)).toBe(500_000);
  });

  it('credits the referrer once per deposit, held for its pendingPayoutDays', async () => {
    const [referred] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.referralFromId, team.sellerTeamId));
    expect(referred).toBeDefined();
    const depositId = '01930000-0000-7000-8000-00000000beef';
    const before = await teamProfit(t.database.db, team.sellerTeamId);
    for (let i = 0; i < 2; i++) {
      await t.database.db.transaction((tx) => creditReferral(tx, { referredTeamId: referred!.id, depositId, amountCents: 20_000, actorId: null }));
    }
    const after = await teamProfit(t.database.db, team.sellerTeamId);
    expect(after.totalHoldCents - before.totalHoldCents).toBe(1000); // 5 % of $200, once
    expect(after.remainProfitCents).toBe(before.remainProfitCents);
  });
});
