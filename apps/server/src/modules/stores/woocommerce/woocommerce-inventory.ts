/**
 * pushInventory on WooCommerce (docs/stores.md "Inventory push"), REST API v3: stock is managed per variation
 * (`manage_stock: true`, `stock_quantity`), and WooCommerce works out `stock_status` from it (out of stock at 0 while
 * backorders are off, its default).
 * - a variable product: one `POST /products/{id}/variations/batch {update: [{id, manage_stock, stock_quantity}]}`
 *   (100 a call) https://woocommerce.github.io/woocommerce-rest-api-docs/#batch-update-product-variations
 * - a simple product (the sync stores it as its own single variant, variantId = productId, woocommerce-normalise.ts):
 *   `PUT /products/{id} {manage_stock, stock_quantity}` https://woocommerce.github.io/woocommerce-rest-api-docs/#update-a-product
 * A bad id answers 400 (`woocommerce_rest_product_invalid_id`) or fails its batch item; every product is tried first.
 */
import { pushEachProduct } from '../inventory-push';
import type { InventoryUpdate } from '../store-adapter';
import { batch, type Call } from './woocommerce-publish';

export function wooInventory(call: Call) {
  return {
    async pushInventory(items: InventoryUpdate[]): Promise<void> {
      await pushEachProduct(items, async (productId, group) => {
        const simple = group.find((i) => i.variantId === productId);
        if (simple) {
          await call({ method: 'PUT', path: `/products/${encodeURIComponent(productId)}`, body: { manage_stock: true, stock_quantity: simple.quantity } });
        }
        const variations = group.filter((i) => i !== simple);
        if (variations.length) {
          await batch(call, productId, 'update', variations.map((i) => ({ id: Number(i.variantId), manage_stock: true, stock_quantity: i.quantity })), 'the stock quantities');
        }
      });
    },
  };
}
