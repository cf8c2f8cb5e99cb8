/**
 * THE writer of customers (docs/customers.md "Kept as orders are written"). Every path that creates an order or
 * changes its buyer, total, status or store calls `linkCustomers` in its own transaction with the orders it wrote:
 * the file import (a batch at a time), store orders, the order page's customer and address edits, cancels, the
 * privacy erase, the seed and the backfill. Set-based (the same few statements whatever the number of orders), so an
 * import pays per batch, not per order.
 *
 * A customer's figures are those of its own orders: a new customer is written with the figures of the orders that
 * made it, an existing one that gained, lost or changed an order is recounted from its orders (a buyer has few)
 * under its row lock, in the same transaction: an order re-linked to another buyer changes both customers
 * atomically, and the figures always equal a recount (the property test checks it after thousands of random changes).
 */
import { sql, type SQL } from 'drizzle-orm';
import { ERASED } from '@fbo/shared';
import { executedRows, type Db, type Tx } from '../../db/client';
import { UUIDV7_SQL } from '../../jobs/enqueue';
import { unnestRows } from '../../lib/pg-array';

/** Called inside the writer's transaction (a Db only where the caller's statement is the whole change). */
type Conn = Db | Tx;

/** A Postgres uuid[] literal of these ids (ids are uuids: no quoting needed). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Lower case, punctuation and runs of spaces made one space, trimmed: "  O'Brien,  Jane " -> "o brien jane". */
const norm = (column: SQL) => sql`btrim(regexp_replace(lower(${column}), '[[:space:][:punct:]]+', ' ', 'g'))`;

/**
 * The buyer's identity of an order row `o`: its e-mail when it has one, else its normalised name, address line,
 * zip and country; null for an order with neither (or erased): such an order has no customer.
 */
export function customerKeyOf(o: string): SQL {
  const c = (name: string) => sql.raw(`${o}.${name}`);
  return sql`case
    when ${c('email')} like '%_@_%' and ${c('email')} <> ${ERASED} then 'e:' || lower(btrim(${c('email')}))
    when btrim(${c('full_name')}) <> '' and ${c('full_name')} <> ${ERASED}
      then 'n:' || ${norm(c('full_name'))} || '|' || ${norm(c('address1'))} || '|' || ${norm(c('zip_code'))} || '|' || upper(btrim(${c('country_code')}))
    else null end`;
}

/** A customer's contact details: its latest order's. */
const CONTACT = ['full_name', 'email', 'phone', 'address1', 'address2', 'city', 'province', 'zip_code', 'country', 'country_code'] as const;
/** Every column a customer's orders decide, in the order FIGURES answers them. */
const FIGURE_COLUMNS = [...CONTACT, 'orders_count', 'total_spent_cents', 'first_order_at', 'last_order_at', 'store_ids', 'from_files'];

/** The customer columns, aggregated over its orders `o` (a GROUP BY per customer around it). */
const FIGURES = sql.raw(
  [
    ...CONTACT.map((c) => `(array_agg(o.${c} order by o.created_at desc, o.id desc))[1]`),
    'count(*)::int',
    `coalesce(sum(o.total_price_cents) filter (where o.status <> 'Cancel'), 0)`,
    'min(o.created_at)',
    'max(o.created_at)',
    `coalesce(array_agg(distinct o.store_id order by o.store_id) filter (where o.store_id is not null), '{}'::uuid[])`,
    'bool_or(o.store_id is null)',
  ]
    .map((expr, i) => `${expr} as ${FIGURE_COLUMNS[i]}`)
    .join(', '),
);

interface OrderKey {
  id: string;
  team: string;
  customer: string | null;
  key: string | null;
}

const pairKey = (team: string, key: string) => `${team}\u0000${key}`;

/**
 * Links these orders of one agency to their customers, unlinks those that lost their buyer, and brings every
 * customer concerned up to date. Answers the customers touched.
 *
 * Each order's key is computed once and read back; every later statement joins on plain columns, through the unique
 * index (agency, team, key) or the primary keys. (A join on the key expression let the planner, whose statistics
 * still saw an empty customers table, scan every customer for every order: 515 s for a 50,000-order import.) New
 * buyers are inserted with their figures in the same statement, so an import of new buyers writes each customer once
 * and recounts none; only customers that existed before are locked and recounted.
 */
