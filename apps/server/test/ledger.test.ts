/**
 * The seller's ledger (/api/balances/entries and its export) and the agency owner's manual
 * adjustment (/api/balances/seller-teams/:id/adjust): permissions, validation, tenant isolation,
 * Idempotency-Key replays, the 409 of a debit beyond the balance, and the running balance.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { MONEY_MSG } from '@fbo/shared/domain/money';
import { useApiTest } from './helpers/api';
import { ledgerViolations } from './helpers/ledger-invariants';
import { PERSONA } from './helpers/personas';
import { accounts, auditEntries, idempotencyKeys, invoiceLines, invoices, ledgerEntries, notifications, sellerTeams, users } from '../src/db/schema/index';

const t = useApiTest();
const { call } = t;
const { OWNER, SELLER, OTHER_OWNER } = PERSONA;
let demoTeamId: string;
let otherTeamId: string;

beforeAll(async () => {
  demoTeamId = (await userRow(SELLER)).sellerTeamId!;
  otherTeamId = (await userRow(PERSONA.OTHER_SELLER)).sellerTeamId!;
});

async function userRow(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!;
}

const adjust = (email: string, teamId: string, payload: object, key?: string) =>
  call(email, 'POST', `/api/balances/seller-teams/${teamId}/adjust`, payload, key ? { 'idempotency-key': key } : {});

async function walletCents(teamId: string) {
  const [a] = await t.database.db.select().from(accounts).where(and(eq(accounts.sellerTeamId, teamId), eq(accounts.kind, 'wallet')));
  return a!.balanceCents;
}
async function count(table: typeof ledgerEntries | typeof invoices, teamId: string) {
  const [r] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.sellerTeamId, teamId));
  return Number(r!.n);
}
async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}
const key = () => `test-${crypto.randomUUID()}`;

describe('POST /api/balances/seller-teams/:id/adjust', () => {
  it.each([PERSONA.ACCOUNTING, PERSONA.STAFF, PERSONA.SUPPORT, SELLER, PERSONA.SELLER_ACCOUNTING, PERSONA.ADMIN])(
    '%s may not adjust (403)',
    async (email) => {
      const before = await walletCents(demoTeamId);
      expect((await adjust(email, demoTeamId, { amount: 5, reason: 'Not allowed' })).status).toBe(403);
      expect(await walletCents(demoTeamId)).toBe(before);
    },
  );

  it('answers 401 without a token', async () => {
    expect((await call(null, 'POST', `/api/balances/seller-teams/${demoTeamId}/adjust`, { amount: 5, reason: 'x1' })).status).toBe(401);
  });

  it.each([
    [{ amount: 0, reason: 'Zero' }, 'amount', 'Amount must not be 0'],
    [{ amount: 1.234, reason: 'Cents' }, 'amount', MONEY_MSG.amountCents],
    [{ amount: -1_000_000.01, reason: 'Huge' }, 'amount', MONEY_MSG.amountTooLarge],
    [{ amount: 2_000_000, reason: 'Huge' }, 'amount', MONEY_MSG.amountTooLarge],
    [{ reason: 'No amount' }, 'amount', MONEY_MSG.inputAmount],
    [{ amount: '5', reason: 'Text amount' }, 'amount', MONEY_MSG.inputAmount],
    [{ amount: 5 }, 'reason', MONEY_MSG.reasonRequired],
    [{ amount: 5, reason: '   ' }, 'reason', MONEY_MSG.reasonRequired],
    [{ amount: 5, reason: 'x' }, 'reason', MONEY_MSG.reasonLength],
    [{ amount: 5, reason: 'x'.repeat(501) }, 'reason', MONEY_MSG.reasonLength],
  ])('refuses %j (400 %s)', async (payload, field, message) => {
    const before = await walletCents(demoTeamId);
    const { status, body } = await adjust(OWNER, demoTeamId, payload);
    expect(status).toBe(400);
    expect(body.errors[field]).toBe(message);
    expect(await walletCents(demoTeamId)).toBe(before);
  });

  it("answers 404 for another agency's team and an unknown team, moving nothing", async () => {
    const before = await walletCents(otherTeamId);
    const foreign = await adjust(OWNER, otherTeamId, { amount: 5, reason: 'Foreign' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MONEY_MSG.teamNotFound);
    expect(await walletCents(otherTeamId)).toBe(before);
    expect((await adjust(OWNER, '0190a0a0-0000-7000-8000-000000000000', { amount: 5, reason: 'Nobody' })).status).toBe(404);
  });

  it('credits the wallet: one ledger entry, an IN invoice with one line, a notification, an audit with the reason', async () => {
    const before = await walletCents(demoTeamId);
    const reason = `Goodwill credit ${crypto.randomUUID().slice(0, 8)}`;
    const { status, body } = await adjust(OWNER, demoTeamId, { amount: 12.34, reason });
    expect(status).toBe(201);
    expect(body.message).toBe('Balance adjusted');
    expect(body.balance.amount).toBe((before + 1234) / 100);
    expect(await walletCents(demoTeamId)).toBe(before + 1234);

    const [entry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, body.entryId));
    expect(entry).toMatchObject({ type: 'adjustment', accountKind: 'wallet', amountCents: 1234, balanceAfterCents: before + 1234, reason, description: reason });
    expect(entry!.idempotencyKey).toMatch(/^adjustment:/);

    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, body.invoiceId));
    expect(invoice).toMatchObject({ type: 'IN', source: 'adjustment', sellerAmountCents: 1234, sellerTeamId: demoTeamId, note: reason });
    expect(invoice!.name).toMatch(/^IN-\d{6}$/);
    const lines = await t.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amountCents: 1234, ledgerEntryId: entry!.id, description: reason });

    const manager = await userRow(SELLER);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, manager.id));
    expect(notes.some((n) => n.content.includes(reason) && n.content.includes('$12.34'))).toBe(true);

    const audits = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, demoTeamId), eq(auditEntries.action, 'adjust_balance')));
    const owner = await userRow(OWNER);
    expect(audits.some((a) => a.reason === reason && a.actorId === owner.id)).toBe(true);
  });

  it('debits the wallet with an OUT invoice', async () => {
    await adjust(OWNER, demoTeamId, { amount: 20, reason: 'Fund for debit test' });
    const before = await walletCents(demoTeamId);
    const { status, body } = await adjust(OWNER, demoTeamId, { amount: -7.5, reason: 'Damaged sample charge' });
    expect(status).toBe(201);
    expect(await walletCents(demoTeamId)).toBe(before - 750);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, body.invoiceId));
    expect(invoice).toMatchObject({ type: 'OUT', source: 'adjustment', sellerAmountCents: 750 });
    expect(invoice!.name).toMatch(/^OUT-\d{6}$/);
    const [entry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, body.entryId));
    expect(entry!.amountCents).toBe(-750);
  });

  it('replays the same Idempotency-Key: the same answer, the money moved once', async () => {
    const k = key();
    const before = await walletCents(demoTeamId);
    const entries = await count(ledgerEntries, demoTeamId);
    const invoiceCount = await count(invoices, demoTeamId);
    const first = await adjust(OWNER, demoTeamId, { amount: 3.21, reason: 'Retry-safe credit' }, k);
    const second = await adjust(OWNER, demoTeamId, { amount: 3.21, reason: 'Retry-safe credit' }, k);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await walletCents(demoTeamId)).toBe(before + 321);
    expect(await count(ledgerEntries, demoTeamId)).toBe(entries + 1);
    expect(await count(invoices, demoTeamId)).toBe(invoiceCount + 1);

    // The same key for a different request is refused, moving nothing.
    const other = await adjust(OWNER, demoTeamId, { amount: 9, reason: 'Retry-safe credit' }, k);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(MONEY_MSG.idempotencyMismatch);
    expect(await walletCents(demoTeamId)).toBe(before + 321);
  });

  it('replays concurrent duplicates once', async () => {
    const k = key();
    const before = await walletCents(demoTeamId);
    const answers = await Promise.all([1, 2, 3].map(() => adjust(OWNER, demoTeamId, { amount: 1.01, reason: 'Concurrent credit' }, k)));
    for (const a of answers) expect(a.status).toBe(201);
    expect(new Set(answers.map((a) => a.body.invoiceId)).size).toBe(1);
    expect(await walletCents(demoTeamId)).toBe(before + 101);
  });

  it('refuses a debit beyond the balance with 409 and changes nothing (not even the key)', async () => {
    const before = await walletCents(demoTeamId);
    const entries = await count(ledgerEntries, demoTeamId);
    const invoiceCount = await count(invoices, demoTeamId);
    const k = key();
    const tooMuch = -(before / 100 + 1);
    const { status, body } = await adjust(OWNER, demoTeamId, { amount: tooMuch, reason: 'Too much' }, k);
    expect(status).toBe(409);
    expect(body.message).toBe(MONEY_MSG.insufficientBalance(before));
    expect(await walletCents(demoTeamId)).toBe(before);
    expect(await count(ledgerEntries, demoTeamId)).toBe(entries);
    expect(await count(invoices, demoTeamId)).toBe(invoiceCount);
    const owner = await userRow(OWNER);
    expect(await t.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, owner.id), eq(idempotencyKeys.key, k)))).toHaveLength(0);
  });

  it('lets the other agency adjust its own team only', async () => {
    const before = await walletCents(otherTeamId);
    expect((await adjust(OTHER_OWNER, otherTeamId, { amount: 4, reason: 'Their own' })).status).toBe(201);
    expect(await walletCents(otherTeamId)).toBe(before + 400);
    expect((await adjust(OTHER_OWNER, demoTeamId, { amount: 4, reason: 'Not theirs' })).status).toBe(404);
  });

  it('refuses a soft-deleted team (404)', async () => {
    const [team] = await t.database.db.select().from(sellerTeams).where(and(eq(sellerTeams.agencyId, (await userRow(OWNER)).agencyId!), sql`${sellerTeams.id} <> ${demoTeamId}`)).limit(1);
    await t.database.db.update(sellerTeams).set({ deletedAt: new Date() }).where(eq(sellerTeams.id, team!.id));
    try {
      expect((await adjust(OWNER, team!.id, { amount: 4, reason: 'Deleted team' })).status).toBe(404);
    } finally {
      await t.database.db.update(sellerTeams).set({ deletedAt: null }).where(eq(sellerTeams.id, team!.id));
    }
  });
});

describe('the running balance', () => {
  // Before the concurrent burst below: that helper chains entries in created_at order, which is each
  // transaction's start and may differ from the lock order when requests race (see the id-order check).
  it("holds the ledger's invariants after every adjustment above (helpers/ledger-invariants)", async () => {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('concurrent adjustments with different keys all apply, each on the balance the previous one left', async () => {
    const before = await walletCents(demoTeamId);
    const amounts = [1, 2.5, -0.75, 3, -1.25, 0.01, 4, -2];
    const answers = await Promise.all(amounts.map((amount, i) => adjust(OWNER, demoTeamId, { amount, reason: `Burst ${i}` }, key())));
    for (const a of answers) expect(a.status).toBe(201);
    const total = amounts.reduce((sum, a) => sum + Math.round(a * 100), 0);
    expect(await walletCents(demoTeamId)).toBe(before + total);
    // In the order applied (entry ids), each starts from the balance the previous one left.
    const applied = answers
      .map((a, i) => ({ id: a.body.entryId as string, cents: Math.round(amounts[i]! * 100), after: Math.round(a.body.balance.amount * 100) }))
      .sort((x, y) => (x.id < y.id ? -1 : 1));
    let running = before;
    for (const step of applied) {
      running += step.cents;
      expect(step.after).toBe(running);
    }
  });

  // In the order the entries were applied (UUIDv7 ids are taken under the account lock).
  it('every entry of every account: balance_after = previous balance_after + amount, and the balance = the sum of entries', async () => {
    const all = await t.database.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.accountId), asc(ledgerEntries.id));
    expect(all.length).toBeGreaterThan(0);
    const last = new Map<string, number>();
    for (const e of all) {
      const previous = last.get(e.accountId) ?? 0;
      expect(e.balanceAfterCents, `entry ${e.id}`).toBe(previous + e.amountCents);
      last.set(e.accountId, e.balanceAfterCents);
    }
    const balances = await t.database.db.select().from(accounts);
    for (const a of balances) expect(a.balanceCents, `account ${a.id}`).toBe(last.get(a.id) ?? 0);
  });

});

describe('GET /api/balances/entries', () => {
  it.each([SELLER, PERSONA.SELLER_ACCOUNTING])('%s reads its own team (200)', async (email) => {
    const { status, body } = await call(email, 'GET', '/api/balances/entries');
    expect(status).toBe(200);
    expect(body.limit).toBe(20);
    expect(body.total).toBe(await count(ledgerEntries, demoTeamId).then(async () => {
      const [r] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(and(eq(ledgerEntries.sellerTeamId, demoTeamId), eq(ledgerEntries.accountKind, 'wallet')));
      return Number(r!.n);
    }));
  });

  it.each([OWNER, PERSONA.ACCOUNTING, PERSONA.STAFF, PERSONA.SELLER_DESIGNER, PERSONA.SELLER_SUPPORT, PERSONA.ADMIN])('%s may not (403)', async (email) => {
    expect((await call(email, 'GET', '/api/balances/entries')).status).toBe(403);
    expect((await call(email, 'GET', '/api/balances/entries/export')).status).toBe(403);
  });

  it('lists newest first with a running balance and the invoice of each adjustment', async () => {
    const reason = `Ledger row ${crypto.randomUUID().slice(0, 8)}`;
    const made = await adjust(OWNER, demoTeamId, { amount: 2.5, reason });
    const { body } = await call(SELLER, 'GET', '/api/balances/entries?limit=50');
    const first = body.data[0];
    expect(first).toMatchObject({ id: made.body.entryId, type: 'adjustment', description: reason, amount: 2.5, invoiceId: made.body.invoiceId });
    expect(first.balanceAfter).toBe(made.body.balance.amount);
    expect(first.balanceAfter).toBe((await walletCents(demoTeamId)) / 100);
    for (let i = 0; i + 1 < body.data.length; i++) {
      const newer = body.data[i];
      const older = body.data[i + 1];
      expect(Math.round(newer.balanceAfter * 100)).toBe(Math.round(older.balanceAfter * 100) + Math.round(newer.amount * 100));
    }
  });

  it("never shows another team's entries", async () => {
    const reason = `Other team only ${crypto.randomUUID().slice(0, 8)}`;
    await adjust(OTHER_OWNER, otherTeamId, { amount: 1, reason });
    const { body } = await call(SELLER, 'GET', '/api/balances/entries?limit=200');
    expect(body.data.some((e: { description: string }) => e.description === reason)).toBe(false);
    const theirs = await call(PERSONA.OTHER_SELLER, 'GET', '/api/balances/entries?limit=200');
    expect(theirs.body.data.some((e: { description: string }) => e.description === reason)).toBe(true);
  });

  it('filters by type, date range and account', async () => {
    const adjustments = await call(SELLER, 'GET', '/api/balances/entries?type=adjustment&limit=200');
    expect(adjustments.body.data.length).toBeGreaterThan(0);
    expect(adjustments.body.data.every((e: { type: string }) => e.type === 'adjustment')).toBe(true);

    const future = await call(SELLER, 'GET', '/api/balances/entries?from=2099-01-01');
    expect(future.body.total).toBe(0);
    const past = await call(SELLER, 'GET', '/api/balances/entries?to=2000-01-01');
    expect(past.body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await call(SELLER, 'GET', `/api/balances/entries?from=${today}&to=${today}&type=adjustment`);
    expect(todays.body.total).toBe(adjustments.body.total);

    const profit = await call(SELLER, 'GET', '/api/balances/entries?account=profit&limit=200');
    expect(profit.status).toBe(200);
    expect(profit.body.data.every((e: { type: string }) => e.type !== 'adjustment')).toBe(true);
  });

  it('refuses bad filters (400)', async () => {
    expect((await call(SELLER, 'GET', '/api/balances/entries?type=nope')).status).toBe(400);
    expect((await call(SELLER, 'GET', '/api/balances/entries?account=savings')).status).toBe(400);
    expect((await call(SELLER, 'GET', '/api/balances/entries?from=yesterday')).status).toBe(400);
  });
});

describe('GET /api/balances/entries/export', () => {
  it('exports the rows as csv and neutralises a formula-looking description', async () => {
    const reason = `=HYPERLINK("http://evil.test","x${crypto.randomUUID().slice(0, 6)}")`;
    await adjust(OWNER, demoTeamId, { amount: 1.11, reason });
    const { status, body } = await call(SELLER, 'GET', '/api/balances/entries/export?type=adjustment');
    expect(status).toBe(200);
    expect(body.url).toMatch(/^\/api\/job-files\//);
    const csv = (await download(body.url)).toString('utf8');
    expect(csv.split('\r\n')[0]).toContain('Date,Type,Description,Amount,Balance after');
    expect(csv).toContain(`"'${reason.replace(/"/g, '""')}"`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(csv).toContain('Adjustment');
    expect(csv).toContain('1.11');
  });

  it('exports xlsx', async () => {
    const { status, body } = await call(SELLER, 'GET', '/api/balances/entries/export?format=xlsx');
    expect(status).toBe(200);
    const data = await download(body.url);
    expect(data.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
