/**
 * Shopify's mandatory privacy webhooks (docs/stores.md, "Privacy"), delivered to the app's compliance URI
 * (set in the app's configuration, not by webhookSubscriptionCreate) and processed by the `stores.webhook`
 * job like every topic:
 * - `customers/redact`: the buyer's data in that store's orders (orders_to_redact, or the customer's
 *   e-mail or phone) is erased by eraseBuyerData; open orders wait.
 * - `shop/redact` (48 h after an uninstall): every buyer's data of that store's orders.
 * - `customers/data_request`: recorded (the delivery's row keeps the topic and a note, not the body) and the
 *   store's seller team managers are notified of which orders hold the buyer's data and which fields, so they
 *   can open them and send the data to the shop; the notification quotes no buyer value.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, stores } from '../../db/schema/index';
import { notify } from '../notifications';
import { teamManagerIds } from '../order-core';
import { eraseBuyerData } from './privacy-erase';
import { ERASED } from './scrub';

export const SHOPIFY_PRIVACY_TOPICS = new Set(['customers/redact', 'shop/redact', 'customers/data_request']);

export interface PrivacyDelivery {
  agencyId: string;
  storeId: string;
  topic: string;
  payload: Record<string, unknown> | null;
}

const FIELD_LABELS: [keyof typeof orders.$inferSelect, string][] = [
  ['fullName', 'name'], ['email', 'e-mail'], ['phone', 'phone'], ['address1', 'address'], ['city', 'city'], ['province', 'province'], ['zipCode', 'zip'],
];
/** Order names listed in a data-request notification; the rest are counted. */
const LISTED = 50;

const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
/** Shopify names orders by numeric id in these payloads; our store orders keep the GraphQL id (or the number). */
const orderRefs = (v: unknown) => (Array.isArray(v) ? v.map(str).filter(Boolean).flatMap((id) => [id, `gid://shopify/Order/${id}`]) : []);

function customerOf(payload: Record<string, unknown>) {
  const c = obj(payload['customer']);
  return { id: str(c['id']), email: str(c['email']), phone: str(c['phone']) };
}

/** Runs a privacy topic's delivery; the caller records the outcome on the delivery and drops its body. */
export async function handleShopifyPrivacy(db: Db, d: PrivacyDelivery): Promise<{ status: 'processed' | 'ignored'; note: string }> {
  const payload = d.payload ?? {};
  const [store] = await db.select().from(stores).where(and(eq(stores.agencyId, d.agencyId), eq(stores.id, d.storeId)));
  if (!store) return { status: 'ignored', note: 'The store no longer exists' };
  if (d.topic === 'shop/redact') {
    const out = await eraseBuyerData(db, {
      agencyId: d.agencyId, storeId: store.id, buyer: { everyOrder: true }, source: 'shopify:shop/redact', requestKey: `shopify:shop/redact:${store.id}`,
    });
    return { status: 'processed', note: erasureNote(out) };
  }
  const customer = customerOf(payload);
  if (d.topic === 'customers/redact') {
    const refs = orderRefs(payload['orders_to_redact']);
    const ids = [...new Set(refs.filter((r) => !r.startsWith('gid:')))].sort();
    const out = await eraseBuyerData(db, {
      agencyId: d.agencyId,
      storeId: store.id,
      buyer: { emails: customer.email ? [customer.email] : [], phones: customer.phone ? [customer.phone] : [], externalIds: refs },
      source: 'shopify:customers/redact',
      requestKey: `shopify:customers/redact:${store.id}:${customer.id}:${ids.join(',')}`,
    });
    return { status: 'processed', note: erasureNote(out) };
  }
  // customers/data_request
  const requestId = str(obj(payload['data_request'])['id']);
  const who: SQL[] = [];
  const refs = orderRefs(payload['orders_requested']);
  if (refs.length) who.push(inArray(orders.externalId, refs));
  if (customer.email) who.push(eq(sql`lower(${orders.email})`, customer.email.trim().toLowerCase()));
  const held = who.length
    ? await db.select().from(orders).where(and(eq(orders.agencyId, d.agencyId), eq(orders.storeId, store.id), or(...who))).orderBy(orders.createdAt)
    : [];
  const fields = FIELD_LABELS.filter(([f]) => held.some((o) => String(o[f] ?? '').trim() !== '' && o[f] !== ERASED)).map(([, label]) => label);
  const managers = await teamManagerIds(db, store.sellerTeamId);
  const names = held.slice(0, LISTED).map((o) => o.orderName || o.id);
  const more = held.length > LISTED ? ` and ${held.length - LISTED} more` : '';
  const content = held.length
    ? `Shopify asks, for the shop ${store.shopDomain ?? store.name} (data request ${requestId || 'without id'}), for the data held about one of its customers. ` +
      `Orders ${names.join(', ')}${more} hold their ${fields.join(', ') || 'order details'}: open them and send the data to the shop owner.`
    : `Shopify asks, for the shop ${store.shopDomain ?? store.name} (data request ${requestId || 'without id'}), for the data held about one of its customers: no order of this store holds any.`;
  await notify(db, managers, { agencyId: d.agencyId, title: 'Customer data request', content });
  return { status: 'processed', note: `Data request ${requestId || 'without id'}: ${held.length} order(s), ${managers.length} manager(s) notified` };
}

function erasureNote(out: { repeated: boolean; orders: number; erased: number; waiting: number }): string {
  if (out.repeated) return 'Erasure already requested: nothing more to do';
  return `Erasure: ${out.orders} order(s), ${out.erased} erased${out.waiting ? `, ${out.waiting} waiting for the order to close` : ''}`;
}
