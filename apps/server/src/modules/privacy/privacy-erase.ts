/**
 * THE erase of a buyer's personal data (docs/stores.md, "Privacy"; docs/decisions.md, "Privacy erase").
 * Given a tenant scope and a buyer (e-mails, phones, order ids, store order ids, or every order of a
 * store), it erases the orders that are closed (Fulfilled, Cancel: no action of the order machine starts
 * from them) and leaves the open ones waiting: the scheduled job (`privacy.complete`) erases them once they
 * close. Money, counts, statuses, the country and the catalog side of the items are kept. A
 * `privacy_erasures` row records the request (who, when, which orders, done or waiting), never the values.
 *
 * Erasing one order: its personal fields become ERASED; every string under a personal key (PERSONAL_KEYS)
 * and every whole occurrence of the buyer's values (the order's fields and what its timeline and audit
 * entries recorded before a change) become ERASED in its metadata, its timeline (messages, notes, data),
 * its change requests, and the audit entries of the order and its items. Then, once per batch, for the
 * identifying values (name, e-mail, phone, address lines): the agency's mail history, notifications,
 * finished jobs' payloads and results and stored webhook bodies from the orders' creation on; mails sent
 * to the buyer's address lose recipient, subject and body; and the job files that may hold the orders
 * (exports and reports made since, the uploads and reports of the imports that created them) are deleted.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { executedRows } from '../../db/client';
import { orders, privacyErasures } from '../../db/schema/index';
import { linkCustomers } from '../customers';
import { ERASED, collectPersonal, scrubJson, scrubText, valueForms, valuePattern } from './scrub';

/** Statuses no action of the order machine starts from: an order there is closed and may be erased. */
export const CLOSED_ORDER_STATUSES: readonly string[] = ORDER_STATUSES.filter((s) => !Object.values(ORDER_TRANSITIONS).some((t) => (t.from as readonly string[]).includes(s)));

/** The order's personal fields (the country and its code are kept: tax and shipping statistics). */
const ORDER_FIELDS = ['fullName', 'email', 'phone', 'address1', 'address2', 'city', 'province', 'zipCode'] as const;
/** Values that identify a buyer on their own: searched beyond the order's own rows. */
const IDENTIFYING_FIELDS = ['fullName', 'email', 'phone', 'address1', 'address2'] as const;
const IDENTIFYING_KEYS = new Set(['fullName', 'full_name', 'email', 'contact_email', 'phone', 'address1', 'address2']);
/** Shorter values are erased in the order's own rows only: beyond them they would hit other words. */
const MIN_WIDE_LENGTH = 4;
/** Orders erased per transaction. */
const BATCH = 20;

export interface BuyerSubject {
  emails?: string[];
  phones?: string[];
  /** Our order ids. */
  orderIds?: string[];
  /** The store's ids of its orders (orders.external_id). */
  externalIds?: string[];
  /** Every order of the scope (a shop's redaction): the scope must name a store or a team. */
  everyOrder?: boolean;
}

export interface EraseRequest {
  agencyId: string;
  /** Narrow the scope to one store's or one seller team's orders. */
  storeId?: string | null;
  sellerTeamId?: string | null;
  buyer: BuyerSubject;
  /** Who asked: `shopify:customers/redact`, `shopify:shop/redact`, `customers`... */
  source: string;
  /** The request's identity, from ids only (never the buyer's values): a repeat finds its record. */
  requestKey: string;
  requestedBy?: string | null;
}

export interface EraseOutcome {
  id: string;
  /** The same request was made before: nothing more was changed or recorded. */
  repeated: boolean;
  status: 'waiting' | 'done';
  /** Orders the request matched, erased now, and still waiting to close. */
  orders: number;
  erased: number;
  waiting: number;
}

type OrderRow = typeof orders.$inferSelect;
interface Target {
  table: string;
  text: string[];
  json: string[];
}

