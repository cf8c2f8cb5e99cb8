import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, getTableName, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type SelectedFields } from 'drizzle-orm/pg-core';
import type { SellerListQuery, SellerMember } from '@fbo/shared';
import { SELLER_CLOSED_ORDER_STATUSES, SELLER_LIMITS } from '@fbo/shared/domain/sellers';
import type { Db, Tx } from '../../db/client';
import { accounts, basecosts, deposits, orders, payouts, sellerTeams, users } from '../../db/schema/index';
import { likePattern, pageWithCappedCount } from '../../lib/list';

/** Short, unambiguous upper-case codes (no 0/O, 1/I). */
export function randomCode(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export async function teamByReferralCode(db: Db | Tx, agencyId: string, referralCode: string) {
  const [row] = await db
    .select({ id: sellerTeams.id })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.referralCode, referralCode.toUpperCase())));
  return row ?? null;
}

/** The base cost a new self-signed-up team starts on: the agency's first one. */
export async function defaultBasecostId(db: Db | Tx, agencyId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: basecosts.id })
    .from(basecosts)
    // A deleted group is never given to a new team.
    .where(and(eq(basecosts.agencyId, agencyId), isNull(basecosts.deletedAt)))
    .orderBy(asc(basecosts.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** A seller team with its wallet and profit account, in the caller's transaction. */
export async function insertSellerTeam(
  tx: Tx,
  input: {
    agencyId: string;
    name: string;
    managerId: string;
    referralFromId: string | null;
    basecostId: string | null;
    autoApproveOrder?: boolean;
    /** The agency's Create Seller dialog sets these; sign-up leaves the defaults. */
    code?: string;
    supporterId?: string | null;
    rate?: number;
    sellerType?: 'default' | 'warehouse';
    active?: boolean;
  },
) {
  const [team] = await tx
    .insert(sellerTeams)
    .values({
      agencyId: input.agencyId,
      name: input.name,
      code: input.code ?? `S${randomCode(7)}`,
      managerId: input.managerId,
      referralCode: randomCode(8),
      referralFromId: input.referralFromId,
      basecostId: input.basecostId,
      autoApproveOrder: input.autoApproveOrder ?? false,
      supporterId: input.supporterId ?? null,
      rate: String(input.rate ?? 0),
      sellerType: input.sellerType ?? 'default',
      active: input.active ?? true,
    })
    .returning();
  await tx.insert(accounts).values([
    { agencyId: input.agencyId, sellerTeamId: team!.id, kind: 'wallet' },
    { agencyId: input.agencyId, sellerTeamId: team!.id, kind: 'profit' },
  ]);
  return team!;
}

// ----- the agency's Sellers screens (docs/decisions.md, "Sellers") -----

type Conn = Db | Tx;

/** The PostgreSQL error code and constraint under a driver or Drizzle error. */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  const out: { code?: string; constraint?: string } = {};
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    const constraint = (e as { constraint?: unknown }).constraint;
    if (!out.code && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) out.code = code;
    if (!out.constraint && typeof constraint === 'string') out.constraint = constraint;
  }
  return out;
}

