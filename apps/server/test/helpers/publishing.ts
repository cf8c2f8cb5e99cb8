/**
 * Publishing's API tests (test/publishing.test.ts): the app with the Shopify, WooCommerce and Etsy fakes beside it
 * and each platform's calls pointed at its fake, and WooCommerce and Etsy stores connected by writing their rows with
 * sealed credentials (their connect flows are tested on their own).
 */
import { afterAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startEtsyFake, type EtsyFake } from '../../fakes/etsy';
import { startShopifyFake, type ShopifyFake } from '../../fakes/shopify';
import { startWooCommerceFake, type WooCommerceFake } from '../../fakes/woocommerce';
import { stores } from '../../src/db/schema/index';
import { resolveSecretBox } from '../../src/lib/secret-box';
import { etsyTokenExpiry, sealCredentials } from '../../src/modules/stores';
import { useApiTest, type ApiTest } from './api';
import { ETSY_APP } from './etsy-shop';
import { SHOPIFY_APP } from './shopify-shop';

export interface PublishingFakes {
  shopify: ShopifyFake;
  woo: WooCommerceFake;
  etsy: EtsyFake;
}

export function usePublishingApiTest(): { t: ApiTest; fakes: () => PublishingFakes } {
  let fakes: PublishingFakes | undefined;
  const t = useApiTest(async () => {
    fakes = {
      shopify: await startShopifyFake({ clientSecret: SHOPIFY_APP.apiSecret, clientId: SHOPIFY_APP.apiKey }),
      woo: await startWooCommerceFake(),
      etsy: await startEtsyFake({ clientId: ETSY_APP.apiKey, sharedSecret: ETSY_APP.sharedSecret, perSecond: 1000 }),
    };
    // fakesUrl: Shopify's calls go to its fake, and WooCommerce may call http://127.0.0.1 (the test setting).
    return { platforms: { shopify: SHOPIFY_APP, fakesUrl: fakes.shopify.url, etsy: ETSY_APP, etsyFakeUrl: fakes.etsy.url } };
  });
  afterAll(async () => {
    await fakes?.shopify.close();
    await fakes?.woo.close();
    await fakes?.etsy.close();
  });
  return { t, fakes: () => fakes! };
}

type Team = { id: string; agencyId: string };

async function storeRow(t: ApiTest, team: Team, values: { platform: 'woocommerce' | 'etsy'; name: string; shopDomain: string }, credentials: Parameters<typeof sealCredentials>[2]) {
  const db = t.database.db;
  const [store] = await db.insert(stores).values({ agencyId: team.agencyId, sellerTeamId: team.id, ...values, connectedAt: new Date() }).returning();
  const sealed = sealCredentials(await resolveSecretBox(db), store!, credentials);
  await db.update(stores).set({ ...sealed, ...(values.platform === 'etsy' ? { tokenExpiresAt: etsyTokenExpiry() } : {}) }).where(and(eq(stores.agencyId, team.agencyId), eq(stores.id, store!.id)));
  return store!.id;
}

/** A WooCommerce store of the fake (its URL as the store's shop_domain) connected to the team with a read_write key. */
export async function wooStoreOf(t: ApiTest, fake: WooCommerceFake, team: Team, slug: string) {
  const { store, key } = fake.createStore({ slug, name: `Woo ${slug}`, currency: 'USD' });
  const id = await storeRow(t, team, { platform: 'woocommerce', name: `Woo ${slug}`, shopDomain: fake.storeUrl(slug) }, { consumerKey: key.consumerKey, consumerSecret: key.consumerSecret, webhookSecret: 'publish-secret' });
  return { id, store };
}

/** An Etsy shop of the fake (its numeric id as shop_domain) connected to the team with a token pair the fake issued. */
export async function etsyShopOf(t: ApiTest, fake: EtsyFake, team: Team, name: string) {
  const shop = fake.createShop({ name });
  const pair = fake.tokens.issue(shop.userId, 'listings_r listings_w shops_r transactions_r transactions_w');
  const id = await storeRow(t, team, { platform: 'etsy', name, shopDomain: String(shop.shopId) }, {
    accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), userId: String(shop.userId),
  });
  return { id, shop };
}
