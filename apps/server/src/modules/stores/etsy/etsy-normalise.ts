/** Etsy's answers in the platform-neutral shapes (shopify/shopify-types.ts); field by field in docs/stores-etsy.md. */
import type { StoreOrder, StoreProduct, StoreProductVariant } from '../shopify/shopify-types';
import type { EtsyInventory, EtsyListing, EtsyMoney, EtsyReceipt } from './etsy-types';

/** Integer cents of an Etsy Money (amount over divisor), whatever the divisor. */
export function etsyMoneyToCents(money: EtsyMoney | null | undefined): number {
  if (!money || !money.divisor) return 0;
  return Math.round((money.amount * 100) / money.divisor);
}

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

function variantsOf(inventory: EtsyInventory | undefined, listing: EtsyListing): StoreProductVariant[] {
  const products = (inventory?.products ?? []).filter((p) => !p.is_deleted);
  return products.map((p) => {
    const selectedOptions = p.property_values.map((v) => ({ name: v.property_name, value: v.values.join(', ') }));
    const offering = p.offerings.find((o) => o.is_enabled && !o.is_deleted) ?? p.offerings[0];
    return {
      id: String(p.product_id),
      legacyId: String(p.product_id),
      sku: p.sku || null,
      title: selectedOptions.map((o) => o.value).join(' / ') || 'Default',
      priceCents: etsyMoneyToCents(offering?.price ?? listing.price),
      selectedOptions,
      image: null,
    };
  });
}

export function listingToProduct(listing: EtsyListing, inventory = listing.inventory): StoreProduct {
  const variants = variantsOf(inventory, listing);
  const options = new Map<string, string[]>();
  for (const variant of variants) {
    for (const { name, value } of variant.selectedOptions) {
      const values = options.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      options.set(name, values);
    }
  }
  return {
    id: String(listing.listing_id),
    legacyId: String(listing.listing_id),
    // Etsy has no handle; the URL's slug ("/listing/123/blue-mug") is the closest.
    handle: /\/listing\/\d+\/([^/?#]+)/.exec(listing.url)?.[1] ?? String(listing.listing_id),
    title: listing.title,
    // Etsy descriptions are plain text.
    descriptionHtml: listing.description,
    productType: '',
    status: listing.state.toUpperCase(),
    images: [...(listing.images ?? [])].sort((a, b) => a.rank - b.rank).map((i) => i.url_fullxfull),
    options: [...options].map(([name, values]) => ({ name, values })),
    variants,
    variantsTruncated: false,
    updatedAt: iso(listing.updated_timestamp),
  };
}

function financialStatus(receipt: EtsyReceipt): string {
  const status = receipt.status.toLowerCase();
  if (status === 'fully refunded') return 'REFUNDED';
  if (status === 'partially refunded') return 'PARTIALLY_REFUNDED';
  return receipt.is_paid ? 'PAID' : 'PENDING';
}

export function receiptToOrder(receipt: EtsyReceipt): StoreOrder {
  const id = String(receipt.receipt_id);
  const updatedAt = iso(receipt.updated_timestamp);
  const methods = [...new Set(receipt.transactions.map((t) => t.shipping_method).filter((m): m is string => !!m))];
  const physical = receipt.transactions.some((t) => !t.is_digital);
  return {
    externalId: id,
    legacyId: id,
    name: `#${id}`,
    createdAt: iso(receipt.created_timestamp),
    updatedAt,
    // Etsy keeps no cancel time: the receipt's last change is when it became Canceled.
    cancelledAt: receipt.status.toLowerCase() === 'canceled' ? updatedAt : null,
    displayFinancialStatus: financialStatus(receipt),
    currencyCode: receipt.grandtotal.currency_code,
    totals: {
      totalCents: etsyMoneyToCents(receipt.grandtotal),
      subtotalCents: etsyMoneyToCents(receipt.subtotal),
      shippingCents: etsyMoneyToCents(receipt.total_shipping_cost),
      taxCents: etsyMoneyToCents(receipt.total_tax_cost) + etsyMoneyToCents(receipt.total_vat_cost),
      discountsCents: etsyMoneyToCents(receipt.discount_amt),
    },
    shippingLines: methods.map((title) => ({ title, code: null })),
    email: receipt.buyer_email || null,
    shippingAddress: receipt.first_line
      ? {
          name: receipt.name || null,
          address1: receipt.first_line,
          address2: receipt.second_line || null,
          city: receipt.city,
          provinceCode: receipt.state || null,
          zip: receipt.zip,
          countryCode: receipt.country_iso,
          phone: null,
        }
      : null,
    // A parcel to send and no address: flagged, never imported blank.
    addressMissing: physical && !receipt.first_line,
    lineItems: receipt.transactions.map((t) => ({
      id: String(t.transaction_id),
      legacyId: String(t.transaction_id),
      variantId: t.product_id ? String(t.product_id) : null,
      productId: t.listing_id ? String(t.listing_id) : null,
      sku: t.sku || null,
      title: t.title,
      quantity: t.quantity,
      unitPriceCents: etsyMoneyToCents(t.price),
      // Personalization arrives as a variation named "Personalization", beside the buyer's choices.
      customAttributes: t.variations.map((v) => ({ key: v.formatted_name, value: v.formatted_value })),
    })),
  };
}
