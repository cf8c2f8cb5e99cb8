/**
 * Property-based test of the money (issue 4, DOMAIN.md invariants 2 and 3): fast-check draws
 * batches of 50 money commands (top-ups, approvals and rejections, order charges and refunds,
 * payout requests and their approval, each possibly retried with the same Idempotency-Key) and
 * fires each batch at once. After every batch: each balance equals the sum of its entries and the
 * entries chain, no key moved money twice, no wallet went below zero, no payout exceeded the
 * payable profit, and every balance equals what the answers said happened.
 * On PostgreSQL (TEST_DATABASE_URL) the batch really runs concurrently on a connection pool;
 * on PGlite it is serialised by the single connection, so fewer runs are drawn.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray, like } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { ledgerViolations } from './helpers/ledger-invariants';
import { PERSONA } from './helpers/personas';
import { accounts, deposits, ledgerEntries, payouts, sellerTeams, users } from '../src/db/schema/index';
import { postEntry } from '../src/modules/money/ledger';
import { referralCents } from '../src/modules/money/referral-credit';
import { HttpError } from '../src/lib/errors';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? (ON_POSTGRES ? 60 : 12));
const BATCH = 50;
const { OWNER: AGENCY } = PERSONA;

const t = useApiTest();
const { call } = t;
interface Team { id: string; agencyId: string; manager: string }
let teams: Team[] = [];
/** Team 1 was referred by team 0 at this rate (percent). */
let referrerRate = 0;

beforeAll(async () => {
  const db = t.database.db;
  const [owner] = await db.select().from(users).where(eq(users.email, AGENCY));
  const partners = await db
    .select({ id: sellerTeams.id, agencyId: sellerTeams.agencyId, manager: users.email, referralFromId: sellerTeams.referralFromId })
    .from(sellerTeams)
    .innerJoin(users, eq(users.id, sellerTeams.managerId))
    .where(and(eq(sellerTeams.agencyId, owner!.agencyId!), like(users.email, '%@sellers.test')))
    .orderBy(sellerTeams.code);
  const [demo] = await db
    .select({ id: sellerTeams.id, agencyId: sellerTeams.agencyId, manager: users.email, rate: sellerTeams.rate })
    .from(sellerTeams)
    .innerJoin(users, eq(users.id, sellerTeams.managerId))
    .where(eq(users.email, PERSONA.SELLER));
  // Demo Seller, the team it referred (its top-ups earn Demo Seller a referral share) and one more.
  const referred = partners.find((p) => p.referralFromId === demo!.id)!;
  const another = partners.find((p) => p.referralFromId === null)!;
  teams = [demo!, referred, another];
  referrerRate = Number(demo!.rate);
  expect(referrerRate).toBeGreaterThan(0);
  expect(teams).toHaveLength(3);
}, 60_000);

type Cmd =
  | { k: 'topup'; team: number; cents: number; approved: boolean; cashback: boolean; retry: boolean }
  | { k: 'decide'; dep: number; approve: boolean; retry: boolean }
  | { k: 'charge'; team: number; cents: number; retry: boolean }
  | { k: 'refund'; charge: number; retry: boolean }
  | { k: 'payoutRequest'; team: number; cents: number; retry: boolean }
  | { k: 'payoutDecide'; req: number; approve: boolean; retry: boolean };

const PENDING_DEPOSITS = 6;
const SETUP_CHARGES = 4;
const PENDING_PAYOUTS = 4;
const cents = fc.integer({ min: 1, max: 40_000 });
const team = fc.integer({ min: 0, max: 2 });
const command: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ k: fc.constant('topup' as const), team, cents, approved: fc.boolean(), cashback: fc.boolean(), retry: fc.boolean() }),
  fc.record({ k: fc.constant('decide' as const), dep: fc.integer({ min: 0, max: PENDING_DEPOSITS - 1 }), approve: fc.boolean(), retry: fc.boolean() }),
  fc.record({ k: fc.constant('charge' as const), team, cents, retry: fc.boolean() }),
  fc.record({ k: fc.constant('refund' as const), charge: fc.integer({ min: 0, max: SETUP_CHARGES - 1 }), retry: fc.boolean() }),
  fc.record({ k: fc.constant('payoutRequest' as const), team, cents: fc.integer({ min: 1, max: 3_000 }), retry: fc.boolean() }),
  fc.record({ k: fc.constant('payoutDecide' as const), req: fc.integer({ min: 0, max: PENDING_PAYOUTS - 1 }), approve: fc.boolean(), retry: fc.boolean() }),
);

const dollars = (c: number) => c / 100;
let run = 0;

