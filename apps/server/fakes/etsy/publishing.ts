/**
 * The fake's listing writes used by publishing, as Open API v3 documents them
 * (https://developers.etsy.com/documentation/reference):
 * - createDraftListing `POST /shops/{shop_id}/listings` (form; quantity, title, description, price, who_made,
 *   when_made and taxonomy_id required): a draft listing
 * - updateListingInventory `PUT /listings/{listing_id}/inventory` (JSON): the whole inventory replaced; every
 *   product and offering gets new ids, as Etsy does; an offering's quantity is 0..999, an enabled one's at least 1,
 *   and one offering at least must keep a quantity above 0
 * - uploadListingImage `POST /shops/{shop_id}/listings/{listing_id}/images` (multipart `image`, `rank`): at most 10
 * - updateListing `PATCH /shops/{shop_id}/listings/{listing_id}` (form `state`): a listing without an image cannot
 *   be made active
 * Only the shop's owner may write (403 otherwise).
 */
import type { EtsyInventory, EtsyInventoryProduct } from '../../src/modules/stores/etsy/etsy-types';
import type { ApiAnswer } from './api';
import { fixtures } from './fixtures';
import type { EtsyShopStore } from './shop-store';
import { newId, nowSeconds, type FakeEtsyShop, type FakeListing } from './state';

export interface PublishingRequest {
  userId: number;
  method: string;
  parts: string[];
  form: Record<string, string>;
  json: unknown;
  file: { bytes: number; type: string; name: string } | null;
}

const bad = (error: string): ApiAnswer => ({ status: 400, body: { error } });
const REQUIRED = ['quantity', 'title', 'description', 'price', 'who_made', 'when_made', 'taxonomy_id'];
const WHO_MADE = new Set(['i_did', 'someone_else', 'collective']);
const MAX_IMAGES = 10;

const moneyOf = (s: FakeEtsyShop, price: number) => ({ amount: Math.round(price * 100), divisor: 100, currency_code: s.currency });

function touch(entry: FakeListing) {
  const now = Math.max(nowSeconds(), entry.listing.updated_timestamp + 1);
  Object.assign(entry.listing, { updated_timestamp: now, last_modified_timestamp: now });
}

