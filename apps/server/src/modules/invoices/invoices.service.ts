/**
 * Invoices and bills (read and export), the seller's ledger with its running balance, and the
 * agency owner's manual adjustment of a seller's wallet (docs/money.md).
 *
 * Nothing here writes a balance, an entry or an invoice directly: the adjustment goes through
 * postEntry() and createInvoice() inside moneyTransaction() (the route), so a retried request with
 * the same Idempotency-Key answers the first answer and moves nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Actor, AdjustAnswer, AdjustBody, InvoiceDetail, InvoiceExportQuery, InvoiceItem, InvoiceListQuery, LedgerEntriesQuery, LedgerEntryItem, LedgerExportQuery } from '@fbo/shared';
import { LEDGER_TYPE_LABEL, MONEY_MSG, centsToDollars, dollarsToCents, formatUsd } from '@fbo/shared/domain/money';
import { INVOICE_MSG, INVOICE_LIMITS } from '@fbo/shared/domain/invoices-extra';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { toCsv, toXlsx, type SheetColumn } from '../../lib/spreadsheet';
import { CSV_TYPE, XLSX_TYPE, saveJobFile } from '../jobs';
import { writeAudit } from '../audit';
import { notify } from '../notifications';
import { createInvoice, postEntry } from '../money';
import * as repo from './invoices.repo';
import { findTeam, teamOptions as agencyTeamOptions } from '../sellers';

// ----- invoices -----

const toItem = (r: repo.InvoiceRow): InvoiceItem => ({
  id: r.id,
  name: r.name,
  createdDate: r.createdAt.toISOString(),
  sellerTeam: { id: r.teamId, name: r.teamName, code: r.teamCode },
  type: r.type,
  source: r.source,
  sellerAmount: centsToDollars(r.sellerAmountCents),
  agencyAmount: centsToDollars(r.agencyAmountCents),
  remainAmount: centsToDollars(r.remainAmountCents),
});

/** The filters a caller may use: a seller's sellerTeam is always its own (the parameter is ignored). */
function invoiceFilter(actor: Actor, q: Omit<InvoiceExportQuery, 'format'>): repo.InvoiceFilter | null {
  const tabType = q.activeName === 'payment' ? 'IN' : q.activeName === 'debts' ? 'OUT' : undefined;
  // A tab and a type that disagree select nothing.
  if (tabType && q.type && tabType !== q.type) return null;
  return {
    type: tabType ?? q.type,
    search: q.search || undefined,
    sellerTeamId: actor.userType === 'seller' ? undefined : q.sellerTeam,
    from: q.from,
    to: q.to,
  };
}

export async function listInvoices(ctx: AppContext, actor: Actor, q: InvoiceListQuery) {
  const f = invoiceFilter(actor, q);
  if (!f) return listAnswer([], { total: 0, capped: false }, q);
  const { rows, count } = await repo.listInvoices(ctx.db, actor, f, q);
  return listAnswer(rows.map(toItem), count, q);
}

/** The seller-team choices of the agency's invoices list (a seller has only its own team). */
export async function teamOptions(ctx: AppContext, actor: Actor) {
  if (actor.userType !== 'agency' || !actor.agencyId) return { data: [] };
  return { data: await agencyTeamOptions(ctx.db, actor.agencyId) };
}

export async function invoiceDetail(ctx: AppContext, actor: Actor, id: string): Promise<InvoiceDetail> {
  const invoice = await repo.findInvoice(ctx.db, actor, id);
  if (!invoice) throw notFound(INVOICE_MSG.notFound);
  const lines = await repo.invoiceLinesOf(ctx.db, id);
  const deposit = invoice.source === 'deposit' ? await repo.depositOfInvoice(ctx.db, invoice, lines) : undefined;
  return {
    ...toItem(invoice),
    note: invoice.note,
    lines: lines.map((l) => ({
      id: l.id,
      description: l.description,
      amount: centsToDollars(l.amountCents),
      agencyAmount: centsToDollars(l.agencyAmountCents),
      refType: l.refType,
      refId: l.refId,
      createdAt: l.createdAt.toISOString(),
    })),
    deposit: deposit
      ? {
          id: deposit.id,
          amount: centsToDollars(deposit.amountCents),
          payWith: deposit.payWith,
          transactionId: deposit.transactionId,
          status: deposit.status,
          isCashback: deposit.isCashback,
          note: deposit.note,
          createdAt: deposit.createdAt.toISOString(),
        }
      : null,
  };
}

