/**
 * pushInventory on Shopify (docs/stores.md "Inventory push"), GraphQL Admin API 2025-10:
 * 1. the shop's primary location (`location` without an id), once per adapter;
 * 2. the variants' inventory items (`nodes(ids)`, 100 a query);
 * 3. a variant not yet counted (publishing leaves an available POD variant untracked, with inventoryPolicy CONTINUE)
 *    is made tracked with DENY first, one productVariantsBulkUpdate per product: an untracked item's quantity sells
 *    nothing short, and CONTINUE would sell past zero;
 * 4. inventorySetQuantities, name "available", reason "correction", ignoreCompareQuantity (this system owns the
 *    stock of a warehouse product), up to 250 quantities a call, across products.
 * A variant the shop no longer has does not stop the others: they are set, then a 'not-found' error names it.
 */
import { checkInventoryUpdates } from '../inventory-push';
import type { InventoryUpdate } from '../store-adapter';
import type { GraphqlResult } from './shopify-client';
import { legacyIdOf, toGid } from './shopify-client';
import { ShopifyError, userErrorsError, type ShopifyUserError } from './shopify-error';
import * as Q from './shopify-queries';

type Run = <T>(query: string, variables?: Record<string, unknown>) => Promise<GraphqlResult<T>>;
type Mutate = <T extends { userErrors: ShopifyUserError[] }>(name: string, query: string, variables: Record<string, unknown>) => Promise<T>;

interface VariantNode {
  id: string;
  legacyResourceId?: string | null;
  inventoryPolicy: string;
  product: { id: string };
  inventoryItem: { id: string; tracked: boolean };
}

const READ_CHUNK = 100;
const SET_CHUNK = 250;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function shopifyInventory(run: Run, mutate: Mutate) {
  let location: Promise<string> | null = null;
  const primaryLocation = () =>
    (location ??= run<{ location: { id: string } | null }>(Q.PRIMARY_LOCATION).then(({ data }) => {
      if (!data.location) throw new ShopifyError('Shopify: the shop has no primary location', { kind: 'not-found', retryable: false, status: 200 });
      return data.location.id;
    }).catch((err: unknown) => {
      location = null;
      throw err;
    }));

  async function variantsOf(items: InventoryUpdate[]): Promise<Map<string, VariantNode>> {
    const found = new Map<string, VariantNode>();
    for (const part of chunks(items, READ_CHUNK)) {
      // An id the shop does not have answers null; another kind of object, {} (the fragment does not apply).
      const { data } = await run<{ nodes: (Partial<VariantNode> | null)[] }>(Q.VARIANT_INVENTORY_ITEMS, { ids: part.map((i) => toGid('ProductVariant', i.variantId)) });
      data.nodes.forEach((node, n) => {
        if (node?.inventoryItem && node.product) found.set(part[n]!.variantId, node as VariantNode);
      });
    }
    return found;
  }

  return {
    async pushInventory(items: InventoryUpdate[]): Promise<void> {
      checkInventoryUpdates(items);
      // A variant named twice keeps its last quantity.
      const latest = [...new Map(items.map((i) => [i.variantId, i])).values()];
      if (latest.length === 0) return;
      const variants = await variantsOf(latest);
      const known = latest.filter((i) => variants.has(i.variantId));
      const missing = latest.filter((i) => !variants.has(i.variantId));

      const untracked = new Map<string, VariantNode[]>();
      for (const item of known) {
        const v = variants.get(item.variantId)!;
        if (v.inventoryItem.tracked && v.inventoryPolicy === 'DENY') continue;
        untracked.set(v.product.id, [...(untracked.get(v.product.id) ?? []), v]);
      }
      for (const [productId, list] of untracked) {
        const payload = await mutate<{ userErrors: ShopifyUserError[] }>('productVariantsBulkUpdate', Q.PRODUCT_VARIANTS_BULK_UPDATE, {
          productId,
          variants: list.map((v) => ({ id: v.id, inventoryPolicy: 'DENY', inventoryItem: { tracked: true } })),
        });
        if (payload.userErrors.length) throw userErrorsError('the stock tracking', payload.userErrors);
      }

      if (known.length) {
        const locationId = await primaryLocation();
        for (const part of chunks(known, SET_CHUNK)) {
          const payload = await mutate<{ userErrors: ShopifyUserError[] }>('inventorySetQuantities', Q.INVENTORY_SET_QUANTITIES, {
            input: {
              name: 'available',
              reason: 'correction',
              ignoreCompareQuantity: true,
              quantities: part.map((i) => ({ inventoryItemId: variants.get(i.variantId)!.inventoryItem.id, locationId, quantity: i.quantity })),
            },
          });
          if (payload.userErrors.length) throw userErrorsError('the stock quantities', payload.userErrors);
        }
      }

      if (missing.length) {
        const ids = missing.map((i) => legacyIdOf(i.variantId) ?? i.variantId).join(', ');
        throw new ShopifyError(`Shopify has no variant ${ids}: its stock was not pushed`, { kind: 'not-found', retryable: false, status: 200 });
      }
    },
  };
}