const col = (c: AnyPgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/** A live (not soft-deleted) team of the agency. */
const liveTeam = (agencyId: string) => and(eq(sellerTeams.agencyId, agencyId), isNull(sellerTeams.deletedAt));

const manager = alias(users, 'manager');
const supporter = alias(users, 'supporter');
const mapped = alias(users, 'mapped_user');
const referrer = alias(sellerTeams, 'referrer');
const referrerManager = alias(users, 'referrer_manager');

/** Pending top-ups of the row's team (the partial index deposits_agency_pending_idx answers it). */
const pendingTopUp = sql<number>`(select count(*) from ${deposits} where ${col(deposits.agencyId)} = ${col(sellerTeams.agencyId)}
  and ${col(deposits.sellerTeamId)} = ${col(sellerTeams.id)} and ${col(deposits.status)} = 'pending')`.mapWith(Number);

const rowColumns = {
  id: sellerTeams.id,
  name: sellerTeams.name,
  code: sellerTeams.code,
  rate: sellerTeams.rate,
  referralCode: sellerTeams.referralCode,
  referralFromId: referrer.id,
  referralFromName: referrer.name,
  referralFromCode: referrer.code,
  referralFromManagerEmail: referrerManager.email,
  basecostId: basecosts.id,
  basecostName: basecosts.name,
  supporterId: supporter.id,
  supporterEmail: supporter.email,
  managerId: manager.id,
  managerEmail: manager.email,
  mappedUserId: mapped.id,
  mappedUserEmail: mapped.email,
  pendingTopUp,
  pendingPayoutDays: sellerTeams.pendingPayoutDays,
  autoApproveOrder: sellerTeams.autoApproveOrder,
  getOrderAPI: sellerTeams.getOrderApi,
  active: sellerTeams.active,
  sellerType: sellerTeams.sellerType,
  createdAt: sellerTeams.createdAt,
};

export type SellerRowBase = Awaited<ReturnType<typeof selectRows>>[number];

/** `extra`: more columns, such as a list's capped count (lib/list.ts). */
function selectRows<E extends SelectedFields = Record<never, never>>(db: Conn, where: SQL | undefined, extra?: E) {
  return db
    .select({ ...rowColumns, ...(extra as E) })
    .from(sellerTeams)
    .leftJoin(basecosts, eq(basecosts.id, sellerTeams.basecostId))
    .leftJoin(manager, eq(manager.id, sellerTeams.managerId))
    .leftJoin(supporter, eq(supporter.id, sellerTeams.supporterId))
    .leftJoin(mapped, eq(mapped.id, sellerTeams.mappedUserId))
    .leftJoin(referrer, eq(referrer.id, sellerTeams.referralFromId))
    .leftJoin(referrerManager, eq(referrerManager.id, referrer.managerId))
    .where(where);
}

function listWhere(agencyId: string, q: SellerListQuery): SQL | undefined {
  const pattern = q.search ? likePattern(q.search) : null;
  return and(
    liveTeam(agencyId),
    pattern ? or(ilike(sellerTeams.name, pattern), ilike(sellerTeams.code, pattern)) : undefined,
    q.supporter ? eq(sellerTeams.supporterId, q.supporter) : undefined,
    q.basecost ? eq(sellerTeams.basecostId, q.basecost) : undefined,
    q.sellerType ? eq(sellerTeams.sellerType, q.sellerType) : undefined,
    q.sellerTeam ? eq(sellerTeams.id, q.sellerTeam) : undefined,
    q.autoApproveOrder ? eq(sellerTeams.autoApproveOrder, q.autoApproveOrder === 'AUTO') : undefined,
    q.active !== undefined ? eq(sellerTeams.active, q.active) : undefined,
  );
}

/** One page of the agency's teams, newest first: one query for the rows, one capped count. */
export async function listSellerTeams(db: Db, agencyId: string, q: SellerListQuery) {
  const where = listWhere(agencyId, q);
  const { rows, count } = await pageWithCappedCount(db, sql`${sellerTeams}`, where, q, (countColumn) =>
    selectRows(db, where, countColumn)
      .orderBy(desc(sellerTeams.createdAt), desc(sellerTeams.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  );
  return { rows, count };
}

export async function sellerTeamRow(db: Conn, agencyId: string, id: string) {
  const [row] = await selectRows(db, and(liveTeam(agencyId), eq(sellerTeams.id, id)));
  return row;
}

/** `lock`: 'update', so two changes of one team take turns. */
export async function findTeam(db: Conn, agencyId: string, id: string, lock = false) {
  const query = db.select().from(sellerTeams).where(and(liveTeam(agencyId), eq(sellerTeams.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The agency's live teams by name, for team selects and filters (deposits, invoices and payouts pages:
 * accounting reads those but not the Sellers list). At most the spec's select limit.
 */
export async function teamOptions(db: Conn, agencyId: string) {
  return db
    .select({ id: sellerTeams.id, name: sellerTeams.name, code: sellerTeams.code })
    .from(sellerTeams)
    .where(liveTeam(agencyId))
    .orderBy(asc(sellerTeams.name), asc(sellerTeams.id))
    .limit(SELLER_LIMITS.selectLimit);
}

/** Codes are unique per agency, deleted teams included (the unique index covers them). */
export async function codeTaken(db: Conn, agencyId: string, code: string, exceptId?: string) {
  const [row] = await db
    .select({ id: sellerTeams.id })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.code, code), exceptId ? ne(sellerTeams.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Referral codes are unique across agencies (the sign-up link carries only the code). */
export async function referralCodeTaken(db: Conn, referralCode: string, exceptId: string) {
  const [row] = await db
    .select({ id: sellerTeams.id })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.referralCode, referralCode), ne(sellerTeams.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function agencyBasecost(db: Conn, agencyId: string, id: string) {
  const [row] = await db
    .select({ id: basecosts.id, name: basecosts.name })
    .from(basecosts)
    .where(and(eq(basecosts.agencyId, agencyId), eq(basecosts.id, id), isNull(basecosts.deletedAt)));
  return row;
}

export async function agencyBasecostOptions(db: Conn, agencyId: string) {
  return db
    .select({ id: basecosts.id, name: basecosts.name })
    .from(basecosts)
    .where(and(eq(basecosts.agencyId, agencyId), isNull(basecosts.deletedAt)))
    .orderBy(asc(sql`lower(${basecosts.name})`), asc(basecosts.id));
}

/** A user of the agency itself (owner or sub-user), not deleted: supporters and mapped users. */
export async function agencyUser(db: Conn, agencyId: string, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.agencyId, agencyId), eq(users.userType, 'agency'), isNull(users.deletedAt)));
  return row;
}

export async function userByEmail(db: Conn, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function insertManager(tx: Tx, values: { email: string; fullName: string; passwordHash: string; agencyId: string }) {
  const [row] = await tx
    .insert(users)
    .values({ ...values, userType: 'seller', authority: 'seller', isSubUser: false, status: 'pending' })
    .returning();
  return row!;
}

export async function bindManager(tx: Tx, userId: string, agencyId: string, sellerTeamId: string) {
  await tx.update(users).set({ agencyId, sellerTeamId, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function updateTeam(tx: Tx, id: string, values: Partial<typeof sellerTeams.$inferInsert>) {
  await tx.update(sellerTeams).set({ ...values, updatedAt: new Date() }).where(eq(sellerTeams.id, id));
}

export async function members(db: Conn, sellerTeamId: string, limit: number): Promise<SellerMember[]> {
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, authority: users.authority, isSubUser: users.isSubUser, status: users.status })
    .from(users)
    .where(and(eq(users.sellerTeamId, sellerTeamId), isNull(users.deletedAt)))
    .orderBy(asc(users.isSubUser), asc(users.createdAt), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, authority: r.authority as SellerMember['authority'] }));
}

/** What holds a team back from deletion: money in either account, pending deposits or payouts, open orders. */
export async function deleteBlockers(tx: Tx, sellerTeamId: string) {
  const [money] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(accounts)
    .where(and(eq(accounts.sellerTeamId, sellerTeamId), ne(accounts.balanceCents, 0)));
  const [pendingDeposits] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(deposits)
    .where(and(eq(deposits.sellerTeamId, sellerTeamId), eq(deposits.status, 'pending')));
  const [pendingPayouts] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(payouts)
    .where(and(eq(payouts.sellerTeamId, sellerTeamId), eq(payouts.status, 0)));
  const [openOrders] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.sellerTeamId, sellerTeamId), notInArray(orders.status, [...SELLER_CLOSED_ORDER_STATUSES])));
  return {
    money: (money?.n ?? 0) + (pendingDeposits?.n ?? 0) + (pendingPayouts?.n ?? 0) > 0,
    openOrders: (openOrders?.n ?? 0) > 0,
  };
}

export async function softDeleteTeam(tx: Tx, id: string) {
  await tx.update(sellerTeams).set({ deletedAt: new Date(), active: false, updatedAt: new Date() }).where(eq(sellerTeams.id, id));
}

/** The team's users can no longer sign in; their tokens stop working at once. */
export async function disableTeamUsers(tx: Tx, sellerTeamId: string) {
  return tx
    .update(users)
    .set({ status: 'disabled', tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.sellerTeamId, sellerTeamId), isNull(users.deletedAt)))
    .returning({ id: users.id, email: users.email });
}

/** The live team of the agency whose manager is this user. */
export async function teamManagedBy(db: Conn, agencyId: string, userId: string) {
  const [row] = await db
    .select({ id: sellerTeams.id, managerId: sellerTeams.managerId })
    .from(sellerTeams)
    .where(and(liveTeam(agencyId), eq(sellerTeams.managerId, userId)));
  return row;
}

/** A new password, every session ended; a pending manager (never set one) becomes active. */
export async function setPassword(tx: Tx, userId: string, passwordHash: string) {
  const [row] = await tx
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      status: sql`case when ${users.status} = 'pending' then 'active' else ${users.status} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id, status: users.status });
  return row;
}

/** Of these ids, the agency's live teams. */
export async function agencyTeamIds(db: Conn, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: sellerTeams.id }).from(sellerTeams).where(and(liveTeam(agencyId), inArray(sellerTeams.id, ids)));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}
