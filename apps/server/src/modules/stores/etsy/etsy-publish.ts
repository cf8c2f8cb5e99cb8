/**
 * Publishing to Etsy (docs/publishing.md), Open API v3 (https://developers.etsy.com/documentation/reference):
 * 1. createDraftListing `POST /shops/{shop_id}/listings` (form: quantity, title, description, price, who_made,
 *    when_made, taxonomy_id): a draft listing.
 * 2. updateListingInventory `PUT /listings/{listing_id}/inventory` (JSON: products with sku, property_values and
 *    offerings {price, quantity, is_enabled}): the variants. Etsy gives every product new ids on each inventory write.
 * 3. uploadListingImage `POST /shops/{shop_id}/listings/{listing_id}/images` (multipart: image, rank): the mockups,
 *    downloaded here and uploaded as bytes (Etsy takes no image address), at most 10.
 * 4. updateListing `PATCH /shops/{shop_id}/listings/{listing_id}` (form: state=active): published (Etsy refuses to
 *    activate a listing without an image: one that got none stays a draft, and the answer says so by its status).
 *
 * The shared client (etsy-client.ts) sends form bodies only; these JSON and multipart bodies travel through it as
 * one marked form field that a wrapper around its fetch turns back into the real body, so the token refresh, the
 * app key's rate budget and the error mapping stay the client's.
 *
 * Variations use Etsy's two custom properties (513, 514) named after our options, so any catalog's options fit
 * without a taxonomy's own property ids. Money is a decimal amount in the shop's currency (no conversion: the seller
 * types its retail prices in the currency its shop sells in).
 */
import { pushEachProduct } from '../inventory-push';
import type { InventoryUpdate, PublishProductInput, VariantUpdate } from '../store-adapter';
import type { StoreProduct } from '../shopify/shopify-types';
import type { EtsyRequest } from './etsy-client';
import { EtsyError } from './etsy-error';
import { etsyMoneyToCents, listingToProduct } from './etsy-normalise';
import type { EtsyInventory, EtsyListing, EtsyListingImage } from './etsy-types';

/**
 * The seller taxonomy node a listing is filed under when the caller names none. Etsy requires one; a catalog names
 * no Etsy category yet, so every listing starts under this node and the seller moves it in Etsy if it fits better.
 * 482 is left to be checked against getSellerTaxonomyNodes (docs/publishing.md, "Decisions").
 */
export const ETSY_DEFAULT_TAXONOMY_ID = 482;
/** Etsy's title limit (createDraftListing: title, 140 characters). */
const TITLE_MAX = 140;
/** Etsy keeps at most 10 images a listing. */
const MAX_IMAGES = 10;
/** What each offering holds: made to order, never counted down to zero by us. */
const QUANTITY = 999;
/** Etsy's ceiling for an offering's quantity (updateListingInventory: quantity 0..999). */
const MAX_QUANTITY = 999;
/** Etsy's custom variation properties. */
const CUSTOM_PROPERTIES = [513, 514];
const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 20_000;

export const JSON_FIELD = '__json_body';
export const UPLOAD_FIELD = '__upload_key';

type FetchLike = typeof fetch;
type Upload = { bytes: ArrayBuffer; type: string; name: string };

/** Turns the marked form bodies back into JSON or multipart (see the header). */
export function bodyRewritingFetch(inner: FetchLike, uploads: Map<string, Upload>): FetchLike {
  return async (input, init) => {
    const form = typeof init?.body === 'string' ? new URLSearchParams(init.body) : null;
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    delete headers['Content-Type'];
    const json = form?.get(JSON_FIELD);
    if (json) return inner(input, { ...init, headers: { ...headers, 'Content-Type': 'application/json' }, body: json });
    const key = form?.get(UPLOAD_FIELD);
    const upload = key ? uploads.get(key) : undefined;
    if (form && upload) {
      const multipart = new FormData();
      multipart.set('image', new Blob([upload.bytes], { type: upload.type }), upload.name);
      for (const [k, v] of form) if (k !== UPLOAD_FIELD) multipart.set(k, v);
      return inner(input, { ...init, headers, body: multipart });
    }
    return inner(input, init);
  };
}

/** Our HTML description as Etsy's plain text: paragraphs as blank lines, breaks as new lines, no tags. */
export function plainDescription(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
    .trim();
}

const decimal = (cents: number) => Number((cents / 100).toFixed(2));

