import type { Tx } from './client';
import * as s from './schema/index';

/**
 * Demo stores (docs/stores.md): Demo Seller's Shopify shop, WooCommerce store, Etsy shop and manual (CSV) store,
 * and the other agency's seller's shop, for trying the Stores pages and tenant isolation by hand. Marked `is_demo`:
 * scheduled syncs leave them alone, and they hold no credentials (no platform is ever called for them;
 * a real shop is connected from /s/integrations, or from the local fakes: `npm run fakes`).
 */
export async function seedStores(
  tx: Tx,
  ids: { demoAgencyId: string; demoTeamId: string; otherAgencyId: string; otherTeamId: string },
): Promise<{ demoShopId: string; demoManualStoreId: string }> {
  // Plain dates: the seed's random sequence stays what the rest of the demo data was made with.
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
  const [shop, manual] = await tx.insert(s.stores).values([
    {
      agencyId: ids.demoAgencyId, sellerTeamId: ids.demoTeamId, platform: 'shopify', name: 'Demo Tees', shopDomain: 'demo-tees.myshopify.com',
      isDemo: true, scopes: 'read_products,read_orders', connectedAt: daysAgo(90), lastProductSyncAt: daysAgo(1), lastOrderAt: daysAgo(0),
      shippingMap: { 'standard shipping': 'standard', 'express shipping': 'express' }, createdAt: daysAgo(90),
    },
    {
      agencyId: ids.demoAgencyId, sellerTeamId: ids.demoTeamId, platform: 'manual', name: 'Demo Market (CSV)', isDemo: true,
      connectedAt: daysAgo(60), createdAt: daysAgo(60),
    },
    {
      agencyId: ids.otherAgencyId, sellerTeamId: ids.otherTeamId, platform: 'shopify', name: 'Other Shop', shopDomain: 'other-shop.myshopify.com',
      isDemo: true, status: 'needs_attention', statusReason: 'Shopify refused the access token: connect the shop again',
      connectedAt: daysAgo(120), createdAt: daysAgo(120),
    },
  ]).returning({ id: s.stores.id });
  // A store of each platform (added after the rows above, whose ids other demo data uses).
  await tx.insert(s.stores).values([
    {
      agencyId: ids.demoAgencyId, sellerTeamId: ids.demoTeamId, platform: 'woocommerce', name: 'Demo Woo Store', shopDomain: 'https://demo-woo.example.com',
      isDemo: true, scopes: 'read_write', connectedAt: daysAgo(45), lastProductSyncAt: daysAgo(2), webhooksCheckedAt: daysAgo(0), createdAt: daysAgo(45),
    },
    {
      agencyId: ids.demoAgencyId, sellerTeamId: ids.demoTeamId, platform: 'etsy', name: 'DemoEtsyShop', shopDomain: '59000001',
      isDemo: true, scopes: 'listings_r listings_w transactions_r transactions_w shops_r', connectedAt: daysAgo(30), lastProductSyncAt: daysAgo(3),
      tokenExpiresAt: daysAgo(-85), createdAt: daysAgo(30),
    },
  ]);
  return { demoShopId: shop!.id, demoManualStoreId: manual!.id };
}