export async function linkCustomers(tx: Conn, agencyId: string, orderIds: readonly string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = executedRows<OrderKey>(await tx.execute(sql`
    select o.id, o.seller_team_id as team, co.customer_id as customer, ${customerKeyOf('o')} as key
    from orders o left join customer_orders co on co.agency_id = ${agencyId} and co.order_id = o.id
    where o.agency_id = ${agencyId} and o.id = any(${uuidArray(orderIds)})`));
  const keyed = rows.filter((r): r is OrderKey & { key: string } => r.key !== null);
  const found = new Map<string, string>();
  const created = new Set<string>();
  if (keyed.length > 0) {
    // In key order, so two transactions meeting the same new buyers wait on each other instead of deadlocking.
    const inserted = executedRows<{ id: string; team: string; key: string }>(await tx.execute(sql`
      insert into customers (agency_id, id, seller_team_id, match_key, ${sql.raw(FIGURE_COLUMNS.join(', '))})
      select ${agencyId}, ${UUIDV7_SQL}, o.seller_team_id, w.key, ${FIGURES}
      from ${unnestRows(keyed, 'w', [['id', 'uuid'], ['key', 'text']])}
      join orders o on o.agency_id = ${agencyId} and o.id = w.id
      group by o.seller_team_id, w.key
      order by o.seller_team_id, w.key
      on conflict (agency_id, seller_team_id, match_key) do nothing
      returning id, seller_team_id as team, match_key as key`));
    for (const c of inserted) {
      found.set(pairKey(c.team, c.key), c.id);
      created.add(c.id);
    }
    const known = [...new Map(keyed.filter((r) => !found.has(pairKey(r.team, r.key))).map((r) => [pairKey(r.team, r.key), r])).values()];
    if (known.length > 0) {
      const existing = executedRows<{ id: string; team: string; key: string }>(await tx.execute(sql`
        select c.id, c.seller_team_id as team, c.match_key as key from ${unnestRows(known, 'w', [['team', 'uuid'], ['key', 'text']])}
        join customers c on c.agency_id = ${agencyId} and c.seller_team_id = w.team and c.match_key = w.key`));
      for (const c of existing) found.set(pairKey(c.team, c.key), c.id);
    }
  }
  const moves = rows.flatMap((r) => {
    const next = r.key === null ? null : (found.get(pairKey(r.team, r.key)) ?? null);
    return next === r.customer ? [] : [{ id: r.id, customer: next }];
  });
  const linked = moves.filter((m): m is { id: string; customer: string } => m.customer !== null);
  if (linked.length > 0) {
    await tx.execute(sql`
      insert into customer_orders (agency_id, order_id, customer_id)
      select ${agencyId}, m.id, m.customer from ${unnestRows(linked, 'm', [['id', 'uuid'], ['customer', 'uuid']])}
      on conflict (agency_id, order_id) do update set customer_id = excluded.customer_id`);
  }
  const unlinked = moves.filter((m) => m.customer === null).map((m) => m.id);
  if (unlinked.length > 0) {
    await tx.execute(sql`delete from customer_orders where agency_id = ${agencyId} and order_id = any(${uuidArray(unlinked)})`);
  }
  // Customers that existed before: those the orders had (an order's total, status or details may have changed
  // without moving it) and those they moved to. A customer made above already holds its orders' figures.
  const before = new Set(rows.flatMap((r) => (r.customer ? [r.customer] : [])));
  const recount = new Set([...before, ...moves.flatMap((m) => (m.customer && !created.has(m.customer) ? [m.customer] : []))]);
  const moved = new Set(moves.map((m) => m.id));
  const movedAway = new Set(rows.flatMap((r) => (r.customer && moved.has(r.id) ? [r.customer] : [])));
  await recountCustomers(tx, agencyId, [...recount], [...movedAway]);
  return [...new Set([...recount, ...created])];
}

/**
 * Recounts these customers from their orders, under their row locks (taken in id order, in a statement of their own
 * so the recount that follows sees every order committed before the locks were granted). Of `mayBeEmpty` (customers
 * that lost an order), one left with no order is deleted: its record existed only through them.
 */
export async function recountCustomers(tx: Conn, agencyId: string, customerIds: readonly string[], mayBeEmpty: readonly string[] = customerIds): Promise<void> {
  if (customerIds.length === 0) return;
  const ids = uuidArray([...customerIds].sort());
  await tx.execute(sql`select id from customers where agency_id = ${agencyId} and id = any(${ids}) order by id for update`);
  await tx.execute(sql`
    update customers c set ${sql.raw(FIGURE_COLUMNS.map((col) => `${col} = s.${col}`).join(', '))}, updated_at = now()
    from (
      select co.customer_id, ${FIGURES} from customer_orders co join orders o on o.id = co.order_id
      where co.agency_id = ${agencyId} and co.customer_id = any(${ids}) group by co.customer_id
    ) s
    where c.agency_id = ${agencyId} and c.id = s.customer_id`);
  if (mayBeEmpty.length === 0) return;
  await tx.execute(sql`
    delete from customers c where c.agency_id = ${agencyId} and c.id = any(${uuidArray(mayBeEmpty)})
      and not exists (select 1 from customer_orders co where co.agency_id = ${agencyId} and co.customer_id = c.id)`);
}

/** The order columns a customer is made of (its identity, contact details and figures), status aside. */
const CUSTOMER_FIELDS = new Set([
  'fullName', 'email', 'phone', 'address1', 'address2', 'city', 'province', 'zipCode', 'country', 'countryCode',
  'totalPriceCents', 'storeId', 'sellerTeamId', 'createdAt',
]);

/**
 * Whether a change of an order (drizzle's field names) may change its customer or the customer's figures. Of the
 * statuses only Cancel counts (a cancelled order's total leaves the spending; no order leaves Cancel), so approvals,
 * holds and shipments pay nothing for customers.
 */
export function touchesCustomer(patch: { status?: unknown }): boolean {
  return patch.status === 'Cancel' || Object.keys(patch).some((k) => CUSTOMER_FIELDS.has(k));
}