const T_EVENTS: Target = { table: 'order_events', text: ['message'], json: ['data'] };
const T_CHANGES: Target = { table: 'order_change_requests', text: ['note'], json: ['payload'] };
const T_AUDIT: Target = { table: 'audit_entries', text: ['reason'], json: ['before', 'after'] };
const T_MAILS: Target = { table: 'email_messages', text: ['to_address', 'subject', 'html', 'text', 'error'], json: [] };
const T_NOTIFICATIONS: Target = { table: 'notifications', text: ['title', 'content'], json: [] };
const T_JOBS: Target = { table: 'jobs', text: ['error'], json: ['payload', 'result'] };
const T_WEBHOOKS: Target = { table: 'store_webhooks', text: ['note'], json: ['payload'] };

const col = (name: string) => sql.identifier(name);

/** The prefilter forms of the values: as stored in text, and as they read inside a JSON text. */
function searchForms(values: string[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    out.add(v.toLowerCase());
    out.add(JSON.stringify(v).slice(1, -1).toLowerCase());
  }
  return [...out];
}

/**
 * Rewrites the rows of a table matching `where` (every one with `rows: 'all'`, else those holding one of the
 * values): the values replaced in the text columns and in the JSON columns (with personal keys when `keys`).
 */
async function scrubRows(tx: Tx, target: Target, where: SQL, forms: string[], keys: boolean, rows: 'all' | 'holding' = 'holding'): Promise<number> {
  const cols = [...target.text, ...target.json];
  const pattern = valuePattern(forms);
  if (rows === 'holding' && forms.length === 0) return 0;
  const filter =
    rows === 'all'
      ? sql`true`
      : sql.join(
          cols.flatMap((c) => searchForms(forms).map((v) => sql`strpos(lower(${col(c)}::text), ${v}) > 0`)),
          sql` or `,
        );
  const found = executedRows<Record<string, unknown>>(
    await tx.execute(sql`select id, ${sql.join(cols.map(col), sql`, `)} from ${col(target.table)} where ${where} and (${filter}) for update`),
  );
  let changed = 0;
  for (const row of found) {
    const sets: SQL[] = [];
    for (const c of target.text) {
      const v = row[c];
      if (typeof v !== 'string') continue;
      const next = scrubText(v, pattern);
      if (next !== v) sets.push(sql`${col(c)} = ${next}`);
    }
    for (const c of target.json) {
      const v = row[c];
      if (v == null) continue;
      const next = scrubJson(v, pattern, keys);
      if (JSON.stringify(next) !== JSON.stringify(v)) sets.push(sql`${col(c)} = ${JSON.stringify(next)}::jsonb`);
    }
    if (sets.length === 0) continue;
    await tx.execute(sql`update ${col(target.table)} set ${sql.join(sets, sql`, `)} where ${where} and id = ${row['id']}`);
    changed++;
  }
  return changed;
}

const rowsOf = async <T>(tx: Tx, query: SQL) => executedRows<T>(await tx.execute(query));

