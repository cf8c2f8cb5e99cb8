/**
 * Demo money: deposits, invoices, profit, payouts and a referral, made through the ledger core
 * (postEntry, createInvoice) so every balance equals the sum of its entries, as in real use.
 * Rows are back-dated in the order they are posted, so running balances read in time order.
 * Deterministic (no random stream): the rest of the demo data stays as it was.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from './client';
import * as s from './schema/index';
import { postEntry } from '../modules/money/ledger';
import { createInvoice } from '../modules/money/invoice-writer';
import { creditReferral } from '../modules/money/referral-credit';
import type { SeedOrderMoney } from './seed-orders';

interface SeedTeam {
  id: string;
  agencyId: string;
  managerId: string;
  name: string;
}

const DAY = 86_400_000;
const PAY_WITH = ['Pingpong', 'Payoneer', 'Bank transfer'] as const;

/** Back-dates what the ledger core just wrote, so the history reads as it happened. */
async function backdateMoney(tx: Tx, entryIds: string[], invoiceId: string | null, when: Date) {
  if (entryIds.length) await tx.update(s.ledgerEntries).set({ createdAt: when }).where(inArray(s.ledgerEntries.id, entryIds));
  if (invoiceId) {
    await tx.update(s.invoices).set({ createdAt: when }).where(eq(s.invoices.id, invoiceId));
    await tx.update(s.invoiceLines).set({ createdAt: when }).where(eq(s.invoiceLines.invoiceId, invoiceId));
  }
}