/** YYYY-MM-DD HH:mm:ss (UTC) for spreadsheets. */
const sheetDate = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

const INVOICE_SHEET: SheetColumn<repo.InvoiceRow>[] = [
  { header: 'Name', value: (r) => r.name, width: 14 },
  { header: 'Created', value: (r) => sheetDate(r.createdAt), width: 20 },
  { header: 'Seller team', value: (r) => r.teamName, width: 24 },
  { header: 'Seller code', value: (r) => r.teamCode },
  { header: 'Type', value: (r) => r.type },
  { header: 'Source', value: (r) => r.source },
  { header: 'Seller amount', value: (r) => centsToDollars(r.sellerAmountCents), width: 14 },
  { header: 'Agency amount', value: (r) => centsToDollars(r.agencyAmountCents), width: 14 },
  { header: 'Remain amount', value: (r) => centsToDollars(r.remainAmountCents), width: 14 },
  { header: 'Note', value: (r) => r.note, width: 30 },
];

async function saveExport(ctx: AppContext, actor: Actor, base: string, format: 'csv' | 'xlsx', data: Buffer) {
  const file = await saveJobFile(ctx.db, {
    userId: actor.userId,
    agencyId: actor.agencyId,
    purpose: 'export',
    name: `${base}-${stamp()}.${format}`,
    contentType: format === 'csv' ? CSV_TYPE : XLSX_TYPE,
    data,
  });
  return { url: ctx.downloadUrl(file.id), message: MONEY_MSG.exportSuccess };
}

/** The current filter of the invoices list as csv or xlsx (formula-safe). */
export async function exportInvoices(ctx: AppContext, actor: Actor, q: InvoiceExportQuery) {
  const f = invoiceFilter(actor, q);
  const rows = f ? await repo.exportInvoices(ctx.db, actor, f, INVOICE_LIMITS.exportMaxRows + 1) : [];
  if (rows.length > INVOICE_LIMITS.exportMaxRows) throw badRequest(INVOICE_MSG.tooManyExportRows);
  const data = q.format === 'xlsx' ? await toXlsx('Invoices', INVOICE_SHEET, rows) : toCsv(INVOICE_SHEET, rows);
  return saveExport(ctx, actor, 'invoices', q.format, data);
}

type LineRow = Awaited<ReturnType<typeof repo.invoiceLinesOf>>[number];

/** One invoice: a row per line with the invoice's fields repeated, as csv. */
export async function exportInvoice(ctx: AppContext, actor: Actor, id: string) {
  const invoice = await repo.findInvoice(ctx.db, actor, id);
  if (!invoice) throw notFound(INVOICE_MSG.notFound);
  const lines = await repo.invoiceLinesOf(ctx.db, id);
  const columns: SheetColumn<LineRow>[] = [
    { header: 'Invoice', value: () => invoice.name },
    { header: 'Created', value: () => sheetDate(invoice.createdAt) },
    { header: 'Seller team', value: () => invoice.teamName },
    { header: 'Seller code', value: () => invoice.teamCode },
    { header: 'Type', value: () => invoice.type },
    { header: 'Source', value: () => invoice.source },
    { header: 'Seller amount', value: () => centsToDollars(invoice.sellerAmountCents) },
    { header: 'Agency amount', value: () => centsToDollars(invoice.agencyAmountCents) },
    { header: 'Remain amount', value: () => centsToDollars(invoice.remainAmountCents) },
    { header: 'Line', value: (l) => l.description },
    { header: 'Line amount', value: (l) => centsToDollars(l.amountCents) },
    { header: 'Line agency amount', value: (l) => centsToDollars(l.agencyAmountCents) },
    { header: 'Ref type', value: (l) => l.refType },
    { header: 'Ref id', value: (l) => l.refId },
    { header: 'Line created', value: (l) => sheetDate(l.createdAt) },
  ];
  return saveExport(ctx, actor, invoice.name, 'csv', toCsv(columns, lines));
}

// ----- the seller's ledger -----

const toEntry = (r: repo.LedgerRow): LedgerEntryItem => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  type: r.type,
  description: r.description,
  amount: centsToDollars(r.amountCents),
  balanceAfter: centsToDollars(r.balanceAfterCents),
  refType: r.refType,
  refId: r.refId,
  invoiceId: r.invoiceId ?? null,
});