/** Erases one locked, closed order and its own rows; returns its identifying values for the wider search. */
async function eraseOrder(tx: Tx, order: OrderRow): Promise<{ identifying: string[]; email: string }> {
  const agencyId = order.agencyId;
  const items = await rowsOf<{ id: string }>(tx, sql`select id from order_items where order_id = ${order.id}`);
  const entityIds = [order.id, ...items.map((i) => i.id)];
  const entityList = sql.join(entityIds.map((id) => sql`${id}`), sql`, `);
  const all = new Set<string>();
  const identifying = new Set<string>();
  for (const f of ORDER_FIELDS) if (order[f].trim() !== '' && order[f] !== ERASED) all.add(order[f]);
  for (const f of IDENTIFYING_FIELDS) if (order[f].trim() !== '' && order[f] !== ERASED) identifying.add(order[f]);
  // What the timeline and the audit recorded before a change (an old address) is the buyer's too.
  const recorded: unknown[] = [order.metadata];
  for (const e of await rowsOf<{ data: unknown }>(tx, sql`select data from order_events where order_id = ${order.id} and data is not null`)) recorded.push(e.data);
  for (const a of await rowsOf<{ before: unknown; after: unknown }>(tx, sql`select before, after from audit_entries where agency_id = ${agencyId} and entity_id in (${entityList})`)) recorded.push(a.before, a.after);
  for (const c of await rowsOf<{ payload: unknown }>(tx, sql`select payload from order_change_requests where order_id = ${order.id}`)) recorded.push(c.payload);
  for (const r of recorded) collectPersonal(r, all);
  for (const r of recorded) collectIdentifying(r, identifying);

  const forms = valueForms(all);
  const pattern = valuePattern(forms);
  const patch: Partial<Record<(typeof ORDER_FIELDS)[number], string>> = {};
  for (const f of ORDER_FIELDS) if (order[f].trim() !== '' && order[f] !== ERASED) patch[f] = ERASED;
  await tx
    .update(orders)
    .set({ ...patch, metadata: scrubJson(order.metadata, pattern, true) as Record<string, unknown>, updatedAt: new Date() })
    .where(and(eq(orders.agencyId, agencyId), eq(orders.id, order.id)));
  // Buyer input on the items: none is stored today (order_items holds catalog data); see docs/stores.md.
  // Its own rows, whole: personal keys, and the values inside texts (a note quoting the address).
  await scrubRows(tx, T_EVENTS, sql`order_id = ${order.id}`, forms, true, 'all');
  await scrubRows(tx, T_CHANGES, sql`order_id = ${order.id}`, forms, true, 'all');
  await scrubRows(tx, T_AUDIT, sql`agency_id = ${agencyId} and entity_id in (${entityList})`, forms, true, 'all');
  return { identifying: [...identifying], email: order.email };
}

function collectIdentifying(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collectIdentifying(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (IDENTIFYING_KEYS.has(k) && typeof v === 'string') {
        if (v.trim() !== '' && v !== ERASED) into.add(v);
      } else collectIdentifying(v, into);
    }
  }
}

/** Mails sent to these addresses lose recipient, subject and bodies. */
async function eraseMailsTo(tx: Tx, agencyId: string, emails: string[]): Promise<void> {
  const list = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== '' && e !== ERASED))];
  if (list.length === 0) return;
  await tx.execute(sql`update email_messages set to_address = ${ERASED}, subject = ${ERASED}, html = ${ERASED}, text = ${ERASED}, error = null
    where agency_id = ${agencyId} and lower(to_address) in (${sql.join(list.map((e) => sql`${e}`), sql`, `)})`);
}

/** The identifying values beyond the orders' own rows, from `since` on (nothing about an order is older). */
async function eraseWide(tx: Tx, agencyId: string, values: string[], since: Date, storeId: string | null): Promise<void> {
  const forms = valueForms(values, MIN_WIDE_LENGTH);
  if (forms.length === 0) return;
  await scrubRows(tx, T_MAILS, sql`agency_id = ${agencyId} and created_at >= ${since}`, forms, false);
  await scrubRows(tx, T_NOTIFICATIONS, sql`agency_id = ${agencyId} and created_at >= ${since}`, forms, false);
  await scrubRows(tx, T_JOBS, sql`agency_id = ${agencyId} and created_at >= ${since} and status in ('done', 'failed')`, forms, false);
  const store = storeId ? sql` and store_id = ${storeId}` : sql``;
  await scrubRows(tx, T_WEBHOOKS, sql`agency_id = ${agencyId} and payload is not null${store}`, forms, false);
}

/**
 * Job files that may hold the orders: exports and reports of the agency made since the oldest order was
 * created, and the uploads and failed-row reports of the imports that created them. Deleted (their parts
 * go by the cascade); a download link to one answers 404. Files of a job still running are left to it.
 */
async function deleteJobFiles(tx: Tx, agencyId: string, since: Date, importIds: string[]): Promise<void> {
  const imports = importIds.length ? sql.join(importIds.map((id) => sql`${id}`), sql`, `) : null;
  const ofImports = imports
    ? sql` or job_id in (select job_id from order_imports where agency_id = ${agencyId} and id in (${imports}) and job_id is not null)
         or id in (select report_file_id from order_imports where agency_id = ${agencyId} and id in (${imports}) and report_file_id is not null)`
    : sql``;
  await tx.execute(sql`delete from job_files where agency_id = ${agencyId}
    and (job_id is null or job_id in (select id from jobs where status in ('done', 'failed')))
    and ((purpose in ('export', 'report') and created_at >= ${since})${ofImports})`);
}