export async function seedMoney(tx: Tx, teams: SeedTeam[], ownerByAgency: Map<string, string>, orderMoney: SeedOrderMoney = { events: [], topUps: [] }) {
  const now = Date.now();
  // A time on the day `daysAgo` days back, always in the past.
  const at = (daysAgo: number, hour = 10) => new Date(now - daysAgo * DAY - (24 - hour) * 3_600_000);

  const backdate = (entryIds: string[], invoiceId: string | null, when: Date) => backdateMoney(tx, entryIds, invoiceId, when);

  async function deposit(team: SeedTeam, n: number, spec: { cents: number; daysAgo: number; status: 'approved' | 'pending' | 'rejected'; cashback?: boolean; bySeller?: boolean }) {
    const when = at(spec.daysAgo, 9 + (n % 8));
    const [row] = await tx
      .insert(s.deposits)
      .values({
        agencyId: team.agencyId,
        sellerTeamId: team.id,
        amountCents: spec.cents,
        payWith: PAY_WITH[n % 3]!,
        transactionId: `TX${String(880000 + n * 37)}`,
        note: spec.cashback ? 'Monthly volume cashback' : spec.bySeller ? 'Transferred from our business account' : 'Top-up received',
        status: spec.status,
        isCashback: spec.cashback ?? false,
        exchangeRate: '25400',
        topupContent: `TOPUP ${team.name.toUpperCase().replace(/[^A-Z0-9]+/g, '')}`,
        requestedBy: spec.bySeller ? 'seller' : 'agency',
        createdById: spec.bySeller ? team.managerId : (ownerByAgency.get(team.agencyId) ?? null),
        decidedById: spec.status === 'pending' ? null : (ownerByAgency.get(team.agencyId) ?? null),
        decidedAt: spec.status === 'pending' ? null : when,
        rejectReason: spec.status === 'rejected' ? 'Transaction not found at the bank' : null,
        createdAt: when,
        updatedAt: when,
      })
      .returning();
    if (spec.status !== 'approved') return;
    const { entry } = await postEntry(tx, {
      agencyId: team.agencyId,
      sellerTeamId: team.id,
      account: 'wallet',
      type: spec.cashback ? 'cashback' : 'topup',
      amountCents: spec.cents,
      key: `deposit:${row!.id}:approve`,
      refType: 'deposit',
      refId: row!.id,
      description: `${spec.cashback ? 'Cashback' : 'Top-up'} ${row!.transactionId} (${row!.payWith})`,
      actorId: ownerByAgency.get(team.agencyId) ?? null,
    });
    const invoice = await createInvoice(tx, {
      agencyId: team.agencyId,
      sellerTeamId: team.id,
      type: 'IN',
      source: 'deposit',
      sellerAmountCents: spec.cents,
      agencyAmountCents: spec.cashback ? 0 : spec.cents,
      lines: [{ description: entry.description, amountCents: spec.cents, agencyAmountCents: spec.cashback ? 0 : spec.cents, refType: 'deposit', refId: row!.id, ledgerEntryId: entry.id }],
    });
    await tx.update(s.deposits).set({ invoiceId: invoice.id }).where(eq(s.deposits.id, row!.id));
    const before = await tx.select({ id: s.ledgerEntries.id }).from(s.ledgerEntries).where(eq(s.ledgerEntries.refId, row!.id));
    if (!spec.cashback) await creditReferral(tx, { referredTeamId: team.id, depositId: row!.id, amountCents: spec.cents, actorId: null });
    const referral = await tx.select({ id: s.ledgerEntries.id }).from(s.ledgerEntries).where(and(eq(s.ledgerEntries.refId, row!.id), eq(s.ledgerEntries.type, 'referral')));
    await backdate([...before.map((e) => e.id), ...referral.map((e) => e.id)], invoice.id, when);
    // The referral earning is held from the top-up's day, as it would have been.
    if (referral.length) await tx.update(s.ledgerEntries).set({ availableAt: new Date(when.getTime() + 2 * DAY) }).where(inArray(s.ledgerEntries.id, referral.map((e) => e.id)));
  }

  async function orderProfit(team: SeedTeam, orderId: string, cents: number, daysAgo: number, holdDays: number) {
    const when = at(daysAgo, 15);
    const { entry } = await postEntry(tx, {
      agencyId: team.agencyId,
      sellerTeamId: team.id,
      account: 'profit',
      type: 'order_profit',
      amountCents: cents,
      key: `order:${orderId}:profit`,
      refType: 'order',
      refId: orderId,
      description: 'Order profit',
      actorId: null,
      availableAt: new Date(when.getTime() + holdDays * DAY),
    });
    await backdate([entry.id], null, when);
  }

  async function payout(team: SeedTeam, n: number, spec: { cents: number; daysAgo: number; status: 0 | 1 | 2 }) {
    const when = at(spec.daysAgo, 11);
    const methods = ['paypal', 'pingpong', 'payoneer', 'creditcard'] as const;
    const [row] = await tx
      .insert(s.payouts)
      .values({
        agencyId: team.agencyId,
        sellerTeamId: team.id,
        amountCents: spec.cents,
        status: spec.status,
        paymentType: methods[n % 4]!,
        paymentValue: `payouts+${n}@${team.name.toLowerCase().replace(/[^a-z]+/g, '')}.test`,
        billName: `Profit ${new Date(when).toISOString().slice(0, 7)} #${n}`,
        note: spec.status === 2 ? '' : 'Monthly payout',
        decisionNote: spec.status === 2 ? 'Payment account could not be verified' : null,
        requestedById: team.managerId,
        decidedById: spec.status === 0 ? null : (ownerByAgency.get(team.agencyId) ?? null),
        approvedAt: spec.status === 1 ? new Date(when.getTime() + DAY) : null,
        createdAt: when,
        updatedAt: when,
      })
      .returning();
    if (spec.status !== 1) return;
    const { entry } = await postEntry(tx, {
      agencyId: team.agencyId,
      sellerTeamId: team.id,
      account: 'profit',
      type: 'payout',
      amountCents: -spec.cents,
      key: `payout:${row!.id}:approve`,
      refType: 'payout',
      refId: row!.id,
      description: `Payout ${row!.billName}`,
      actorId: ownerByAgency.get(team.agencyId) ?? null,
    });
    const approvedAt = new Date(when.getTime() + DAY);
    await backdate([entry.id], null, approvedAt);
    // A payout counts against remainProfit from the day it was made.
    await tx.update(s.ledgerEntries).set({ availableAt: approvedAt }).where(eq(s.ledgerEntries.id, entry.id));
  }

  // Every movement is queued with its date and posted in time order, so each account's entries
  // chain in the order they happened (balance_after of one = the previous one's plus its amount).
  const events: { when: number; order: number; post: () => Promise<void> }[] = [];
  const queue = (when: Date, post: () => Promise<void>) => events.push({ when: when.getTime(), order: events.length, post });

  const [demoTeam, otherTeam, ...rest] = teams;
  // A referral: the first partner shop joined with Demo Seller's code; Demo Seller earns 5 %.
  const referred = rest[0]!;
  await tx.update(s.sellerTeams).set({ rate: '5.00' }).where(eq(s.sellerTeams.id, demoTeam!.id));
  await tx.update(s.sellerTeams).set({ referralFromId: demoTeam!.id }).where(eq(s.sellerTeams.id, referred.id));

  // Demo Seller: enough deposits and invoices to page (deposits 5 a page, bills 10).
  let n = 0;
  const demoDeposits: { cents: number; daysAgo: number; status: 'approved' | 'pending' | 'rejected'; cashback?: boolean; bySeller?: boolean }[] = [
    { cents: 100_000, daysAgo: 118, status: 'approved' },
    { cents: 50_000, daysAgo: 104, status: 'approved' },
    { cents: 25_000, daysAgo: 97, status: 'rejected', bySeller: true },
    { cents: 75_000, daysAgo: 90, status: 'approved', bySeller: true },
    { cents: 2_500, daysAgo: 84, status: 'approved', cashback: true },
    { cents: 120_000, daysAgo: 70, status: 'approved' },
    { cents: 30_000, daysAgo: 55, status: 'approved', bySeller: true },
    { cents: 4_000, daysAgo: 50, status: 'approved', cashback: true },
    { cents: 60_000, daysAgo: 41, status: 'approved' },
    { cents: 45_000, daysAgo: 30, status: 'approved', bySeller: true },
    { cents: 80_000, daysAgo: 16, status: 'approved' },
    { cents: 20_000, daysAgo: 2, status: 'pending', bySeller: true },
    { cents: 35_000, daysAgo: 1, status: 'pending', bySeller: true },
  ];
  for (const d of demoDeposits) {
    const k = n++;
    queue(at(d.daysAgo, 9 + (k % 8)), () => deposit(demoTeam!, k, d));
  }
  const later = (team: SeedTeam, d: Parameters<typeof deposit>[2]) => {
    const k = n++;
    queue(at(d.daysAgo, 9 + (k % 8)), () => deposit(team, k, d));
  };
  later(otherTeam!, { cents: 40_000, daysAgo: 60, status: 'approved' });
  later(otherTeam!, { cents: 15_000, daysAgo: 3, status: 'pending', bySeller: true });
  for (const [i, team] of rest.entries()) {
    later(team, { cents: 10_000 + ((i * 7919) % 90) * 1_000, daysAgo: 80 - (i % 40), status: 'approved' });
    if (i % 3 === 0) later(team, { cents: 5_000 + i * 500, daysAgo: 20 - (i % 15), status: i % 2 ? 'pending' : 'approved', bySeller: true });
  }

  // Order charges and cancel refunds (seed-orders.ts), after each team's opening top-up for them;
  // the top-ups come last in the deposit numbering so the deposits above keep their numbers.
  for (const topUp of orderMoney.topUps) {
    const team = teams.find((tm) => tm.id === topUp.teamId);
    if (team) later(team, { cents: topUp.cents, daysAgo: 125, status: 'approved' });
  }
  for (const e of orderMoney.events) {
    queue(e.when, async () => {
      const written = await e.post();
      await backdate(written.entryIds, written.invoiceId, e.when);
    });
  }

  // Profit by the order-profit rule (docs/money.md, "Order profit"): a Fulfilled order sold through
  // one of the agency's store fronts (a proxy) earns its recorded sale (sale_total_cents, "Sale
  // price"). Older ones are payable; the two newest were delivered today, so they are still inside
  // the team's hold window.
  const fulfilled = await tx
    .select({ id: s.orders.id, cents: s.orders.saleTotalCents })
    .from(s.orders)
    .where(and(eq(s.orders.sellerTeamId, demoTeam!.id), eq(s.orders.status, 'Fulfilled'), isNotNull(s.orders.proxyId), isNotNull(s.orders.saleTotalCents)))
    .orderBy(asc(s.orders.orderName));
  for (const [i, order] of fulfilled.entries()) {
    const fresh = i >= fulfilled.length - 2 && fulfilled.length > 2;
    const daysAgo = fresh ? 0 : Math.max(1, 100 - i * 9);
    queue(at(daysAgo, 15), () => orderProfit(demoTeam!, order.id, Number(order.cents), daysAgo, 2));
  }

  // A payout is approved the day after it is asked for: it is posted then.
  const payoutSpecs = [
    { cents: 3_000, daysAgo: 60, status: 1 },
    { cents: 2_000, daysAgo: 45, status: 2 },
    { cents: 2_500, daysAgo: 20, status: 1 },
    { cents: 1_500, daysAgo: 1, status: 0 },
  ] as const;
  for (const [i, p] of payoutSpecs.entries()) queue(new Date(at(p.daysAgo, 11).getTime() + DAY), () => payout(demoTeam!, i + 1, p));

  for (const e of events.sort((a, b) => a.when - b.when || a.order - b.order)) await e.post();
}
