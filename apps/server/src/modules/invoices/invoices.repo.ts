/**
 * The only Drizzle of the invoices module: invoices (read only here: they are written by
 * modules/money/invoice-writer.ts) and the seller's ledger entries (written by ledger.ts postEntry).
 */
import { and, desc, eq, gte, ilike, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { deposits, invoiceLines, invoices, ledgerEntries, sellerTeams } from '../../db/schema/index';
import { likePattern, pageWithCappedCount, withPage, type ListPage } from '../../lib/list';

type Conn = Db | Tx;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** `from` inclusive; `to` inclusive (a bare day means the whole of that day, UTC). */
export function dateRange(column: typeof invoices.createdAt | typeof ledgerEntries.createdAt, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(gte(column, new Date(DAY.test(from) ? `${from}T00:00:00Z` : from)));
  if (to) {
    if (DAY.test(to)) out.push(lt(column, new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)));
    else out.push(lte(column, new Date(to)));
  }
  return out;
}

/**
 * What the actor may see: an agency user its agency's invoices, a seller its own team's.
 * Anything else (no agency, no team) sees nothing.
 */
export function invoiceScope(actor: Actor): SQL {
  if (actor.userType === 'seller') {
    return actor.sellerTeamId ? eq(invoices.sellerTeamId, actor.sellerTeamId) : sql`false`;
  }
  if (actor.userType === 'agency' && actor.agencyId) return eq(invoices.agencyId, actor.agencyId);
  return sql`false`;
}

export interface InvoiceFilter {
  type?: 'IN' | 'OUT';
  search?: string;
  sellerTeamId?: string;
  from?: string;
  to?: string;
}

function invoiceWhere(actor: Actor, f: InvoiceFilter): SQL | undefined {
  return and(
    invoiceScope(actor),
    // Soft-deleted seller teams are hidden from lists.
    isNull(sellerTeams.deletedAt),
    f.type ? eq(invoices.type, f.type) : undefined,
    f.search ? ilike(invoices.name, likePattern(f.search)) : undefined,
    f.sellerTeamId ? eq(invoices.sellerTeamId, f.sellerTeamId) : undefined,
    ...dateRange(invoices.createdAt, f.from, f.to),
  );
}

const invoiceColumns = {
  id: invoices.id,
  name: invoices.name,
  createdAt: invoices.createdAt,
  type: invoices.type,
  source: invoices.source,
  sellerAmountCents: invoices.sellerAmountCents,
  agencyAmountCents: invoices.agencyAmountCents,
  remainAmountCents: invoices.remainAmountCents,
  note: invoices.note,
  teamId: sellerTeams.id,
  teamName: sellerTeams.name,
  teamCode: sellerTeams.code,
};
export type InvoiceRow = {
  id: string;
  name: string;
  createdAt: Date;
  type: 'IN' | 'OUT';
  source: string;
  sellerAmountCents: number;
  agencyAmountCents: number;
  remainAmountCents: number;
  note: string;
  teamId: string;
  teamName: string;
  teamCode: string;
};

export async function listInvoices(db: Db, actor: Actor, f: InvoiceFilter, page: ListPage) {
  const where = invoiceWhere(actor, f);
  const { rows, count } = await pageWithCappedCount(db, sql`${invoices} inner join ${sellerTeams} on ${sellerTeams.id} = ${invoices.sellerTeamId}`, where, page, (countColumn) =>
    withPage(
      db.select({ ...invoiceColumns, ...countColumn }).from(invoices).innerJoin(sellerTeams, eq(sellerTeams.id, invoices.sellerTeamId)),
      where, [desc(invoices.createdAt), desc(invoices.number)], page,
    ),
  );
  return { rows: rows as InvoiceRow[], count };
}

export async function findInvoice(db: Conn, actor: Actor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(sellerTeams, eq(sellerTeams.id, invoices.sellerTeamId))
    .where(and(invoiceScope(actor), eq(invoices.id, id)));
  return row as InvoiceRow | undefined;
}

export async function invoiceLinesOf(db: Conn, invoiceId: string) {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(invoiceLines.createdAt, invoiceLines.id);
}

/** Lines of several invoices (the export of a filtered list), grouped by invoice. */
export async function exportInvoices(db: Db, actor: Actor, f: InvoiceFilter, max: number) {
  return (await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(sellerTeams, eq(sellerTeams.id, invoices.sellerTeamId))
    .where(invoiceWhere(actor, f))
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(max)) as InvoiceRow[];
}

/** The deposit an invoice came from (top-up or cashback), if any. */
export async function depositOfInvoice(db: Conn, invoice: InvoiceRow, lineRefs: { refType: string | null; refId: string | null }[]) {
  const byRef = lineRefs.find((l) => l.refType === 'deposit' && l.refId)?.refId;
  const where = byRef
    ? and(eq(deposits.id, byRef), eq(deposits.sellerTeamId, invoice.teamId))
    : and(eq(deposits.invoiceId, invoice.id), eq(deposits.sellerTeamId, invoice.teamId));
  const [row] = await db.select().from(deposits).where(where).limit(1);
  return row;
}

// ----- ledger entries -----

export interface LedgerFilter {
  account: 'wallet' | 'profit';
  type?: (typeof ledgerEntries.$inferSelect)['type'];
  from?: string;
  to?: string;
}

function ledgerWhere(sellerTeamId: string, f: LedgerFilter): SQL | undefined {
  return and(
    eq(ledgerEntries.sellerTeamId, sellerTeamId),
    eq(ledgerEntries.accountKind, f.account),
    f.type ? eq(ledgerEntries.type, f.type) : undefined,
    ...dateRange(ledgerEntries.createdAt, f.from, f.to),
  );
}

const ledgerColumns = {
  id: ledgerEntries.id,
  createdAt: ledgerEntries.createdAt,
  type: ledgerEntries.type,
  description: ledgerEntries.description,
  amountCents: ledgerEntries.amountCents,
  balanceAfterCents: ledgerEntries.balanceAfterCents,
  refType: ledgerEntries.refType,
  refId: ledgerEntries.refId,
  // Qualified by hand: inside a selected field Drizzle names columns without their table.
  invoiceId: sql<string | null>`(select il.invoice_id from invoice_lines il where il.ledger_entry_id = "ledger_entries"."id" order by il.id limit 1)`,
};
export type LedgerRow = Awaited<ReturnType<typeof listLedger>>['rows'][number];

/**
 * Newest first in the order the entries were applied: ids are UUIDv7 taken at insert time, under
 * the account's row lock, so id order is the running balance's order (created_at is the
 * transaction's start and can disagree when two requests wait for the same account).
 */
export async function listLedger(db: Db, sellerTeamId: string, f: LedgerFilter, page: ListPage) {
  const where = ledgerWhere(sellerTeamId, f);
  const { rows, count } = await pageWithCappedCount(db, sql`${ledgerEntries}`, where, page, (countColumn) =>
    withPage(db.select({ ...ledgerColumns, ...countColumn }).from(ledgerEntries), where, [desc(ledgerEntries.id)], page),
  );
  return { rows, count };
}

export async function exportLedger(db: Db, sellerTeamId: string, f: LedgerFilter, max: number) {
  return db
    .select(ledgerColumns)
    .from(ledgerEntries)
    .where(ledgerWhere(sellerTeamId, f))
    .orderBy(desc(ledgerEntries.id))
    .limit(max);
}

// ----- adjustments -----