/** Erases these locked, closed orders of one agency, and what quotes them beyond their rows. */
async function eraseOrders(tx: Tx, agencyId: string, list: OrderRow[]): Promise<void> {
  if (list.length === 0) return;
  const identifying: string[] = [];
  const emails: string[] = [];
  for (const order of list) {
    const done = await eraseOrder(tx, order);
    identifying.push(...done.identifying);
    emails.push(done.email);
  }
  // Erased orders have no buyer any more: unlinked, their customers recounted, a customer left with none deleted.
  await linkCustomers(tx, agencyId, list.map((o) => o.id));
  const since = new Date(Math.min(...list.map((o) => o.createdAt.getTime())));
  const stores = new Set(list.map((o) => o.storeId));
  await eraseMailsTo(tx, agencyId, emails);
  await eraseWide(tx, agencyId, identifying, since, stores.size === 1 ? [...stores][0]! : null);
  await deleteJobFiles(tx, agencyId, since, [...new Set(list.map((o) => o.importId).filter((id): id is string => !!id))]);
}

const digits = (s: string) => s.replace(/\D/g, '');

function matchingOrders(req: EraseRequest): SQL | undefined {
  const b = req.buyer;
  const scope = [eq(orders.agencyId, req.agencyId)];
  if (req.storeId) scope.push(eq(orders.storeId, req.storeId));
  if (req.sellerTeamId) scope.push(eq(orders.sellerTeamId, req.sellerTeamId));
  if (b.everyOrder) return req.storeId || req.sellerTeamId ? and(...scope) : undefined;
  const emails = (b.emails ?? []).map((e) => e.trim().toLowerCase()).filter((e) => e !== '' && e !== ERASED.toLowerCase());
  const phones = (b.phones ?? []).map(digits).filter((p) => p.length >= 6);
  const who: SQL[] = [];
  if (b.orderIds?.length) who.push(inArray(orders.id, b.orderIds));
  if (b.externalIds?.length) who.push(inArray(orders.externalId, b.externalIds));
  if (emails.length) who.push(inArray(sql`lower(${orders.email})`, emails));
  if (phones.length) who.push(inArray(sql`regexp_replace(${orders.phone}, '\\D', '', 'g')`, phones));
  if (who.length === 0) return undefined;
  return and(...scope, or(...who));
}

const pendingOf = (agencyId: string, id: string) =>
  sql`${orders.id} in (select (jsonb_array_elements_text(pending_order_ids))::uuid from privacy_erasures where agency_id = ${agencyId} and id = ${id})`;

/**
 * Erases the closed orders still pending on a record, a batch per transaction, and closes the record when
 * none is left (an order that no longer exists leaves the list). The scheduled job calls it for every
 * waiting record; the request calls it at once.
 */
export async function completeErasure(db: Db, agencyId: string, id: string): Promise<{ erased: number; waiting: number; status: 'waiting' | 'done' }> {
  let erased = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [rec] = await tx
        .select()
        .from(privacyErasures)
        .where(and(eq(privacyErasures.agencyId, agencyId), eq(privacyErasures.id, id)))
        .for('update');
      if (!rec) return { n: 0, waiting: 0, status: 'done' as const, more: false };
      if (rec.status === 'done') return { n: 0, waiting: 0, status: rec.status, more: false };
      const closed = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.agencyId, agencyId), pendingOf(agencyId, id), inArray(orders.status, [...CLOSED_ORDER_STATUSES])))
        .orderBy(orders.id)
        .limit(BATCH)
        .for('update');
      await eraseOrders(tx, agencyId, closed);
      const present = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.agencyId, agencyId), pendingOf(agencyId, id)));
      const done = new Set(closed.map((o) => o.id));
      const alive = new Set(present.map((o) => o.id));
      const left = rec.pendingOrderIds.filter((o) => alive.has(o) && !done.has(o));
      const status = left.length === 0 ? ('done' as const) : ('waiting' as const);
      await tx
        .update(privacyErasures)
        .set({ pendingOrderIds: left, status, completedAt: status === 'done' ? new Date() : null })
        .where(and(eq(privacyErasures.agencyId, agencyId), eq(privacyErasures.id, id)));
      return { n: closed.length, waiting: left.length, status, more: closed.length === BATCH };
    });
    erased += step.n;
    if (!step.more) return { erased, waiting: step.waiting, status: step.status };
  }
}

