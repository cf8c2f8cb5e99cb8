/**
 * The fake's product writes used by publishing, as the REST API v3 answers them:
 * - POST /products (type variable, attributes with variation: true, images [{src}])
 *   https://woocommerce.github.io/woocommerce-rest-api-docs/#create-a-product
 * - POST /products/{id}/variations/batch {create: [...], update: [...]} (sku, regular_price, attributes [{name, option}],
 *   stock_status 'instock' | 'outofstock'); an item that fails answers {id, error: {code, message, data}} in its place
 *   https://woocommerce.github.io/woocommerce-rest-api-docs/#batch-update-product-variations
 * - PUT /products/{id} and the batch's {update} with manage_stock / stock_quantity (the inventory push)
 * WooCommerce refuses a SKU another product or variation has (product_invalid_sku), which the fake does too.
 */
import { fixtures, type Json } from './fixtures';
import { tickGmt, type FakeWooStore } from './state';
import type { RestAnswer } from './rest';

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'product';
const invalid = (message: string, code = 'rest_invalid_param'): RestAnswer => ({ status: 400, body: { code, message, data: { status: 400 } } });

function skuTaken(s: FakeWooStore, sku: string, exceptId?: number) {
  if (!sku) return false;
  for (const p of s.products.values()) {
    if (p['sku'] === sku && p['id'] !== exceptId) return true;
    if ((s.variations.get(p['id'] as number) ?? []).some((v) => v['sku'] === sku && v['id'] !== exceptId)) return true;
  }
  return false;
}

export function createProduct(s: FakeWooStore, body: Json): RestAnswer {
  if (typeof body['name'] !== 'string' || !body['name'].trim()) return invalid('Invalid parameter(s): name');
  const at = tickGmt();
  const p = fixtures.product();
  const attributes = ((body['attributes'] ?? []) as { name: string; options?: string[]; variation?: boolean; visible?: boolean }[])
    .map((a, position) => ({ id: 0, name: a.name, position, visible: a.visible ?? true, variation: a.variation ?? false, options: a.options ?? [] }));
  const images = ((body['images'] ?? []) as { src: string }[]).map((i, n) => ({ id: s.nextId++, src: i.src, name: '', alt: '', position: n }));
  Object.assign(p, {
    id: s.nextId++, name: body['name'], slug: slugOf(String(body['name'])), type: body['type'] ?? 'simple', status: body['status'] ?? 'publish',
    description: body['description'] ?? '', sku: body['sku'] ?? '', price: '', regular_price: body['regular_price'] ?? '',
    categories: [], images, attributes, variations: [], date_created_gmt: at, date_created: at, date_modified_gmt: at, date_modified: at,
  });
  s.products.set(p['id'] as number, p);
  s.variations.set(p['id'] as number, []);
  return { status: 201, body: p };
}

type VariationInput = { id?: number; sku?: string; regular_price?: string; stock_status?: string; manage_stock?: boolean; stock_quantity?: number | null; attributes?: { name: string; option: string }[] };

/**
 * Stock, as WooCommerce keeps it (inventory push): with `manage_stock` on, `stock_quantity` is kept and `stock_status`
 * follows it (WC_Product_Data_Store: 'outofstock' at 0 or below unless backorders are allowed, 'instock' above);
 * a quantity that is not a whole number is refused (rest_invalid_param), as the schema types it integer.
 */
function applyStock(target: Json, input: { manage_stock?: unknown; stock_quantity?: unknown }): string | null {
  if (input.stock_quantity !== undefined && input.stock_quantity !== null && !Number.isInteger(input.stock_quantity)) return 'Invalid parameter(s): stock_quantity';
  if (input.manage_stock !== undefined) target['manage_stock'] = Boolean(input.manage_stock);
  if (input.stock_quantity !== undefined) target['stock_quantity'] = input.stock_quantity;
  if (target['manage_stock'] === true) {
    const quantity = Number(target['stock_quantity'] ?? 0);
    const backorders = target['backorders'] !== undefined && target['backorders'] !== 'no';
    target['stock_status'] = quantity > 0 ? 'instock' : backorders ? 'onbackorder' : 'outofstock';
  }
  return null;
}

/**
 * PUT /products/{id}: the fields the adapter changes (stock, as the inventory push sends it, and name / regular_price).
 * An unknown id answers 400 woocommerce_rest_product_invalid_id "Invalid ID." (WC_REST_CRUD_Controller::update_item).
 * https://woocommerce.github.io/woocommerce-rest-api-docs/#update-a-product
 */
export function updateProduct(s: FakeWooStore, id: number, body: Json): RestAnswer {
  const p = s.products.get(id);
  if (!p) return invalid('Invalid ID.', 'woocommerce_rest_product_invalid_id');
  const refused = applyStock(p, body);
  if (refused) return invalid(refused);
  if (typeof body['name'] === 'string') p['name'] = body['name'];
  if (typeof body['regular_price'] === 'string') Object.assign(p, { price: body['regular_price'], regular_price: body['regular_price'] });
  p['date_modified_gmt'] = p['date_modified'] = tickGmt();
  return { status: 200, body: p };
}

export function batchVariations(s: FakeWooStore, productId: number, body: Json): RestAnswer {
  const product = s.products.get(productId);
  if (!product) return fixtures.error('productNotFound');
  const list = s.variations.get(productId) ?? [];
  const itemError = (id: number, code: string, message: string) => ({ id, error: { code, message, data: { status: 400 } } });
  const created = ((body['create'] ?? []) as VariationInput[]).map((input) => {
    if (input.sku && skuTaken(s, input.sku)) return itemError(0, 'product_invalid_sku', 'Invalid or duplicated SKU.');
    const v = fixtures.variation();
    const price = input.regular_price ?? '';
    Object.assign(v, { id: s.nextId++, sku: input.sku ?? '', price, regular_price: price, stock_status: input.stock_status ?? 'instock', attributes: input.attributes ?? [], image: null, date_modified_gmt: tickGmt() });
    list.push(v);
    return v;
  });
  const updated = ((body['update'] ?? []) as VariationInput[]).map((input) => {
    const v = list.find((x) => x['id'] === input.id);
    if (!v) return itemError(input.id ?? 0, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');
    if (input.regular_price !== undefined) Object.assign(v, { price: input.regular_price, regular_price: input.regular_price });
    if (input.stock_status !== undefined) v['stock_status'] = input.stock_status;
    const refused = applyStock(v, input);
    if (refused) return itemError(input.id ?? 0, 'rest_invalid_param', refused);
    v['date_modified_gmt'] = tickGmt();
    return v;
  });
  s.variations.set(productId, list);
  product['variations'] = list.map((v) => v['id']);
  product['date_modified_gmt'] = product['date_modified'] = tickGmt();
  return { status: 200, body: { create: created, update: updated } };
}
