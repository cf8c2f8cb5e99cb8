/**
 * The exactly-once property of orders from stores on Etsy (issue 16 item 7), which sends no order webhooks: its
 * receipts arrive by pulls only (the scheduled pull, "pull orders since", the reconciliation), at random points of
 * the shop's changes (create, address changes, cancel). Runner: helpers/store-orders-property.ts.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { teamNamed } from './helpers/orders';
import { PROPERTY_RUNS, assertProperty, propertyRunner, type ShopOrderState } from './helpers/store-orders-property';
import { stores } from '../src/db/schema/index';
import { resolveSecretBox } from '../src/lib/secret-box';
import { sealCredentials } from '../src/modules/stores';
import { startEtsyFake, type EtsyFake } from '../fakes/etsy';
import type { EtsyReceipt } from '../src/modules/stores/etsy/etsy-types';

const APP = { apiKey: 'property-etsy-key', sharedSecret: 'property-etsy-secret' };
let fake: EtsyFake;
const t = useApiTest(async () => {
  fake = await startEtsyFake({ clientId: APP.apiKey, sharedSecret: APP.sharedSecret });
  return { platforms: { etsy: APP, etsyFakeUrl: fake.url } };
});
afterAll(() => fake?.close());
let storeId: string;
let shopId: number;
let sku: string;

beforeAll(async () => {
  const db = t.database.db;
  const team = await teamNamed(db, 'Demo Seller');
  const shop = fake.createShop({ name: 'PropertyEtsyShop' });
  shopId = shop.shopId;
  sku = fake.seedListings(shopId, { count: 1, variantsPerListing: 1 })[0]!.inventory.products[0]!.sku;
  const tokens = fake.tokens.issue(shop.userId, 'listings_r transactions_r transactions_w shops_r');
  const [store] = await db.insert(stores)
    .values({ agencyId: team.agencyId, sellerTeamId: team.id, platform: 'etsy', name: 'PropertyEtsyShop', shopDomain: String(shopId), connectedAt: new Date() })
    .returning();
  storeId = store!.id;
  const sealed = sealCredentials(await resolveSecretBox(db), store!, tokens);
  await db.update(stores).set(sealed).where(and(eq(stores.agencyId, team.agencyId), eq(stores.id, storeId)));
});

const state = (r: EtsyReceipt): ShopOrderState => ({ externalId: String(r.receipt_id), name: `#${r.receipt_id}`, cancelled: r.status === 'Canceled', address1: r.first_line });

const run = propertyRunner<never>(t, () => storeId, {
  create: async () => state(fake.createReceipt(shopId, { transactions: [{ sku }], address: { name: 'Ana Buyer', first_line: '9 First Street', city: 'Austin', state: 'TX', zip: '73301', country_iso: 'US' } })),
  setAddress: async (ref, street) => void fake.updateReceipt(shopId, ref.externalId, { first_line: street }),
  cancel: async (ref) => void fake.cancelReceipt(shopId, ref.externalId),
  deliveries: () => [],
  send: async () => {},
  latest: (ref) => state(fake.receipt(shopId, ref.externalId)),
});

describe('Etsy store orders under any interleaving of changes and pulls', () => {
  it('each receipt exists once, with the shop\u2019s latest address, or cancelled', { timeout: Math.max(600_000, PROPERTY_RUNS * 5_000) }, async () => {
    await assertProperty(run);
  });
});
