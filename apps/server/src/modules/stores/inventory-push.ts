/**
 * What the three adapters' pushInventory share (docs/stores.md "Inventory push"): the quantities checked, the items
 * grouped by product, and every product tried before the first failure is thrown, so one product the shop lost does
 * not keep the others' stock stale (the values are absolute: pushing again is harmless).
 */
import type { InventoryUpdate } from './store-adapter';

/** Refuses what no platform takes: a quantity that is not a whole number of units, or below zero. */
export function checkInventoryUpdates(items: InventoryUpdate[]): void {
  for (const item of items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 0) {
      throw new RangeError(`pushInventory: variant ${item.variantId} has quantity ${item.quantity}; available units are an integer >= 0`);
    }
  }
}

/** The items by product id, in the order first seen; a variant named twice keeps its last quantity. */
export function byProduct(items: InventoryUpdate[]): Map<string, InventoryUpdate[]> {
  const groups = new Map<string, Map<string, InventoryUpdate>>();
  for (const item of items) {
    const group = groups.get(item.productId) ?? new Map<string, InventoryUpdate>();
    group.set(item.variantId, item);
    groups.set(item.productId, group);
  }
  return new Map([...groups].map(([id, group]) => [id, [...group.values()]]));
}

/** Runs `push` for every product; throws the first failure once all were tried. */
export async function pushEachProduct(items: InventoryUpdate[], push: (productId: string, items: InventoryUpdate[]) => Promise<void>): Promise<void> {
  checkInventoryUpdates(items);
  const failures: unknown[] = [];
  for (const [productId, group] of byProduct(items)) {
    try {
      await push(productId, group);
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length) throw failures[0];
}