export function createPublishing(store: EtsyShopStore) {
  function owned(userId: number, shopId: string | undefined): FakeEtsyShop | ApiAnswer {
    const s = store.shops.get(Number(shopId));
    if (!s) return { status: 404, body: fixtures.http('notFound').body };
    return s.userId === userId ? s : { status: 403, body: fixtures.http('forbidden').body };
  }
  const isAnswer = (v: unknown): v is ApiAnswer => typeof v === 'object' && v !== null && 'status' in v && 'body' in v;

  function listingOf(s: FakeEtsyShop, id: string | undefined) {
    return s.listings.get(Number(id)) ?? null;
  }

  function createDraft(s: FakeEtsyShop, form: Record<string, string>): ApiAnswer {
    const missing = REQUIRED.filter((k) => !form[k]);
    if (missing.length) return bad(`Missing required parameter(s): ${missing.join(', ')}`);
    if (!WHO_MADE.has(form['who_made']!)) return bad('who_made must be one of i_did, someone_else, collective');
    const price = Number(form['price']);
    if (!(price >= 0.2)) return bad('price must be at least 0.20');
    if (form['title']!.length > 140) return bad('title must be 140 characters or fewer');
    const listingId = newId();
    const now = nowSeconds();
    const listing = fixtures.listing({
      listing_id: listingId, user_id: s.userId, shop_id: s.shopId, title: form['title'], description: form['description'], state: 'draft',
      url: `https://www.etsy.com/listing/${listingId}/${form['title']!.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`,
      price: moneyOf(s, price), quantity: Number(form['quantity']), who_made: form['who_made'], when_made: form['when_made'], taxonomy_id: Number(form['taxonomy_id']),
      skus: [], has_variations: false, is_personalizable: false, created_timestamp: now, updated_timestamp: now, last_modified_timestamp: now, images: [],
    }) as unknown as FakeListing['listing'];
    const inventory = fixtures.inventory({
      products: [fixtures.product({ product_id: newId(), sku: '', property_values: [], offerings: [fixtures.offering({ offering_id: newId(), price: moneyOf(s, price), quantity: Number(form['quantity']), is_enabled: true })] })],
      price_on_property: [], quantity_on_property: [], sku_on_property: [],
    }) as unknown as EtsyInventory;
    s.listings.set(listingId, { listing, inventory });
    return { status: 201, body: structuredClone(listing) };
  }

  type ProductInput = { sku?: string; property_values?: { property_id: number; property_name?: string; value_ids?: number[]; values: string[] }[]; offerings?: { price: number; quantity: number; is_enabled: boolean }[] };

  function putInventory(s: FakeEtsyShop, entry: FakeListing, json: unknown): ApiAnswer {
    const body = (json ?? {}) as { products?: ProductInput[]; price_on_property?: number[]; quantity_on_property?: number[]; sku_on_property?: number[] };
    if (!Array.isArray(body.products) || body.products.length === 0) return bad('products is required');
    const products: EtsyInventoryProduct[] = [];
    for (const p of body.products) {
      const offering = p.offerings?.[0];
      if (!offering || !(offering.price >= 0.2)) return bad('Each product needs an offering with a price of at least 0.20');
      if (offering.is_enabled && !(offering.quantity > 0)) return bad('An enabled offering needs a quantity above 0');
      if (!Number.isInteger(offering.quantity) || offering.quantity < 0 || offering.quantity > 999) return bad('quantity must be an integer between 0 and 999');
      products.push(fixtures.product({
        // Etsy renews every product and offering id on each inventory write.
        product_id: newId(), sku: p.sku ?? '', is_deleted: false,
        property_values: (p.property_values ?? []).map((v) => fixtures.propertyValue({ property_id: v.property_id, property_name: v.property_name ?? String(v.property_id), value_ids: v.value_ids?.length ? v.value_ids : [newId()], values: v.values })),
        offerings: [fixtures.offering({ offering_id: newId(), price: moneyOf(s, offering.price), quantity: offering.quantity, is_enabled: offering.is_enabled, is_deleted: false })],
      }) as unknown as EtsyInventoryProduct);
    }
    // Etsy's words (github.com/etsy/open-api issues 395 and 560): no API call zeroes a whole listing's inventory.
    if (!products.some((p) => p.offerings[0]!.quantity > 0)) return bad('One offering must have quantity greater than 0');
    entry.inventory = { products, price_on_property: body.price_on_property ?? [], quantity_on_property: body.quantity_on_property ?? [], sku_on_property: body.sku_on_property ?? [] };
    const prices = products.map((p) => p.offerings[0]!.price.amount);
    Object.assign(entry.listing, { skus: products.map((p) => p.sku), has_variations: products.length > 1, price: { ...products[0]!.offerings[0]!.price, amount: Math.min(...prices) } });
    touch(entry);
    return { status: 200, body: structuredClone(entry.inventory) };
  }

  function uploadImage(entry: FakeListing, form: Record<string, string>, file: PublishingRequest['file']): ApiAnswer {
    if (!file || file.bytes === 0) return bad('image is required');
    if (!file.type.startsWith('image/')) return bad('image must be an image file');
    const images = entry.listing.images ?? [];
    if (images.length >= MAX_IMAGES) return bad('A listing can have at most 10 images');
    const id = newId();
    const image = JSON.parse(JSON.stringify(fixtures.image({ listing_id: entry.listing.listing_id, listing_image_id: id, rank: Number(form['rank'] ?? images.length + 1) })).replaceAll('{listing_image_id}', String(id)));
    entry.listing.images = [...images, image];
    touch(entry);
    return { status: 201, body: image };
  }

  function updateListing(entry: FakeListing, form: Record<string, string>): ApiAnswer {
    if (form['state'] === 'active' && !(entry.listing.images ?? []).length) return bad('A listing needs at least one image to be active');
    if (form['state']) entry.listing.state = form['state'];
    if (form['title']) entry.listing.title = form['title'];
    touch(entry);
    return { status: 200, body: structuredClone(entry.listing) };
  }

  /** The publishing routes; null: not one of them (the API's other routes answer it). */
  function handle(req: PublishingRequest): ApiAnswer | null {
    const { userId, method, parts, form, json, file } = req;
    if (parts[0] === 'listings' && parts[2] === 'inventory' && parts.length === 3 && method === 'PUT') {
      for (const s of store.shops.values()) {
        const entry = listingOf(s, parts[1]);
        if (!entry) continue;
        if (s.userId !== userId) return { status: 403, body: fixtures.http('forbidden').body };
        return putInventory(s, entry, json);
      }
      return { status: 404, body: fixtures.http('notFound').body };
    }
    if (parts[0] !== 'shops' || parts[2] !== 'listings') return null;
    const write = (method === 'POST' && (parts.length === 3 || (parts.length === 5 && parts[4] === 'images'))) || (method === 'PATCH' && parts.length === 4);
    if (!write) return null;
    const s = owned(userId, parts[1]);
    if (isAnswer(s)) return s;
    if (parts.length === 3) return createDraft(s, form);
    const entry = listingOf(s, parts[3]);
    if (!entry) return { status: 404, body: fixtures.http('notFound').body };
    return method === 'PATCH' ? updateListing(entry, form) : uploadImage(entry, form, file);
  }

  return { handle };
}
