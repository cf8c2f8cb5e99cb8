/**
 * The only Drizzle of the deposits module. Scope (agency, team) always comes from the caller's
 * actor through the service; a row outside it is simply not found.
 */
import { and, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DepositAgencyItem, DepositItem, DepositListQuery } from '@fbo/shared';
import { centsToDollars } from '@fbo/shared/domain/money';
import type { Db, Tx } from '../../db/client';
import { agencies, deposits, sellerTeams, users } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

type Conn = Db | Tx;
export type DepositRow = typeof deposits.$inferSelect;
export type TeamRow = typeof sellerTeams.$inferSelect;

const creator = sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${deposits.createdById})`;

const columns = {
  id: deposits.id,
  createdAt: deposits.createdAt,
  payWith: deposits.payWith,
  transactionId: deposits.transactionId,
  amountCents: deposits.amountCents,
  status: deposits.status,
  isCashback: deposits.isCashback,
  note: deposits.note,
  exchangeRate: deposits.exchangeRate,
  topupContent: deposits.topupContent,
  requestedBy: deposits.requestedBy,
  createdBy: creator,
  decidedAt: deposits.decidedAt,
  rejectReason: deposits.rejectReason,
  invoiceId: deposits.invoiceId,
};

type Selected = {
  id: string;
  createdAt: Date;
  payWith: DepositItem['payWith'];
  transactionId: string;
  amountCents: number;
  status: DepositItem['status'];
  isCashback: boolean;
  note: string;
  exchangeRate: string;
  topupContent: string;
  requestedBy: DepositItem['requestedBy'];
  createdBy: string | null;
  decidedAt: Date | null;
  rejectReason: string | null;
  invoiceId: string | null;
};

export function toItem(r: Selected): DepositItem {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    payWith: r.payWith,
    transactionId: r.transactionId,
    amount: centsToDollars(r.amountCents),
    status: r.status,
    isCashback: r.isCashback,
    note: r.note,
    exchangeRate: Number(r.exchangeRate),
    topupContent: r.topupContent,
    requestedBy: r.requestedBy,
    createdBy: r.createdBy ?? null,
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    rejectReason: r.rejectReason,
    invoiceId: r.invoiceId,
  };
}

export async function team(db: Conn, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(sellerTeams).where(eq(sellerTeams.id, teamId));
  return row;
}

export async function agency(db: Conn, agencyId: string) {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId));
  return row;
}

export async function item(db: Conn, id: string): Promise<DepositItem | undefined> {
  const [row] = await db.select(columns).from(deposits).where(eq(deposits.id, id));
  return row && toItem(row as Selected);
}

/** The team's deposit, locked for the decision: a second decision waits, then sees it decided. */
export async function lockDeposit(tx: Tx, teamId: string, depositId: string): Promise<DepositRow | undefined> {
  const [row] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, depositId), eq(deposits.sellerTeamId, teamId)))
    .for('update');
  return row;
}

/**
 * Whether the team already has a deposit (any status, either side's) with this transaction id,
 * case aside. A transaction-scoped advisory lock on (team, lower(id)) comes first, so two top-ups
 * racing with the same id take turns and the second one sees the first. Not the team row: locking
 * it here put a new lock ahead of the ledger's account locks, and concurrent money commands
 * deadlocked (the money property test found it on PostgreSQL).
 */
export async function transactionIdUsed(tx: Tx, teamId: string, transactionId: string): Promise<boolean> {
  const key = `deposit-transaction:${teamId}:${transactionId.trim().toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const [row] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.sellerTeamId, teamId), sql`lower(${deposits.transactionId}) = lower(${transactionId})`))
    .limit(1);
  return row !== undefined;
}

export async function insert(tx: Tx, values: typeof deposits.$inferInsert): Promise<DepositRow> {
  const [row] = await tx.insert(deposits).values(values).returning();
  return row!;
}

export async function update(tx: Tx, id: string, values: Partial<typeof deposits.$inferInsert>): Promise<void> {
  await tx.update(deposits).set({ ...values, updatedAt: new Date() }).where(eq(deposits.id, id));
}

function contains(column: typeof deposits.note | typeof deposits.transactionId, text: string | undefined): SQL | undefined {
  return text ? ilike(column, likePattern(text)) : undefined;
}

