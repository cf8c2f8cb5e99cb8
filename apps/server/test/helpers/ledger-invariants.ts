import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

interface Row {
  account_id: string;
  kind: string;
  balance: number;
  amount: number;
  balance_after: number;
  key: string;
}

/**
 * The ledger's invariants (DOMAIN.md 2 and 3, docs/money.md), checked over the whole database:
 * every account's balance is the sum of its entries; entries in the order they were applied
 * chain (each balance_after = previous + amount); no wallet entry left the wallet below zero;
 * no account has more profit paid out than it had payable. Returns a list of violations.
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const out: string[] = [];
  const sums = await rows<{ id: string; balance: number; total: number }>(
    db,
    sql`select a.id, a.balance_cents::bigint as balance, coalesce(sum(e.amount_cents), 0)::bigint as total
        from accounts a left join ledger_entries e on e.account_id = a.id group by a.id`,
  );
  for (const a of sums) if (Number(a.balance) !== Number(a.total)) out.push(`account ${a.id}: balance ${a.balance} != sum ${a.total}`);

  const entries = await rows<Row>(
    db,
    sql`select e.account_id, e.account_kind as kind, a.balance_cents::bigint as balance, e.amount_cents::bigint as amount,
               e.balance_after_cents::bigint as balance_after, e.idempotency_key as key
        from ledger_entries e join accounts a on a.id = e.account_id
        order by e.account_id, e.created_at, e.id`,
  );
  let prev: { account: string; after: number } | null = null;
  for (const e of entries) {
    const before = prev && prev.account === e.account_id ? prev.after : 0;
    if (Number(e.balance_after) !== before + Number(e.amount)) out.push(`entry ${e.key}: ${before} + ${e.amount} != ${e.balance_after}`);
    if (e.kind === 'wallet' && Number(e.balance_after) < 0) out.push(`entry ${e.key}: wallet below zero (${e.balance_after})`);
    prev = { account: e.account_id, after: Number(e.balance_after) };
  }

  const overpaid = await rows<{ team: string; remain: number }>(
    db,
    sql`select seller_team_id as team, sum(amount_cents) filter (where available_at <= now())::bigint as remain
        from ledger_entries where account_kind = 'profit' group by seller_team_id`,
  );
  for (const p of overpaid) if (Number(p.remain) < 0) out.push(`team ${p.team}: paid out more profit than payable (${p.remain})`);
  return out;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}
