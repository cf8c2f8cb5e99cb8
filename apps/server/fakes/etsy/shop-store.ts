/** The fake's shops and what a test or a person does to them (the control API's verbs). */
import type { EtsyListing, EtsyMoney, EtsyReceipt, EtsyShipment, EtsyTransaction } from '../../src/modules/stores/etsy/etsy-types';
import { fixtures } from './fixtures';
import { newId, nowSeconds, type FakeEtsyShop, type FakeListing, type FakeReceipt } from './state';

export interface ReceiptInput {
  receiptId?: number;
  /** Each line names a seeded SKU (price and ids from its listing) or stands alone with a title. */
  transactions: { sku: string; title?: string; quantity?: number; priceCents?: number; personalization?: string; digital?: boolean }[];
  buyerEmail?: string | null;
  /** null: no address (a digital order, or one Etsy withheld). */
  address?: { name?: string; first_line?: string; second_line?: string | null; city?: string; state?: string | null; zip?: string; country_iso?: string } | null;
  isPaid?: boolean;
  shippingCents?: number;
  taxCents?: number;
}

const COLORS = ['Black', 'White', 'Navy', 'Sage'];
const SIZES = ['S', 'M', 'L', 'XL'];

export function createShopStore() {
  const shops = new Map<number, FakeEtsyShop>();
  const byUser = new Map<number, number>();

  function shop(shopId: number | string): FakeEtsyShop {
    const found = shops.get(Number(shopId));
    if (!found) throw new Error(`The fake has no shop ${shopId}`);
    return found;
  }
  const money = (s: FakeEtsyShop, cents: number): EtsyMoney => ({ amount: cents, divisor: 100, currency_code: s.currency });

  function createShop(input: { shopId?: number; userId?: number; name?: string; currency?: string } = {}): FakeEtsyShop {
    const s: FakeEtsyShop = {
      shopId: newId(input.shopId),
      userId: newId(input.userId),
      name: input.name ?? 'FakeEtsyShop',
      currency: input.currency ?? 'USD',
      listings: new Map(),
      receipts: new Map(),
    };
    shops.set(s.shopId, s);
    byUser.set(s.userId, s.shopId);
    return s;
  }

  function shopOfUser(userId: number): FakeEtsyShop | null {
    const id = byUser.get(userId);
    return id === undefined ? null : shop(id);
  }

  function shopJson(s: FakeEtsyShop) {
    return fixtures.shop({ shop_id: s.shopId, user_id: s.userId, shop_name: s.name, login_name: s.name.toLowerCase(), title: s.name, currency_code: s.currency, url: `https://www.etsy.com/shop/${s.name}`, listing_active_count: s.listings.size });
  }

  /** `count` listings, each a colour x size grid of `variantsPerListing` inventory products with SKUs `ETSY{n}-{COLOR}-{SIZE}`. */
  function seedListings(shopId: number | string, input: { count: number; variantsPerListing?: number; personalizable?: boolean }): FakeListing[] {
    const s = shop(shopId);
    const made: FakeListing[] = [];
    for (let i = 0; i < input.count; i++) {
      const n = s.listings.size + 1;
      const listingId = newId();
      const title = `Etsy Mug ${n}`;
      const grid = COLORS.flatMap((color) => SIZES.map((size) => ({ color, size }))).slice(0, Math.max(1, input.variantsPerListing ?? 1));
      const priceCents = 1500 + n * 100;
      const products = grid.map(({ color, size }) =>
        fixtures.product({
          product_id: newId(),
          sku: `ETSY${n}-${color.toUpperCase()}-${size}`,
          offerings: [fixtures.offering({ offering_id: newId(), price: money(s, priceCents) })],
          property_values:
            grid.length > 1
              ? [fixtures.propertyValue({ property_id: 200, property_name: 'Primary color', value_ids: [newId()], values: [color] }), fixtures.propertyValue({ property_id: 100, property_name: 'Size', value_ids: [newId()], values: [size] })]
              : [],
        }),
      );
      const now = nowSeconds();
      const listing = fixtures.listing({
        listing_id: listingId,
        user_id: s.userId,
        shop_id: s.shopId,
        title,
        description: `A hand-thrown mug, number ${n}.`,
        url: `https://www.etsy.com/listing/${listingId}/etsy-mug-${n}`,
        price: money(s, priceCents),
        skus: products.map((p) => p['sku']),
        quantity: 25 * products.length,
        has_variations: products.length > 1,
        is_personalizable: input.personalizable ?? false,
        created_timestamp: now,
        updated_timestamp: now,
        last_modified_timestamp: now,
        images: [fixtures.image({ listing_id: listingId, listing_image_id: newId() })].map((img) => JSON.parse(JSON.stringify(img).replaceAll('{listing_image_id}', String(img['listing_image_id'])))),
      }) as unknown as FakeListing['listing'];
      const inventory = fixtures.inventory({ products, price_on_property: [], quantity_on_property: grid.length > 1 ? [200, 100] : [], sku_on_property: grid.length > 1 ? [200, 100] : [] }) as unknown as FakeListing['inventory'];
      const entry = { listing, inventory };
      s.listings.set(listingId, entry);
      made.push(entry);
    }
    return made;
  }

  function productBySku(s: FakeEtsyShop, sku: string) {
    for (const { listing, inventory } of s.listings.values()) {
      const product = inventory.products.find((p) => p.sku === sku);
      if (product) return { listing: listing as EtsyListing, product };
    }
    return null;
  }

  function createReceipt(shopId: number | string, input: ReceiptInput): FakeReceipt {
    const s = shop(shopId);
    const receiptId = newId(input.receiptId);
    const now = nowSeconds();
    const transactions = input.transactions.map((line) => {
      const found = productBySku(s, line.sku);
      const priceCents = line.priceCents ?? (found ? Math.round((found.product.offerings[0]!.price.amount * 100) / found.product.offerings[0]!.price.divisor) : 1000);
      const variations = [
        ...(found?.product.property_values ?? []).map((v) => fixtures.variation({ property_id: v.property_id, value_id: v.value_ids[0] ?? null, formatted_name: v.property_name, formatted_value: v.values.join(', ') })),
        ...(line.personalization ? [fixtures.variation({ property_id: 54, formatted_name: 'Personalization', formatted_value: line.personalization })] : []),
      ];
      return fixtures.transaction({
        transaction_id: newId(),
        title: line.title ?? found?.listing.title ?? line.sku,
        seller_user_id: s.userId,
        quantity: line.quantity ?? 1,
        receipt_id: receiptId,
        is_digital: line.digital ?? false,
        listing_id: found?.listing.listing_id ?? 0,
        product_id: found?.product.product_id ?? 0,
        sku: line.sku,
        price: money(s, priceCents),
        variations,
        create_timestamp: now,
        created_timestamp: now,
      }) as unknown as EtsyTransaction;
    });
    const subtotal = transactions.reduce((sum, t) => sum + t.price.amount * t.quantity, 0);
    const shipping = input.shippingCents ?? 495;
    const tax = input.taxCents ?? 0;
    const address = input.address === null ? { name: '', first_line: null, second_line: null, city: null, state: null, zip: null, country_iso: null, formatted_address: '' } : { ...input.address };
    const receipt = fixtures.receipt({
      receipt_id: receiptId,
      seller_user_id: s.userId,
      buyer_email: input.buyerEmail ?? null,
      ...address,
      is_paid: input.isPaid ?? true,
      status: input.isPaid === false ? 'Payment Processing' : 'Paid',
      create_timestamp: now,
      created_timestamp: now,
      update_timestamp: now,
      updated_timestamp: now,
      grandtotal: money(s, subtotal + shipping + tax),
      subtotal: money(s, subtotal),
      total_price: money(s, subtotal),
      total_shipping_cost: money(s, shipping),
      total_tax_cost: money(s, tax),
      total_vat_cost: money(s, 0),
      discount_amt: money(s, 0),
      gift_wrap_price: money(s, 0),
      transactions,
    }) as unknown as FakeReceipt;
    s.receipts.set(receiptId, receipt);
    return receipt;
  }

  function receipt(shopId: number | string, receiptId: number | string): FakeReceipt {
    const found = shop(shopId).receipts.get(Number(receiptId));
    if (!found) throw new Error(`The fake shop ${shopId} has no receipt ${receiptId}`);
    return found;
  }

  /** Any receipt fields; the receipt's last change becomes now (what min_last_modified filters on) unless given. */
  function updateReceipt(shopId: number | string, receiptId: number | string, fields: Partial<EtsyReceipt>): FakeReceipt {
    const r = receipt(shopId, receiptId);
    const changed = fields.updated_timestamp ?? Math.max(nowSeconds(), r.updated_timestamp + 1);
    return Object.assign(r, fields, { update_timestamp: changed, updated_timestamp: changed });
  }

  const cancelReceipt = (shopId: number | string, receiptId: number | string) => updateReceipt(shopId, receiptId, { status: 'Canceled' });

  /** createReceiptShipment: adds the parcel, marks the receipt shipped (Etsy lets a receipt hold several). */
  function addShipment(shopId: number | string, receiptId: number | string, input: { tracking_code: string; carrier_name: string }): FakeReceipt {
    const r = receipt(shopId, receiptId);
    const shipment = fixtures.shipment({ receipt_shipping_id: newId(), shipment_notification_timestamp: nowSeconds(), ...input }) as unknown as EtsyShipment;
    return updateReceipt(shopId, receiptId, { shipments: [...r.shipments, shipment], is_shipped: true, status: 'Completed' });
  }

  function shipments(shopId: number | string) {
    return [...shop(shopId).receipts.values()].flatMap((r) => r.shipments.map((s) => ({ receiptId: r.receipt_id, ...s })));
  }

  /** Stock as pushed: every live inventory product with its offering's quantity; `available` is what a buyer can take. */
  function inventory(shopId: number | string) {
    return [...shop(shopId).listings.values()].flatMap(({ listing, inventory: inv }) =>
      inv.products.filter((p) => !p.is_deleted).map((p) => {
        const offering = p.offerings.find((o) => !o.is_deleted) ?? p.offerings[0];
        const enabled = offering?.is_enabled ?? false;
        return { listingId: listing.listing_id, state: listing.state, productId: p.product_id, sku: p.sku, quantity: offering?.quantity ?? 0, isEnabled: enabled, available: listing.state === 'active' && enabled ? (offering?.quantity ?? 0) : 0 };
      }),
    );
  }

  return { shops, shop, shopOfUser, shopJson, createShop, seedListings, createReceipt, receipt, updateReceipt, cancelReceipt, addShipment, shipments, inventory };
}

export type EtsyShopStore = ReturnType<typeof createShopStore>;
