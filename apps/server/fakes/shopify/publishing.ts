/**
 * The fake's publishing mutations, as the Admin GraphQL API (2024-04 and later) answers them:
 * - productCreate(product: ProductCreateInput{title, descriptionHtml, productType, status, tags, productOptions}, media)
 *   makes the product with one standalone variant (each option's first value), media fetched from `originalSource`
 *   https://shopify.dev/docs/api/admin-graphql/2025-10/mutations/productCreate
 * - productVariantsBulkCreate(productId, variants, strategy: REMOVE_STANDALONE_VARIANT) adds the variants and drops it
 *   https://shopify.dev/docs/api/admin-graphql/2025-10/mutations/productVariantsBulkCreate
 * - productVariantsBulkUpdate(productId, variants[{id, price, inventoryPolicy, inventoryItem{tracked}}])
 *   https://shopify.dev/docs/api/admin-graphql/2025-10/mutations/productVariantsBulkUpdate
 * Creating a product also sends products/create, as Shopify does (left to the control API's webhooks: the fake
 * sends what a test asks for).
 */
import { fixtures } from './fixtures';
import { newId, now, type FakeProduct, type FakeShop, type FakeVariant } from './state';

type Vars = Record<string, unknown>;
type OptionInput = { name: string; values?: { name: string }[] };
type VariantInput = {
  id?: string;
  price?: string;
  optionValues?: { optionName: string; name: string }[];
  inventoryPolicy?: 'DENY' | 'CONTINUE';
  inventoryItem?: { sku?: string; tracked?: boolean };
};

const gid = (kind: string, id: number) => `gid://shopify/${kind}/${id}`;
const numeric = (id: unknown) => Number(/(\d+)$/.exec(String(id))?.[1] ?? NaN);
const handleOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'product';

/** Whether the storefront can sell it (Shopify's availableForSale for a variant). */
export const availableForSale = (v: FakeVariant) => !v.tracked || v.inventoryPolicy === 'CONTINUE' || (v.inventoryQuantity ?? 0) > 0;

function uniqueHandle(shop: FakeShop, title: string) {
  const base = handleOf(title);
  const taken = new Set([...shop.products.values()].map((p) => p.handle));
  let handle = base;
  for (let n = 1; taken.has(handle); n++) handle = `${base}-${n}`;
  return handle;
}

export function productCreate(shop: FakeShop, vars: Vars) {
  const input = (vars['product'] ?? {}) as { title?: string; descriptionHtml?: string; productType?: string; status?: FakeProduct['status']; productOptions?: OptionInput[] };
  const media = (vars['media'] ?? []) as { originalSource: string }[];
  if (!input.title?.trim()) return { product: null, userErrors: [fixtures.userError('titleBlank')] };
  const options = (input.productOptions ?? []).map((o) => ({ name: o.name, values: (o.values ?? []).map((v) => v.name) }));
  const id = newId();
  const first = options.map((o) => ({ name: o.name, value: o.values[0] ?? 'Default Title' }));
  const product: FakeProduct = {
    id,
    handle: uniqueHandle(shop, input.title),
    title: input.title,
    descriptionHtml: input.descriptionHtml ?? '',
    productType: input.productType ?? '',
    status: input.status ?? 'ACTIVE',
    images: media.map((m) => m.originalSource),
    options,
    // The standalone variant productCreate makes (the first value of each option), replaced by the bulk create.
    variants: [{ id: newId(), sku: '', title: first.map((o) => o.value).join(' / ') || 'Default Title', price: '0.00', selectedOptions: first, image: null, standalone: true }],
    createdAt: now(),
    updatedAt: now(),
  };
  shop.products.set(id, product);
  return { product: { id: gid('Product', id) }, userErrors: [] };
}

function applyInventory(v: FakeVariant, input: VariantInput) {
  if (input.inventoryPolicy) v.inventoryPolicy = input.inventoryPolicy;
  if (input.inventoryItem?.tracked !== undefined) v.tracked = input.inventoryItem.tracked;
  if (input.inventoryItem?.sku !== undefined) v.sku = input.inventoryItem.sku;
}

export function productVariantsBulkCreate(shop: FakeShop, vars: Vars) {
  const product = shop.products.get(numeric(vars['productId']));
  if (!product) return { productVariants: null, userErrors: [fixtures.userError('productMissing')] };
  const inputs = (vars['variants'] ?? []) as VariantInput[];
  const kept = vars['strategy'] === 'REMOVE_STANDALONE_VARIANT' ? product.variants.filter((v) => !v.standalone) : product.variants;
  const made: FakeVariant[] = [];
  const seen = new Set(kept.map((v) => v.title));
  for (const input of inputs) {
    const selected = (input.optionValues ?? []).map((o) => ({ name: o.optionName, value: o.name }));
    if (selected.some((o) => !product.options.find((p) => p.name === o.name)?.values.includes(o.value))) return { productVariants: null, userErrors: [fixtures.userError('optionValueMissing')] };
    const title = selected.map((o) => o.value).join(' / ');
    if (seen.has(title)) return { productVariants: null, userErrors: [fixtures.userError('variantExists')] };
    seen.add(title);
    const v: FakeVariant = { id: newId(), sku: '', title, price: input.price ?? '0.00', selectedOptions: selected, image: null, tracked: false, inventoryPolicy: 'DENY', inventoryQuantity: 0 };
    applyInventory(v, input);
    made.push(v);
  }
  product.variants = [...kept, ...made];
  product.updatedAt = now();
  return { productVariants: made.map((v) => ({ id: gid('ProductVariant', v.id), sku: v.sku })), userErrors: [] };
}

export function productVariantsBulkUpdate(shop: FakeShop, vars: Vars) {
  const product = shop.products.get(numeric(vars['productId']));
  if (!product) return { productVariants: null, userErrors: [fixtures.userError('productMissing')] };
  const inputs = (vars['variants'] ?? []) as VariantInput[];
  // All or nothing, as Shopify validates the whole list before it writes.
  const found = inputs.map((input) => ({ input, v: product.variants.find((v) => v.id === numeric(input.id)) }));
  if (found.some((f) => !f.v)) return { productVariants: null, userErrors: [fixtures.userError('variantMissing')] };
  for (const { input, v } of found) {
    if (input.price !== undefined) v!.price = input.price;
    applyInventory(v!, input);
  }
  product.updatedAt = now();
  return { productVariants: found.map(({ v }) => ({ id: gid('ProductVariant', v!.id), price: v!.price, inventoryPolicy: v!.inventoryPolicy ?? 'DENY' })), userErrors: [] };
}