async function page(db: Db, where: SQL | undefined, q: { page: number; limit: number }) {
  const { rows, count } = await pageWithCappedCount(db, sql`${deposits}`, where, q, (countColumn) =>
    withPage(db.select({ ...columns, ...countColumn }).from(deposits), where, newestFirst(deposits), q),
  );
  return { rows: rows.map((r) => toItem(r as Selected)), count };
}

/** One team's deposits (the seller detail card, the seller's own list). */
export function listOfTeam(
  db: Db,
  teamId: string,
  q: { page: number; limit: number; payWith?: string; status?: string; transactionId?: string; note?: string },
) {
  const where = and(
    eq(deposits.sellerTeamId, teamId),
    q.payWith ? eq(deposits.payWith, q.payWith as DepositRow['payWith']) : undefined,
    q.status ? eq(deposits.status, q.status as DepositRow['status']) : undefined,
    contains(deposits.transactionId, q.transactionId),
    contains(deposits.note, q.note),
  );
  return page(db, where, q);
}

/** A date-only bound covers its whole UTC day. */
function bound(value: string, end: boolean): Date {
  const d = new Date(value);
  if (end && /^\d{4}-\d{2}-\d{2}$/.test(value)) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** The agency's deposits, of live teams only (deleted teams are hidden from lists). */
export async function listOfAgency(db: Db, agencyId: string, q: DepositListQuery) {
  const liveTeams = sql`${deposits.sellerTeamId} in (select ${sellerTeams.id} from ${sellerTeams} where ${sellerTeams.agencyId} = ${agencyId} and ${sellerTeams.deletedAt} is null)`;
  const where = and(
    eq(deposits.agencyId, agencyId),
    liveTeams,
    q.sellerTeam ? eq(deposits.sellerTeamId, q.sellerTeam) : undefined,
    q.status ? eq(deposits.status, q.status) : undefined,
    q.payWith ? eq(deposits.payWith, q.payWith) : undefined,
    q.search ? or(contains(deposits.transactionId, q.search), contains(deposits.note, q.search)) : undefined,
    q.from ? gte(deposits.createdAt, bound(q.from, false)) : undefined,
    q.to ? (/^\d{4}-\d{2}-\d{2}$/.test(q.to) ? lt(deposits.createdAt, bound(q.to, true)) : lte(deposits.createdAt, bound(q.to, true))) : undefined,
  );
  const { rows, count } = await pageWithCappedCount(db, sql`${deposits}`, where, q, (countColumn) =>
    withPage(db.select({ ...columns, sellerTeamId: deposits.sellerTeamId, ...countColumn }).from(deposits), where, newestFirst(deposits), q),
  );
  const teamIds = [...new Set(rows.map((r) => r.sellerTeamId))];
  const teams = teamIds.length
    ? await db.select({ id: sellerTeams.id, name: sellerTeams.name, code: sellerTeams.code }).from(sellerTeams).where(inArray(sellerTeams.id, teamIds))
    : [];
  const byId = new Map(teams.map((t) => [t.id, t]));
  const data: DepositAgencyItem[] = rows.map((r) => ({
    ...toItem(r as Selected),
    sellerTeam: byId.get(r.sellerTeamId) ?? { id: r.sellerTeamId, name: '', code: '' },
  }));
  return { rows: data, count };
}

/** The team's manager and its accounting sub-users (active): who hears about its deposits. */
export async function teamMoneyPeople(db: Conn, t: TeamRow) {
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, isSubUser: users.isSubUser, authority: users.authority })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        or(
          t.managerId ? eq(users.id, t.managerId) : sql`false`,
          and(eq(users.sellerTeamId, t.id), eq(users.userType, 'seller'), eq(users.isSubUser, true), eq(users.authority, 'accounting')),
        ),
      ),
    );
  return { ids: rows.map((r) => r.id), manager: rows.find((r) => r.id === t.managerId) ?? null };
}

/** The agency's accounting users (active sub-users). */
export async function agencyAccountingIds(db: Conn, agencyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.agencyId, agencyId),
        eq(users.userType, 'agency'),
        eq(users.isSubUser, true),
        eq(users.authority, 'accounting'),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
      ),
    );
  return rows.map((r) => r.id);
}