/** A charge or refund as the orders issue will post it: straight through the ledger core. */
async function ledger(teamIx: number, type: 'order_charge' | 'order_refund', amountCents: number, key: string) {
  const tm = teams[teamIx]!;
  try {
    const r = await t.database.db.transaction((tx) =>
      postEntry(tx, { agencyId: tm.agencyId, sellerTeamId: tm.id, account: 'wallet', type, amountCents, key, description: type, actorId: null }),
    );
    return { ok: true, replayed: r.replayed };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return { ok: false, replayed: false };
    throw error;
  }
}

async function balances() {
  const rows = await t.database.db.select().from(accounts).where(inArray(accounts.sellerTeamId, teams.map((x) => x.id)));
  return teams.map((tm) => ({
    wallet: rows.find((r) => r.sellerTeamId === tm.id && r.kind === 'wallet')!.balanceCents,
    profit: rows.find((r) => r.sellerTeamId === tm.id && r.kind === 'profit')!.balanceCents,
  }));
}

describe('money under random concurrent interleavings', () => {
  it(`keeps every invariant over ${RUNS} batches of ${BATCH} concurrent commands`, async () => {
    let commandsRun = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: BATCH, maxLength: BATCH }), async (cmds) => {
        const r = ++run;
        // Setup, one at a time: money to charge, pending deposits to decide, charges to refund,
        // payable profit and pending payout requests to approve.
        for (const [i, tm] of teams.entries()) {
          const top = await call(AGENCY, 'POST', `/api/deposits/seller-teams/${tm.id}`, { amount: 300, payWith: 'Pingpong', transactionId: `SETUP-${r}-${i}`, note: 'setup', status: 'approved', isCashback: false });
          expect(top.status).toBe(201);
          await t.database.db.transaction((tx) =>
            postEntry(tx, { agencyId: tm.agencyId, sellerTeamId: tm.id, account: 'profit', type: 'order_profit', amountCents: 20_000, key: `prop:${r}:profit:${i}`, description: 'profit', actorId: null, availableAt: new Date(Date.now() - 1000) }),
          );
        }
        const pending: { id: string; team: number; cents: number; cashback: boolean }[] = [];
        for (let i = 0; i < PENDING_DEPOSITS; i++) {
          const c = 1_000 + i * 777;
          const d = await call(AGENCY, 'POST', `/api/deposits/seller-teams/${teams[i % 3]!.id}`, { amount: dollars(c), payWith: 'Payoneer', transactionId: `PEND-${r}-${i}`, note: 'pending', status: 'pending', isCashback: i % 2 === 1 });
          expect(d.status).toBe(201);
          pending.push({ id: (d.body.deposit as { id: string }).id, team: i % 3, cents: c, cashback: i % 2 === 1 });
        }
        const charges: { team: number; cents: number }[] = [];
        for (let i = 0; i < SETUP_CHARGES; i++) {
          const c = 500 + i * 250;
          expect((await ledger(i % 3, 'order_charge', -c, `prop:${r}:setup-charge:${i}`)).ok).toBe(true);
          charges.push({ team: i % 3, cents: c });
        }
        const requests: { id: string; team: number; cents: number }[] = [];
        for (let i = 0; i < PENDING_PAYOUTS; i++) {
          const c = 1_000 + i * 500;
          const tm = teams[i % 3]!;
          const p = await call(tm.manager, 'POST', `/api/seller-teams/${tm.id}/payout-request/create`, { amount: dollars(c), paymentType: 'paypal', paymentValue: 'pay@example.test', billName: `Setup ${r}-${i}` });
          expect(p.status).toBe(201);
          requests.push({ id: (p.body.data as { id: string }).id, team: i % 3, cents: c });
        }
        const start = await balances();

        // The batch, all at once; a retried command sends the same request twice concurrently.
        const wallet = start.map((b) => b.wallet);
        const profit = start.map((b) => b.profit);
        /** An approved deposit: the wallet, and for a top-up of team 1 the referral share of team 0. */
        const credit = (teamIx: number, c: number, cashback: boolean) => {
          wallet[teamIx]! += c;
          if (teamIx === 1 && !cashback) profit[0]! += referralCents(c, referrerRate);
        };
        const createdDeposits = new Map<string, string>();
        const approvedDeposits = new Set<string>();
        const rejectedDeposits = new Set<string>();
        const appliedKeys = new Set<string>();
        const refunded = new Set<number>();
        const approvedPayouts = new Set<string>();
        const rejectedPayouts = new Set<string>();
        await Promise.all(
          cmds.map(async (cmd, i) => {
            const times = cmd.retry ? 2 : 1;
            const key = `prop-${r}-${i}`;
            const sends = Array.from({ length: times }, async () => {
              switch (cmd.k) {
                case 'topup': {
                  const tm = teams[cmd.team]!;
                  const res = await call(AGENCY, 'POST', `/api/deposits/seller-teams/${tm.id}`, { amount: dollars(cmd.cents), payWith: 'Bank transfer', transactionId: `TOP-${r}-${i}`, note: 'batch', status: cmd.approved ? 'approved' : 'pending', isCashback: cmd.cashback }, { 'idempotency-key': key });
                  expect(res.status).toBe(201);
                  const id = (res.body.deposit as { id: string }).id;
                  const seen = createdDeposits.get(key);
                  if (seen) expect(id).toBe(seen); // the replay is the first answer
                  else {
                    createdDeposits.set(key, id);
                    if (cmd.approved) credit(cmd.team, cmd.cents, cmd.cashback);
                  }
                  return;
                }
                case 'decide': {
                  const dep = pending[cmd.dep]!;
                  const res = await call(AGENCY, 'PATCH', `/api/deposits/seller-teams/${teams[dep.team]!.id}/${dep.id}`, { status: cmd.approve ? 'approved' : 'rejected' }, { 'idempotency-key': key });
                  expect([200, 409]).toContain(res.status);
                  if (res.status === 200) {
                    (cmd.approve ? approvedDeposits : rejectedDeposits).add(dep.id);
                  }
                  return;
                }
                case 'charge': {
                  const res = await ledger(cmd.team, 'order_charge', -cmd.cents, `prop:${r}:charge:${i}`);
                  if (res.ok && !res.replayed && !appliedKeys.has(`c${i}`)) {
                    appliedKeys.add(`c${i}`);
                    wallet[cmd.team]! -= cmd.cents;
                  }
                  return;
                }
                case 'refund': {
                  const ch = charges[cmd.charge]!;
                  const res = await ledger(ch.team, 'order_refund', ch.cents, `prop:${r}:refund:${cmd.charge}`);
                  expect(res.ok).toBe(true);
                  if (!res.replayed && !refunded.has(cmd.charge)) {
                    refunded.add(cmd.charge);
                    wallet[ch.team]! += ch.cents;
                  }
                  return;
                }
                case 'payoutRequest': {
                  const tm = teams[cmd.team]!;
                  const res = await call(tm.manager, 'POST', `/api/seller-teams/${tm.id}/payout-request/create`, { amount: dollars(cmd.cents), paymentType: 'payoneer', paymentValue: 'p@example.test', billName: `Batch ${r}-${i}` }, { 'idempotency-key': key });
                  expect([201, 409]).toContain(res.status);
                  return;
                }
                case 'payoutDecide': {
                  const req = requests[cmd.req]!;
                  const res = await call(AGENCY, 'PATCH', `/api/payouts/${req.id}/status`, { status: cmd.approve ? 1 : 2 }, { 'idempotency-key': key });
                  expect([200, 409]).toContain(res.status);
                  if (res.status === 200) (cmd.approve ? approvedPayouts : rejectedPayouts).add(req.id);
                  return;
                }
              }
            });
            await Promise.all(sends);
            commandsRun++;
          }),
        );

        // Exactly one decision per deposit and per payout request, and the money follows it.
        for (const dep of pending) {
          expect(approvedDeposits.has(dep.id) && rejectedDeposits.has(dep.id)).toBe(false);
          const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, dep.id));
          if (approvedDeposits.has(dep.id)) {
            expect(row!.status).toBe('approved');
            credit(dep.team, dep.cents, dep.cashback);
          } else if (rejectedDeposits.has(dep.id)) expect(row!.status).toBe('rejected');
          else expect(row!.status).toBe('pending');
          const moved = await t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, dep.id), inArray(ledgerEntries.type, ['topup', 'cashback'])));
          expect(moved).toHaveLength(row!.status === 'approved' ? 1 : 0);
        }
        for (const req of requests) {
          expect(approvedPayouts.has(req.id) && rejectedPayouts.has(req.id)).toBe(false);
          const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, req.id));
          if (approvedPayouts.has(req.id)) {
            expect(row!.status).toBe(1);
            profit[req.team]! -= req.cents;
          }
          const moved = await t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, req.id), eq(ledgerEntries.type, 'payout')));
          expect(moved).toHaveLength(row!.status === 1 ? 1 : 0);
        }
        // A retried top-up created one deposit.
        for (const [, id] of createdDeposits) expect(await t.database.db.select().from(deposits).where(eq(deposits.id, id))).toHaveLength(1);

        const end = await balances();
        expect(end.map((b) => b.wallet)).toEqual(wallet);
        expect(end.map((b) => b.profit)).toEqual(profit);
        expect(await ledgerViolations(t.database.db)).toEqual([]);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // Recorded in the closing note of issue 4: how many commands were run.
    console.info(`money property: ${RUNS} runs, ${commandsRun} concurrent commands, ${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}`);
  }, Math.max(600_000, RUNS * 6_000));
});
