/**
 * Publishing to Shopify (docs/publishing.md): a catalog product made in the shop, and later its variants' prices
 * and availability. Three calls make a product: productCreate (title, description, the options with their values,
 * the mockups as media Shopify fetches itself), productVariantsBulkCreate (our variants, replacing the standalone
 * variant productCreate made), then the product read back as the sync reads it, so what we store is what the shop holds.
 *
 * Availability: a POD variant is made to order, so an available one is not inventory-tracked (never sold out); an
 * unavailable one is tracked with inventoryPolicy DENY and no stock, which Shopify shows as sold out.
 */
import type { PublishProductInput, VariantUpdate } from '../store-adapter';
import { toGid } from './shopify-client';
import { ShopifyError, userErrorsError, type ShopifyUserError } from './shopify-error';
import * as Q from './shopify-queries';
import type { StoreProduct } from './shopify-types';

type Mutate = <T extends { userErrors: ShopifyUserError[] }>(name: string, query: string, variables: Record<string, unknown>) => Promise<T>;

const money = (cents: number) => (cents / 100).toFixed(2);

/** The fields that make a variant sellable or sold out (see the header). */
const availability = (available: boolean) =>
  available ? { inventoryPolicy: 'CONTINUE', inventoryItem: { tracked: false } } : { inventoryPolicy: 'DENY', inventoryItem: { tracked: true } };

export function shopifyPublishing(mutate: Mutate, read: (id: string) => Promise<StoreProduct | null>) {
  return {
    async createProduct(input: PublishProductInput): Promise<StoreProduct> {
      const created = await mutate<{ product: { id: string } | null; userErrors: ShopifyUserError[] }>('productCreate', Q.PRODUCT_CREATE, {
        product: {
          title: input.title,
          descriptionHtml: input.descriptionHtml,
          productType: input.productType ?? '',
          status: 'ACTIVE',
          tags: input.tags ?? [],
          productOptions: input.options.map((name, i) => ({ name, values: [...new Set(input.variants.map((v) => v.optionValues[i]!))].map((value) => ({ name: value })) })),
        },
        media: input.images.map((originalSource) => ({ originalSource, mediaContentType: 'IMAGE', alt: input.title })),
      });
      if (created.userErrors.length || !created.product) throw userErrorsError('the product', created.userErrors);
      const productId = created.product.id;
      const variants = await mutate<{ userErrors: ShopifyUserError[] }>('productVariantsBulkCreate', Q.PRODUCT_VARIANTS_BULK_CREATE, {
        productId,
        strategy: 'REMOVE_STANDALONE_VARIANT',
        variants: input.variants.map((v) => ({
          optionValues: v.optionValues.map((name, i) => ({ optionName: input.options[i], name })),
          price: money(v.priceCents),
          ...availability(v.available),
          inventoryItem: { ...availability(v.available).inventoryItem, sku: v.sku },
        })),
      });
      if (variants.userErrors.length) throw userErrorsError('the variants', variants.userErrors);
      const product = await read(productId);
      if (!product) throw new ShopifyError(`Shopify has no product ${productId} it just made`, { kind: 'server', retryable: false, status: 200 });
      return product;
    },

    async updateVariants(productId: string, updates: VariantUpdate[]): Promise<void> {
      if (updates.length === 0) return;
      const payload = await mutate<{ userErrors: ShopifyUserError[] }>('productVariantsBulkUpdate', Q.PRODUCT_VARIANTS_BULK_UPDATE, {
        productId: toGid('Product', productId),
        variants: updates.map((u) => ({
          id: toGid('ProductVariant', u.variantId),
          ...(u.priceCents !== undefined ? { price: money(u.priceCents) } : {}),
          ...(u.available !== undefined ? availability(u.available) : {}),
        })),
      });
      if (payload.userErrors.length) throw userErrorsError('the variant changes', payload.userErrors);
    },
  };
}
