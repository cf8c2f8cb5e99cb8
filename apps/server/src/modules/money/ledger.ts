/**
 * THE way money moves (docs/money.md). Every change of an account's balance is one immutable
 * ledger entry, written together with the balance under the account's row lock, in the caller's
 * transaction. Nothing else may write `accounts.balance_cents` or `ledger_entries`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MONEY_MSG } from '@fbo/shared/domain/money';
import type { Db, Tx } from '../../db/client';
import { accounts, ledgerEntries } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';

export type AccountKind = 'wallet' | 'profit';
export type LedgerType = (typeof ledgerEntries.$inferSelect)['type'];
export type LedgerEntry = typeof ledgerEntries.$inferSelect;

export interface PostInput {
  agencyId: string;
  sellerTeamId: string;
  account: AccountKind;
  type: LedgerType;
  /** Signed cents: credit > 0, debit < 0. */
  amountCents: number;
  /** Unique per movement, derived from what causes it ('deposit:{id}:approve'): a retry or a race moves nothing. */
  key: string;
  refType?: string;
  refId?: string;
  description: string;
  /** Why (mandatory for manual adjustments; recorded in the audit entry too). */
  reason?: string;
  actorId: string | null;
  /** Profit account: from when the entry counts toward remainProfit (default now). */
  availableAt?: Date;
  /**
   * The wallet may not go below zero (docs/money.md: no credit). The one exception is a
   * correction of a movement already made (none yet); kept explicit so it is never implicit.
   */
  allowNegative?: boolean;
}

export interface PostResult {
  entry: LedgerEntry;
  /** True when the key had already moved money: nothing changed now. */
  replayed: boolean;
}

/** The team's account, locked for the rest of the transaction. */
export async function lockAccount(tx: Tx, sellerTeamId: string, kind: AccountKind) {
  const [account] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.sellerTeamId, sellerTeamId), eq(accounts.kind, kind)))
    .for('update');
  if (!account) throw notFound('Account not found');
  return account;
}

export async function postEntry(tx: Tx, input: PostInput): Promise<PostResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents === 0) throw conflict('A ledger entry needs a non-zero whole number of cents');
  const account = await lockAccount(tx, input.sellerTeamId, input.account);
  // Under the account lock: a second movement with the same key sees the first one.
  const [existing] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, input.key));
  if (existing) return { entry: existing, replayed: true };

  const balanceAfter = account.balanceCents + input.amountCents;
  if (input.account === 'wallet' && input.amountCents < 0 && balanceAfter < 0 && !input.allowNegative) {
    throw conflict(MONEY_MSG.insufficientBalance(account.balanceCents));
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      agencyId: input.agencyId,
      sellerTeamId: input.sellerTeamId,
      accountId: account.id,
      accountKind: input.account,
      type: input.type,
      amountCents: input.amountCents,
      balanceAfterCents: balanceAfter,
      idempotencyKey: input.key,
      refType: input.refType ?? null,
      refId: input.refId ?? null,
      description: input.description,
      reason: input.reason ?? null,
      actorId: input.actorId,
      availableAt: input.availableAt ?? new Date(),
      // The clock when the lock was held, not the transaction's start: entries sort in the order
      // they were applied, so each one's balance_after is the previous one's plus its amount.
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  await tx.update(accounts).set({ balanceCents: balanceAfter, updatedAt: new Date() }).where(eq(accounts.id, account.id));
  await writeAudit(tx, {
    actorId: input.actorId,
    agencyId: input.agencyId,
    entity: 'ledger_entry',
    entityId: entry!.id,
    action: input.type,
    before: { balanceCents: account.balanceCents },
    after: { balanceCents: balanceAfter, amountCents: input.amountCents, account: input.account, key: input.key },
    reason: input.reason ?? input.description,
  });
  return { entry: entry!, replayed: false };
}

export interface ProfitFigures {
  /** Paid out so far (positive). */
  totalAmountPaidCents: number;
  /** Earned but still inside the hold window. */
  totalHoldCents: number;
  /** Everything earned (accruals and referral earnings, less reversals). */
  totalProfitCents: number;
  /** Payable now: released earnings less payouts. */
  remainProfitCents: number;
}

const ZERO: ProfitFigures = { totalAmountPaidCents: 0, totalHoldCents: 0, totalProfitCents: 0, remainProfitCents: 0 };

/** Profit figures of several teams in one query (the Sellers list, the header, payouts). */
export async function profitFigures(db: Db | Tx, sellerTeamIds: string[], now = new Date()): Promise<Map<string, ProfitFigures>> {
  const out = new Map<string, ProfitFigures>();
  if (sellerTeamIds.length === 0) return out;
  const rows = await db
    .select({
      sellerTeamId: ledgerEntries.sellerTeamId,
      paid: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = 'payout'), 0)::bigint`,
      hold: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.availableAt} > ${now}), 0)::bigint`,
      total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} <> 'payout'), 0)::bigint`,
      remain: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.availableAt} <= ${now}), 0)::bigint`,
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.sellerTeamId, sellerTeamIds), eq(ledgerEntries.accountKind, 'profit')))
    .groupBy(ledgerEntries.sellerTeamId);
  for (const id of sellerTeamIds) out.set(id, { ...ZERO });
  for (const r of rows) {
    out.set(r.sellerTeamId, {
      totalAmountPaidCents: Number(r.paid),
      totalHoldCents: Number(r.hold),
      totalProfitCents: Number(r.total),
      remainProfitCents: Number(r.remain),
    });
  }
  return out;
}

export async function teamProfit(db: Db | Tx, sellerTeamId: string): Promise<ProfitFigures> {
  return (await profitFigures(db, [sellerTeamId])).get(sellerTeamId)!;
}

/** Wallet balances of several teams (the cached sum, exact because only postEntry writes it). */
export async function walletBalances(db: Db | Tx, sellerTeamIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (sellerTeamIds.length === 0) return out;
  const rows = await db
    .select({ sellerTeamId: accounts.sellerTeamId, balance: accounts.balanceCents })
    .from(accounts)
    .where(and(inArray(accounts.sellerTeamId, sellerTeamIds), eq(accounts.kind, 'wallet')));
  for (const r of rows) out.set(r.sellerTeamId, r.balance);
  return out;
}
