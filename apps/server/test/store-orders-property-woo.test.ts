/**
 * The exactly-once property of orders from stores on WooCommerce (issue 16 item 7): the store's order webhooks
 * (order.created, order.updated with the order as it was at that moment, signed with the store's secret) duplicated,
 * reordered and missed, pulls at random points. Runner: helpers/store-orders-property.ts. The fake's own sender is
 * not subscribed, so the test decides when each delivery reaches the app.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { teamNamed } from './helpers/orders';
import { useWooCommerceApiTest, wooWebhook } from './helpers/woocommerce-store';
import { PROPERTY_RUNS, assertProperty, propertyRunner, type ShopOrderState } from './helpers/store-orders-property';
import { stores } from '../src/db/schema/index';
import { resolveSecretBox } from '../src/lib/secret-box';
import { sealCredentials } from '../src/modules/stores';

const SLUG = 'property-woo';
const SECRET = 'property-webhook-secret';
const { t, fake } = useWooCommerceApiTest();
let storeId: string;
let hookPath: string;

interface Delivery {
  topic: string;
  id: string;
  body: string;
}
const deliveries: Delivery[] = [];

beforeAll(async () => {
  const db = t.database.db;
  const team = await teamNamed(db, 'Demo Seller');
  const { key } = fake().createStore({ slug: SLUG, name: 'Property Woo', currency: 'USD' });
  const [store] = await db.insert(stores)
    .values({ agencyId: team.agencyId, sellerTeamId: team.id, platform: 'woocommerce', name: 'Property Woo', shopDomain: fake().storeUrl(SLUG), connectedAt: new Date() })
    .returning();
  storeId = store!.id;
  hookPath = `/api/webhooks/woocommerce/${team.agencyId}/${storeId}`;
  const sealed = sealCredentials(await resolveSecretBox(db), store!, { consumerKey: key.consumerKey, consumerSecret: key.consumerSecret, webhookSecret: SECRET });
  await db.update(stores).set(sealed).where(and(eq(stores.agencyId, team.agencyId), eq(stores.id, storeId)));
  // Numbers the demo data's orders do not use (a file order of the same name would be linked).
  fake().store(SLUG).nextOrderNumber = 80001;
});

type WooOrder = Record<string, unknown> & { id: number; number: string; status: string; shipping: { address_1: string } };
const orderOf = (ref: ShopOrderState) => fake().store(SLUG).orders.get(Number(ref.externalId)) as WooOrder;
const state = (o: WooOrder): ShopOrderState => ({ externalId: String(o.id), name: `#${o.number}`, cancelled: o.status === 'cancelled', address1: o.shipping.address_1 || null });
/** What WooCommerce would have sent at this moment: the order's body as it is now. */
const queue = (topic: string, o: WooOrder) => deliveries.push({ topic, id: `d-${deliveries.length + 1}`, body: JSON.stringify(o).replaceAll('/', '\\/') });

const run = propertyRunner<Delivery>(t, () => storeId, {
  async create() {
    const o = (await fake().createOrder(SLUG, { lineItems: [{ sku: 'PROP-SKU' }], shipping: { first_name: 'Ana', last_name: 'Buyer', address_1: '9 First Street', city: 'Austin', state: 'TX', postcode: '73301', country: 'US' } })) as WooOrder;
    queue('order.created', o);
    return state(o);
  },
  async setAddress(ref, street) {
    queue('order.updated', (await fake().updateOrder(SLUG, Number(ref.externalId), { shipping: { address_1: street } })) as WooOrder);
  },
  async cancel(ref) {
    queue('order.updated', (await fake().updateOrder(SLUG, Number(ref.externalId), { status: 'cancelled' })) as WooOrder);
  },
  deliveries: () => deliveries,
  send: async (d) => expect((await wooWebhook(t, hookPath, d.topic, d.id, d.body, SECRET)).statusCode).toBe(200),
  latest: (ref) => state(orderOf(ref)),
});

describe('WooCommerce store orders under any interleaving of deliveries and pulls', () => {
  it('each store order exists once, with the store\u2019s latest address, or cancelled', { timeout: Math.max(600_000, PROPERTY_RUNS * 5_000) }, async () => {
    await assertProperty(run);
  });
});
