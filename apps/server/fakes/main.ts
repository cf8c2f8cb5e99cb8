/**
 * `npm run fakes`: the local platform fakes on fixed ports, for a person connecting a store by hand
 * (docs/stores.md). Shopify on 4010, WooCommerce on 4011 (docs/stores-woocommerce.md), Etsy on 4012 (docs/stores-etsy.md).
 */
import { startEtsyFake } from './etsy';
import { startShopifyFake } from './shopify';
import { startWooCommerceFake } from './woocommerce';

const port = Number(process.env['SHOPIFY_FAKE_PORT'] ?? 4010);
const clientSecret = process.env['SHOPIFY_API_SECRET'] ?? 'fake-shopify-secret';
const clientId = process.env['SHOPIFY_API_KEY'] ?? 'fake-shopify-key';

const shopify = await startShopifyFake({ port, clientSecret, clientId, complianceUri: process.env['SHOPIFY_COMPLIANCE_URI'] ?? null });
const demo = shopify.createShop({ domain: 'demo-shop.myshopify.com', name: 'Demo Shop', token: 'shpat_demo_token' });
shopify.seedProducts(demo.domain, { count: 5, variantsPerProduct: 4 });
// Order numbers the demo data does not use: a store order named like one of the team's file orders is linked to it.
shopify.shops.get(demo.domain)!.nextOrderNumber = 50001;

console.log(`Shopify fake on ${shopify.url} (app key ${clientId}, secret ${clientSecret}: set the server's Shopify app to these)
  Admin API base for a shop:  ${shopify.url}/shops/{shop}      (demo: demo-shop.myshopify.com, token shpat_demo_token, 5 products)
  Install (OAuth):            ${shopify.url}/shops/{shop}/admin/oauth/authorize?client_id=...&scope=...&redirect_uri=...&state=...
  Control API:                ${shopify.url}/_fake   (create shops, seed products, create orders -> webhooks, modes)
  Example: curl -XPOST ${shopify.url}/_fake/shops/demo-shop.myshopify.com/orders -H 'content-type: application/json' \\
             -d '{"lineItems":[{"sku":"TEE1-BLACK-S","quantity":2}]}'`);

const woo = await startWooCommerceFake({ port: Number(process.env['WOOCOMMERCE_FAKE_PORT'] ?? 4011) });
const wooDemo = woo.createStore({
  slug: 'demo-woo',
  name: 'Demo Woo Store',
  consumerKey: 'ck_0000000000000000000000000000000000000000',
  consumerSecret: 'cs_0000000000000000000000000000000000000000',
});
await woo.seedProducts(wooDemo.store.slug, { count: 5, variationsPerProduct: 4 });
wooDemo.store.nextOrderNumber = 60001;

console.log(`WooCommerce fake on ${woo.url}
  Store URL:                  ${woo.storeUrl('demo-woo')}   (keys ${wooDemo.key.consumerKey} / ${wooDemo.key.consumerSecret}, 5 products)
  Consent:                    ${woo.storeUrl('{slug}')}/wc-auth/v1/authorize?app_name=...&scope=read_write&user_id=...&return_url=...&callback_url=...
  Control API:                ${woo.url}/_fake   (create stores, seed products, create orders -> webhooks, notes, tracking, modes)
  Example: curl -XPOST ${woo.url}/_fake/stores/demo-woo/orders -H 'content-type: application/json' \\
             -d '{"lineItems":[{"sku":"WOO1-BLACK-S","quantity":2}]}'`);

const etsyKey = process.env['ETSY_API_KEY'] ?? 'fake-etsy-keystring';
const etsySecret = process.env['ETSY_SHARED_SECRET'] ?? 'fake-etsy-shared-secret';
const etsy = await startEtsyFake({ port: Number(process.env['ETSY_FAKE_PORT'] ?? 4012), clientId: etsyKey, sharedSecret: etsySecret });
const etsyDemo = etsy.createShop({ name: 'DemoEtsyShop', shopId: 40120001, userId: 40120002 });
etsy.seedListings(etsyDemo.shopId, { count: 5, variantsPerListing: 4, personalizable: true });
const etsyTokens = etsy.tokens.issue(etsyDemo.userId, 'listings_r listings_w transactions_r transactions_w shops_r');

console.log(`Etsy fake on ${etsy.url} (x-api-key ${etsyKey}:${etsySecret}: set the server's Etsy app to these)
  Open API base:              ${etsy.endpoints.apiBase}   (demo shop ${etsyDemo.shopId}, 5 listings; bearer ${etsyTokens.accessToken})
  Connect (OAuth + PKCE):     ${etsy.endpoints.connectUrl}?response_type=code&client_id=...&redirect_uri=...&scope=...&state=...&code_challenge=...&code_challenge_method=S256
  Token endpoint:             ${etsy.endpoints.tokenUrl}
  Control API:                ${etsy.url}/_fake   (create shops, seed listings, create receipts, age or revoke tokens, limits, modes)
  Example: curl -XPOST ${etsy.url}/_fake/shops/${etsyDemo.shopId}/receipts -H 'content-type: application/json' \\
             -d '{"transactions":[{"sku":"ETSY1-BLACK-S","quantity":2,"personalization":"For Ana"}]}'`);

const stop = () => void Promise.all([shopify.close(), woo.close(), etsy.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
