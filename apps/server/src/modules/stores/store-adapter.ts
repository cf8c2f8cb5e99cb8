/**
 * What every platform adapter offers the store jobs (docs/stores.md, "Adapters"): Shopify's today
 * (`createShopifyApi(options)(connection)`), WooCommerce's and Etsy's with Stores II. Answers are the platform's,
 * normalised to the shapes in shopify/shopify-types.ts (their names predate the other platforms: StoreProduct,
 * StoreOrder, Page are the platform-neutral shapes; ids are strings, money integer cents). A platform lacking an
 * operation answers it as the comment says (never throws "not supported" at a caller that did not ask).
 *
 * Errors: each adapter throws its own subclass of StoreApiError (store-api-error.ts: `kind` 'throttled' |
 * 'unauthorized' | 'not-found' | 'user-errors' | 'server' | 'network'; `retryable`; `status`; `retryAfterMs`), so a job
 * retries what is retryable and marks the store "needs attention" on 'unauthorized' (store-api-errors.ts).
 */
import type { Page, PushFulfillmentInput, ShopInfo, StoreOrder, StoreProduct } from './shopify/shopify-types';

export interface StoreWebhook {
  id: string;
  /** The platform's topic as the adapter names it ('orders/create', 'order.created', ...). */
  topic: string;
  uri: string;
  /** False when the platform switched it off (WooCommerce disables a webhook after repeated failed deliveries). */
  active: boolean;
}

/** A product to create in the shop (publishing, docs/stores.md "Publishing"): made from a catalog, priced by the seller. */
export interface PublishProductInput {
  title: string;
  descriptionHtml: string;
  /** Option names in order (e.g. ['Color', 'Size']); every variant gives one value per option, in that order. */
  options: string[];
  variants: {
    sku: string;
    optionValues: string[];
    /** The seller's retail price. */
    priceCents: number;
    available: boolean;
  }[];
  /** Mockup image addresses the platform can fetch (public https); the first is the main image. */
  images: string[];
  /** Shopify's product type / WooCommerce's category / Etsy's taxonomy hint; optional. */
  productType?: string;
  /** Etsy only: its listings need a taxonomy id and who made it; the adapter picks sensible defaults when absent. */
  tags?: string[];
  /** Etsy's seller taxonomy node; absent: the adapter's default (etsy-publish.ts). */
  taxonomyId?: number;
}

/** A change pushed to a published product's variant: a new retail price, or available / unavailable (out of stock, discontinued). */
export interface VariantUpdate {
  /** The platform's variant id (StoreProductVariant.id / legacyId as the sync stored it in product_variants.server_id). */
  variantId: string;
  /** The variant's SKU: Etsy renews its variant ids on every inventory write, so its adapter finds a variant by SKU too. */
  sku?: string;
  priceCents?: number;
  available?: boolean;
}

/**
 * Available warehouse units of one shop variant, pushed to the shop (issue 17, docs/stores.md "Inventory push").
 * Ids are the platform's as the product sync stored them (products.server_id / product_variants.server_id):
 * Shopify's numeric legacy ids, WooCommerce's product and variation ids (a simple product: variantId = productId),
 * Etsy's listing id and inventory product id.
 */
export interface InventoryUpdate {
  productId: string;
  variantId: string;
  /** Available units: an integer >= 0. */
  quantity: number;
  /** The variant's SKU: Etsy renews its variant ids on every inventory write, so its adapter finds a variant by SKU too. */
  sku?: string;
}

export interface StorePlatformApi {
  /**
   * Orders a pull asks for per page: what a page costs differs (Shopify counts GraphQL cost points, about 60 an order
   * with its lines, so 10; WooCommerce and Etsy count requests, so their maximum, 100). Absent: 10.
   */
  readonly orderPageSize?: number;
  shopInfo(): Promise<ShopInfo>;
  countProducts(): Promise<number>;
  /** Products page by page; `after` is the adapter's own cursor (a page number is fine), null for the first page. */
  listProducts(input: { first: number; after?: string | null }): Promise<Page<StoreProduct>>;
  getProduct(id: string): Promise<StoreProduct | null>;
  /** Orders updated since a moment, page by page (the pull and the reconciliation). */
  listOrders(input: { first: number; after?: string | null; updatedAtMin?: Date | string }): Promise<Page<StoreOrder>>;
  getOrder(id: string): Promise<StoreOrder | null>;
  /** One parcel's tracking on the store's order; `id` null when nothing was left to fulfil (a retry after a lost answer). */
  pushFulfillment(input: PushFulfillmentInput): Promise<{ id: string | null; status: string | null }>;
  /** Undoes a pushed parcel (shipment-cancel); 'already-cancelled' when it was. */
  cancelFulfillment(id: string): Promise<'cancelled' | 'already-cancelled'>;
  /** Subscribes the topics at the callback (existing ones kept, switched-off ones made active again); a platform without webhooks answers []. */
  registerWebhooks(callbackUrl: string, topics: string[]): Promise<{ topic: string; id: string; created: boolean }[]>;
  listWebhooks(): Promise<StoreWebhook[]>;
  /** Creates the product in the shop, published, with its variants; answers it as a read would (ids the shop gave). */
  createProduct(input: PublishProductInput): Promise<StoreProduct>;
  /** Pushes price and availability changes of a product's variants (one call per product where the platform allows). */
  updateVariants(productId: string, updates: VariantUpdate[]): Promise<void>;
  /**
   * Sets each variant's available quantity in the shop (absolute values, so a retry is harmless), the variant made
   * stock-tracked if it was not. Batched per product (WooCommerce, Etsy) or per shop (Shopify). Every product is tried;
   * the first failure is thrown afterwards (a variant the shop no longer has: 'not-found').
   */
  pushInventory(items: InventoryUpdate[]): Promise<void>;
}