function ownTeam(actor: Actor): string {
  if (!actor.sellerTeamId) throw notFound(MONEY_MSG.teamNotFound);
  return actor.sellerTeamId;
}

export async function ledgerEntries(ctx: AppContext, actor: Actor, q: LedgerEntriesQuery) {
  const { rows, count } = await repo.listLedger(ctx.db, ownTeam(actor), q, q);
  return listAnswer(rows.map(toEntry), count, q);
}

const LEDGER_SHEET: SheetColumn<repo.LedgerRow>[] = [
  { header: 'Date', value: (r) => sheetDate(r.createdAt), width: 20 },
  { header: 'Type', value: (r) => LEDGER_TYPE_LABEL[r.type] },
  { header: 'Description', value: (r) => r.description, width: 40 },
  { header: 'Amount', value: (r) => centsToDollars(r.amountCents) },
  { header: 'Balance after', value: (r) => centsToDollars(r.balanceAfterCents), width: 14 },
  { header: 'Ref type', value: (r) => r.refType },
  { header: 'Ref id', value: (r) => r.refId, width: 38 },
];

export async function exportLedger(ctx: AppContext, actor: Actor, q: LedgerExportQuery) {
  const rows = await repo.exportLedger(ctx.db, ownTeam(actor), q, INVOICE_LIMITS.exportMaxRows + 1);
  if (rows.length > INVOICE_LIMITS.exportMaxRows) throw badRequest(INVOICE_MSG.tooManyExportRows);
  const data = q.format === 'xlsx' ? await toXlsx('Balance', LEDGER_SHEET, rows) : toCsv(LEDGER_SHEET, rows);
  return saveExport(ctx, actor, `balance-${q.account}`, q.format, data);
}

// ----- manual adjustment -----

/**
 * Credits (amount > 0) or debits (amount < 0) a seller team's wallet with a mandatory reason,
 * inside the caller's transaction (the route wraps it in moneyTransaction). A fresh ledger key per
 * request: the Idempotency-Key header is what protects a retry. A debit beyond the balance is
 * refused by postEntry (409) and nothing is written.
 */
export async function adjust(tx: Tx, actor: Actor, teamId: string, body: AdjustBody): Promise<AdjustAnswer> {
  const agencyId = actor.agencyId;
  const team = agencyId ? await findTeam(tx, agencyId, teamId) : undefined;
  if (!agencyId || !team) throw notFound(MONEY_MSG.teamNotFound);
  const amountCents = dollarsToCents(body.amount);
  const credit = amountCents > 0;
  const { entry } = await postEntry(tx, {
    agencyId,
    sellerTeamId: team.id,
    account: 'wallet',
    type: 'adjustment',
    amountCents,
    key: `adjustment:${randomUUID()}`,
    refType: 'adjustment',
    description: body.reason,
    reason: body.reason,
    actorId: actor.userId,
  });
  const size = Math.abs(amountCents);
  const invoice = await createInvoice(tx, {
    agencyId,
    sellerTeamId: team.id,
    type: credit ? 'IN' : 'OUT',
    source: 'adjustment',
    sellerAmountCents: size,
    agencyAmountCents: size,
    remainAmountCents: 0,
    note: body.reason,
    lines: [{ description: body.reason, amountCents: size, agencyAmountCents: size, refType: 'ledger_entry', refId: entry.id, ledgerEntryId: entry.id }],
  });
  const balanceBeforeCents = entry.balanceAfterCents - amountCents;
  await writeAudit(tx, {
    actorId: actor.userId,
    agencyId,
    entity: 'seller_team',
    entityId: team.id,
    action: 'adjust_balance',
    before: { balanceCents: balanceBeforeCents },
    after: { balanceCents: entry.balanceAfterCents, amountCents, ledgerEntryId: entry.id, invoiceId: invoice.id },
    reason: body.reason,
  });
  if (team.managerId) {
    await notify(tx, [team.managerId], {
      agencyId,
      title: INVOICE_MSG.adjustedTitle,
      content: INVOICE_MSG.adjustedContent(credit, formatUsd(size / 100), formatUsd(entry.balanceAfterCents / 100), body.reason),
    });
  }
  return {
    message: INVOICE_MSG.adjusted,
    balance: { amount: centsToDollars(entry.balanceAfterCents) },
    invoiceId: invoice.id,
    entryId: entry.id,
  };
}
