/**
 * Writes invoices for money movements, in the caller's transaction (docs/money.md, "Invoices").
 * Numbers are per agency and gapless: the agency row is locked (FOR NO KEY UPDATE, which does not
 * block other rows' foreign-key checks) while the next number is taken.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { agencies, invoiceLines, invoices } from '../../db/schema/index';

export interface InvoiceLineInput {
  description: string;
  amountCents: number;
  agencyAmountCents?: number;
  refType?: string;
  refId?: string;
  ledgerEntryId?: string;
}

export interface InvoiceInput {
  agencyId: string;
  sellerTeamId: string;
  type: 'IN' | 'OUT';
  source: (typeof invoices.$inferInsert)['source'];
  sellerAmountCents: number;
  agencyAmountCents?: number;
  remainAmountCents?: number;
  note?: string;
  lines: InvoiceLineInput[];
}

export async function createInvoice(tx: Tx, input: InvoiceInput) {
  await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, input.agencyId)).for('no key update');
  const [next] = await tx
    .select({ n: sql<number>`coalesce(max(${invoices.number}), 0)::int + 1` })
    .from(invoices)
    .where(eq(invoices.agencyId, input.agencyId));
  const number = Number(next!.n);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      agencyId: input.agencyId,
      sellerTeamId: input.sellerTeamId,
      name: `${input.type}-${String(number).padStart(6, '0')}`,
      number,
      type: input.type,
      source: input.source,
      sellerAmountCents: input.sellerAmountCents,
      agencyAmountCents: input.agencyAmountCents ?? 0,
      remainAmountCents: input.remainAmountCents ?? 0,
      note: input.note ?? '',
    })
    .returning();
  if (input.lines.length > 0) {
    await tx.insert(invoiceLines).values(
      input.lines.map((l) => ({
        invoiceId: invoice!.id,
        description: l.description,
        amountCents: l.amountCents,
        agencyAmountCents: l.agencyAmountCents ?? 0,
        refType: l.refType ?? null,
        refId: l.refId ?? null,
        ledgerEntryId: l.ledgerEntryId ?? null,
      })),
    );
  }
  return invoice!;
}