async function download(url: string, doFetch: FetchLike): Promise<Upload | null> {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const res = await doFetch(url, { signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS), redirect: 'follow' });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.startsWith('image/')) return null;
    const bytes = await res.arrayBuffer();
    if (bytes.byteLength === 0 || bytes.byteLength > IMAGE_MAX_BYTES) return null;
    return { bytes, type, name: decodeURIComponent(new URL(url).pathname.split('/').pop() || 'mockup') };
  } catch {
    return null;
  }
}

export interface EtsyPublishingDeps {
  /** The client's request with its fetch wrapped (bodyRewritingFetch). */
  makeRequest: (wrap: (inner: FetchLike) => FetchLike) => EtsyRequest;
  shopId: () => Promise<string>;
  /** Where the mockups are downloaded from (tests: a local server). */
  fetchImage?: FetchLike;
}

export function etsyPublishing(deps: EtsyPublishingDeps) {
  const uploads = new Map<string, Upload>();
  const request = deps.makeRequest((inner) => bodyRewritingFetch(inner, uploads));
  const putJson = <T>(path: string, body: unknown) => request<T>('PUT', path, { form: { [JSON_FIELD]: JSON.stringify(body) } });

  async function read(listingId: string): Promise<StoreProduct> {
    const listing = await request<EtsyListing>('GET', `/listings/${listingId}`, { query: { includes: 'Images' } });
    const inventory = await request<EtsyInventory>('GET', `/listings/${listingId}/inventory`);
    return listingToProduct(listing, inventory);
  }

  return {
    async createProduct(input: PublishProductInput): Promise<StoreProduct> {
      const shop = await deps.shopId();
      const draft = await request<EtsyListing>('POST', `/shops/${shop}/listings`, {
        form: {
          quantity: QUANTITY,
          title: input.title.slice(0, TITLE_MAX),
          description: plainDescription(input.descriptionHtml) || input.title,
          price: decimal(Math.min(...input.variants.map((v) => v.priceCents))),
          who_made: 'i_did',
          when_made: 'made_to_order',
          taxonomy_id: input.taxonomyId ?? ETSY_DEFAULT_TAXONOMY_ID,
          ...(input.tags?.length ? { tags: input.tags.slice(0, 13).join(',') } : {}),
        },
      });
      const listingId = String(draft.listing_id);
      const properties = input.options.slice(0, CUSTOM_PROPERTIES.length).map((name, i) => ({ name, id: CUSTOM_PROPERTIES[i]! }));
      await putJson(`/listings/${listingId}/inventory`, {
        products: input.variants.map((v) => ({
          sku: v.sku,
          property_values: properties.map((p, i) => ({ property_id: p.id, property_name: p.name, values: [v.optionValues[i]!] })),
          offerings: [{ price: decimal(v.priceCents), quantity: QUANTITY, is_enabled: v.available }],
        })),
        price_on_property: properties.map((p) => p.id),
        quantity_on_property: [],
        sku_on_property: properties.map((p) => p.id),
      });
      let uploaded = 0;
      for (const [rank, url] of input.images.slice(0, MAX_IMAGES).entries()) {
        const image = await download(url, deps.fetchImage ?? fetch);
        if (!image) continue;
        const key = `${listingId}:${rank}`;
        uploads.set(key, image);
        try {
          await request<EtsyListingImage>('POST', `/shops/${shop}/listings/${listingId}/images`, { form: { [UPLOAD_FIELD]: key, rank: rank + 1 } });
          uploaded++;
        } finally {
          uploads.delete(key);
        }
      }
      // updateListing is a PATCH; the client's method list predates it, and passes the method through unchanged.
      if (uploaded > 0) await request<EtsyListing>('PATCH' as 'PUT', `/shops/${shop}/listings/${listingId}`, { form: { state: 'active' } });
      return read(listingId);
    },

    /**
     * Etsy writes a listing's whole inventory at once: the current one is read, the changes applied to the products
     * they name (by product id, else by SKU, since Etsy renews product ids on every write), and written back.
     */
    async updateVariants(productId: string, updates: VariantUpdate[]): Promise<void> {
      if (updates.length === 0) return;
      const current = await request<EtsyInventory>('GET', `/listings/${productId}/inventory`);
      const live = current.products.filter((p) => !p.is_deleted);
      const changeOf = (p: (typeof live)[number]) => updates.find((u) => u.variantId === String(p.product_id)) ?? updates.find((u) => u.sku && u.sku === p.sku);
      if (!updates.every((u) => live.some((p) => changeOf(p) === u))) {
        throw new EtsyError(`Etsy: listing ${productId} has no longer every variant asked for`, { kind: 'not-found', retryable: false, status: 404 });
      }
      await putJson(`/listings/${productId}/inventory`, {
        products: live.map((p) => {
          const change = changeOf(p);
          const offering = p.offerings.find((o) => !o.is_deleted) ?? p.offerings[0];
          return {
            sku: p.sku,
            property_values: p.property_values.map((v) => ({ property_id: v.property_id, property_name: v.property_name, value_ids: v.value_ids, values: v.values })),
            offerings: [{
              price: decimal(change?.priceCents ?? etsyMoneyToCents(offering?.price)),
              quantity: offering?.quantity || QUANTITY,
              is_enabled: change?.available ?? offering?.is_enabled ?? true,
            }],
          };
        }),
        price_on_property: current.price_on_property,
        quantity_on_property: current.quantity_on_property,
        sku_on_property: current.sku_on_property,
      });
    },

    /**
     * Warehouse stock (docs/stores.md "Inventory push"): per listing, the listing is read with its inventory, the
     * offerings of the variants named get their quantities (by product id, else by SKU), every other offering is
     * written back unchanged, and quantity_on_property names the variation properties so quantities may differ.
     * Etsy needs an enabled offering to hold at least 1: a quantity of 0 disables the offering (is_enabled false), as
     * updateVariants does for an unavailable variant; above 999 (Etsy's ceiling) is written as 999.
     * No API call zeroes a whole listing (Etsy keeps one offering above 0; github.com/etsy/open-api issues 395, 560):
     * when every variant is at 0 the listing is made inactive first, then written with its first offering disabled at
     * 1 (never sellable) and the rest disabled at 0; a later push that gives the inactive listing stock makes it
     * active again, the variants it did not name staying as they were (disabled, so none sells stock it has not).
     */
    async pushInventory(items: InventoryUpdate[]): Promise<void> {
      await pushEachProduct(items, async (listingId, group) => {
        const listing = await request<EtsyListing>('GET', `/listings/${listingId}`, { query: { includes: 'Inventory' } });
        const current = listing.inventory ?? (await request<EtsyInventory>('GET', `/listings/${listingId}/inventory`));
        const live = current.products.filter((p) => !p.is_deleted);
        const quantities = new Map<(typeof live)[number], number>();
        const missing: string[] = [];
        for (const item of group) {
          const product = live.find((p) => String(p.product_id) === item.variantId) ?? (item.sku ? live.find((p) => p.sku === item.sku) : undefined);
          if (product) quantities.set(product, Math.min(item.quantity, MAX_QUANTITY));
          else missing.push(item.sku ? `${item.variantId} (${item.sku})` : item.variantId);
        }
        if (missing.length) throw new EtsyError(`Etsy: listing ${listingId} has no variant ${missing.join(', ')}`, { kind: 'not-found', retryable: false, status: 404 });
        const products = live.map((p) => {
          const offering = p.offerings.find((o) => !o.is_deleted) ?? p.offerings[0];
          const quantity = quantities.get(p);
          return {
            sku: p.sku,
            property_values: p.property_values.map((v) => ({ property_id: v.property_id, property_name: v.property_name, value_ids: v.value_ids, values: v.values })),
            offerings: [{
              price: decimal(etsyMoneyToCents(offering?.price)),
              quantity: quantity ?? offering?.quantity ?? 0,
              is_enabled: quantity === undefined ? (offering?.is_enabled ?? false) : quantity > 0,
            }],
          };
        });
        const shop = await deps.shopId();
        // updateListing is a PATCH (see createProduct).
        const setState = (state: 'active' | 'inactive') => request<EtsyListing>('PATCH' as 'PUT', `/shops/${shop}/listings/${listingId}`, { form: { state } });
        const empty = !products.some((p) => p.offerings[0]!.is_enabled);
        if (empty) {
          if (listing.state === 'active') await setState('inactive');
          if (!products.some((p) => p.offerings[0]!.quantity > 0)) products[0]!.offerings[0]!.quantity = 1;
        }
        const properties = [...new Set(live.flatMap((p) => p.property_values.map((v) => v.property_id)))];
        await putJson(`/listings/${listingId}/inventory`, {
          products,
          price_on_property: current.price_on_property,
          quantity_on_property: properties.length ? properties : current.quantity_on_property,
          sku_on_property: current.sku_on_property,
        });
        if (!empty && listing.state === 'inactive') await setState('active');
      });
    },
  };
}
