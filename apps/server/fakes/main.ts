/**
 * `npm run fakes`: the local platform fakes on fixed ports, for a person connecting a store by hand
 * (docs/stores.md). Shopify on 4010.
 */
import { startShopifyFake } from './shopify';

const port = Number(process.env['SHOPIFY_FAKE_PORT'] ?? 4010);
const clientSecret = process.env['SHOPIFY_API_SECRET'] ?? 'fake-shopify-secret';
const clientId = process.env['SHOPIFY_API_KEY'] ?? 'fake-shopify-key';

const shopify = await startShopifyFake({ port, clientSecret, clientId, complianceUri: process.env['SHOPIFY_COMPLIANCE_URI'] ?? null });
const demo = shopify.createShop({ domain: 'demo-shop.myshopify.com', name: 'Demo Shop', token: 'shpat_demo_token' });
shopify.seedProducts(demo.domain, { count: 5, variantsPerProduct: 4 });

console.log(`Shopify fake on ${shopify.url} (app key ${clientId}, secret ${clientSecret}: set the server's Shopify app to these)
  Admin API base for a shop:  ${shopify.url}/shops/{shop}      (demo: demo-shop.myshopify.com, token shpat_demo_token, 5 products)
  Install (OAuth):            ${shopify.url}/shops/{shop}/admin/oauth/authorize?client_id=...&scope=...&redirect_uri=...&state=...
  Control API:                ${shopify.url}/_fake   (create shops, seed products, create orders -> webhooks, modes)
  Example: curl -XPOST ${shopify.url}/_fake/shops/demo-shop.myshopify.com/orders -H 'content-type: application/json' \\
             -d '{"lineItems":[{"sku":"TEE1-BLACK-S","quantity":2}]}'`);

const stop = () => void shopify.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
