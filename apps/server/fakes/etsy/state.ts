/** What the fake holds: shops (one per Etsy user), their listings with inventory, receipts, and the app's limits. */
import type { EtsyInventory, EtsyListing, EtsyReceipt } from '../../src/modules/stores/etsy/etsy-types';

/** A listing as the fake keeps it: Etsy's ShopListing JSON with its inventory beside it. */
export interface FakeListing {
  listing: EtsyListing & Record<string, unknown>;
  inventory: EtsyInventory;
}

export type FakeReceipt = EtsyReceipt & Record<string, unknown>;

export interface FakeEtsyShop {
  shopId: number;
  userId: number;
  name: string;
  currency: string;
  listings: Map<number, FakeListing>;
  receipts: Map<number, FakeReceipt>;
}

let nextId = 1_100_000_001;
/** A new numeric id, or the one asked for (so a test can mirror ids it expects). */
export const newId = (wanted?: number) => wanted ?? nextId++;

export const nowSeconds = () => Math.floor(Date.now() / 1000);
