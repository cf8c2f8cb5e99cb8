/**
 * Publishing to WooCommerce (docs/publishing.md), REST API v3:
 * - POST /products: a variable product, published, with its attributes (variation: true: Color, Size) and the
 *   mockups as images WooCommerce downloads itself ([{src}]) https://woocommerce.github.io/woocommerce-rest-api-docs/#create-a-product
 * - POST /products/{id}/variations/batch {create}: the variations with SKU, regular price and stock status, then
 *   the product read back with its variations as the sync reads it
 *   https://woocommerce.github.io/woocommerce-rest-api-docs/#batch-update-product-variations
 * - later {update}: new regular prices, stock_status 'instock' / 'outofstock' for availability.
 * A batch answers 200 with a failed item in place ({id, error}); such an item is a refusal with WooCommerce's words.
 */
import type { PublishProductInput, VariantUpdate } from '../store-adapter';
import type { StoreProduct } from '../shopify/shopify-types';
import type { WooAnswer, WooRequest } from './woocommerce-client';
import { WooCommerceError } from './woocommerce-error';
import type { WooProduct } from './woocommerce-raw';

export type Call = <T>(req: WooRequest) => Promise<WooAnswer<T>>;
type BatchItem = { id: number; error?: { code: string; message: string } };

/** WooCommerce has at most 100 objects a batch. */
const BATCH = 100;
const money = (cents: number) => (cents / 100).toFixed(2);
const stockStatus = (available: boolean) => (available ? 'instock' : 'outofstock');

function refusedItems(what: string, items: BatchItem[]) {
  const failed = items.filter((i) => i.error);
  if (failed.length === 0) return;
  const words = failed.map((i) => i.error!.message).join('; ');
  throw new WooCommerceError(`WooCommerce refused ${what}: ${words}`, { kind: 'user-errors', retryable: false, status: 200, code: failed[0]!.error!.code, userErrors: failed.map((i) => ({ field: null, message: i.error!.message })) });
}

/** A product's variations made or changed, 100 a call; `what` names them in a refusal. */
export async function batch(call: Call, productId: string, key: 'create' | 'update', items: Record<string, unknown>[], what = key === 'create' ? 'the variations' : 'the variation changes') {
  for (let i = 0; i < items.length; i += BATCH) {
    const answer = await call<Record<string, BatchItem[]>>({ method: 'POST', path: `/products/${encodeURIComponent(productId)}/variations/batch`, body: { [key]: items.slice(i, i + BATCH) } });
    refusedItems(what, answer.data[key] ?? []);
  }
}

export function wooPublishing(call: Call, read: (raw: WooProduct) => Promise<StoreProduct>) {
  return {
    async createProduct(input: PublishProductInput): Promise<StoreProduct> {
      const made = await call<WooProduct>({
        method: 'POST',
        path: '/products',
        body: {
          name: input.title,
          type: 'variable',
          status: 'publish',
          description: input.descriptionHtml,
          attributes: input.options.map((name, i) => ({ name, position: i, visible: true, variation: true, options: [...new Set(input.variants.map((v) => v.optionValues[i]!))] })),
          images: input.images.map((src) => ({ src })),
        },
      });
      const id = String(made.data.id);
      await batch(call, id, 'create', input.variants.map((v) => ({
        sku: v.sku,
        regular_price: money(v.priceCents),
        stock_status: stockStatus(v.available),
        attributes: v.optionValues.map((option, i) => ({ name: input.options[i], option })),
      })));
      const fresh = await call<WooProduct>({ path: `/products/${id}` });
      return read(fresh.data);
    },

    async updateVariants(productId: string, updates: VariantUpdate[]): Promise<void> {
      await batch(call, productId, 'update', updates.map((u) => ({
        id: Number(u.variantId),
        ...(u.priceCents !== undefined ? { regular_price: money(u.priceCents) } : {}),
        ...(u.available !== undefined ? { stock_status: stockStatus(u.available) } : {}),
      })));
    },
  };
}