/**
 * THE erase service. Records the request (once: a repeat with the same key changes nothing more), erases
 * what the request names beyond orders at once (mail to the buyer's addresses, stored webhook bodies of the
 * scope quoting the buyer), then the closed orders; open ones wait for the scheduled job.
 */
export async function eraseBuyerData(db: Db, req: EraseRequest): Promise<EraseOutcome> {
  const started = await db.transaction(async (tx) => {
    const [rec] = await tx
      .insert(privacyErasures)
      .values({
        agencyId: req.agencyId,
        source: req.source,
        requestedBy: req.requestedBy ?? null,
        storeId: req.storeId ?? null,
        sellerTeamId: req.sellerTeamId ?? null,
        requestKey: req.requestKey,
      })
      .onConflictDoNothing()
      .returning();
    if (!rec) {
      const [before] = await tx
        .select()
        .from(privacyErasures)
        .where(and(eq(privacyErasures.agencyId, req.agencyId), eq(privacyErasures.requestKey, req.requestKey)));
      return { rec: before!, repeated: true };
    }
    const where = matchingOrders(req);
    const found = where ? await tx.select({ id: orders.id }).from(orders).where(where).orderBy(orders.id) : [];
    const ids = found.map((o) => o.id);
    await eraseMailsTo(tx, req.agencyId, req.buyer.emails ?? []);
    if (req.buyer.everyOrder && req.storeId) {
      // A shop's redaction: no body that shop sent is kept.
      await tx.execute(sql`update store_webhooks set payload = null where agency_id = ${req.agencyId} and store_id = ${req.storeId} and payload is not null`);
    } else {
      const said = [...(req.buyer.emails ?? []), ...(req.buyer.phones ?? [])];
      const store = req.storeId ? sql` and store_id = ${req.storeId}` : sql``;
      await scrubRows(tx, T_WEBHOOKS, sql`agency_id = ${req.agencyId} and payload is not null${store}`, valueForms(said, MIN_WIDE_LENGTH), false);
    }
    const [saved] = await tx
      .update(privacyErasures)
      .set({ orderIds: ids, pendingOrderIds: ids })
      .where(and(eq(privacyErasures.agencyId, req.agencyId), eq(privacyErasures.id, rec.id)))
      .returning();
    return { rec: saved!, repeated: false };
  });
  const { rec, repeated } = started;
  if (repeated) {
    return { id: rec.id, repeated, status: rec.status, orders: rec.orderIds.length, erased: 0, waiting: rec.pendingOrderIds.length };
  }
  const done = await completeErasure(db, req.agencyId, rec.id);
  return { id: rec.id, repeated, status: done.status, orders: rec.orderIds.length, erased: done.erased, waiting: done.waiting };
}

/** The scheduled job: every waiting erasure whose orders have closed since is completed. */
export async function completeWaitingErasures(db: Db): Promise<{ erasures: number; erased: number; waiting: number }> {
  const list = await db
    .select({ agencyId: privacyErasures.agencyId, id: privacyErasures.id })
    .from(privacyErasures)
    .where(eq(privacyErasures.status, 'waiting'))
    .orderBy(privacyErasures.requestedAt);
  let erased = 0;
  let waiting = 0;
  for (const r of list) {
    const done = await completeErasure(db, r.agencyId, r.id);
    erased += done.erased;
    waiting += done.waiting;
  }
  return { erasures: list.length, erased, waiting };
}
