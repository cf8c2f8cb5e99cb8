/**
 * Etsy Open API v3 answers as far as the adapter reads them (https://developers.etsy.com/documentation/reference:
 * getMe, getShopByOwnerUserId, getListingsByShop, getListing, getListingInventory, getShopReceipts,
 * getShopReceipt, createReceiptShipment). Fields the adapter does not read are left out.
 */

/** Etsy's Money: `amount / divisor` in `currency_code` (amount 1999, divisor 100 = 19.99). */
export interface EtsyMoney {
  amount: number;
  divisor: number;
  currency_code: string;
}

export interface EtsyList<T> {
  count: number;
  results: T[];
}

export interface EtsyMe {
  user_id: number;
  shop_id: number | null;
}

export interface EtsyShop {
  shop_id: number;
  user_id: number;
  shop_name: string;
  title: string | null;
  currency_code: string;
  url: string;
  is_vacation: boolean;
}

export interface EtsyPropertyValue {
  property_id: number;
  property_name: string;
  scale_id: number | null;
  scale_name: string | null;
  value_ids: number[];
  values: string[];
}

export interface EtsyOffering {
  offering_id: number;
  quantity: number;
  is_enabled: boolean;
  is_deleted: boolean;
  price: EtsyMoney;
}

export interface EtsyInventoryProduct {
  product_id: number;
  sku: string;
  is_deleted: boolean;
  offerings: EtsyOffering[];
  property_values: EtsyPropertyValue[];
}

export interface EtsyInventory {
  products: EtsyInventoryProduct[];
  price_on_property: number[];
  quantity_on_property: number[];
  sku_on_property: number[];
}

export interface EtsyListingImage {
  listing_image_id: number;
  url_fullxfull: string;
  rank: number;
}

export interface EtsyListing {
  listing_id: number;
  shop_id: number;
  title: string;
  description: string;
  /** active, inactive, sold_out, draft, expired */
  state: string;
  url: string;
  price: EtsyMoney;
  skus: string[];
  updated_timestamp: number;
  is_personalizable: boolean;
  images?: EtsyListingImage[];
  /** Present when asked with includes=Inventory. */
  inventory?: EtsyInventory;
}

export interface EtsyVariation {
  property_id: number;
  value_id: number | null;
  formatted_name: string;
  formatted_value: string;
}

export interface EtsyTransaction {
  transaction_id: number;
  title: string;
  quantity: number;
  listing_id: number;
  product_id: number;
  sku: string;
  price: EtsyMoney;
  is_digital: boolean;
  shipping_method: string | null;
  shipping_upgrade: string | null;
  variations: EtsyVariation[];
}

export interface EtsyShipment {
  receipt_shipping_id: number | null;
  shipment_notification_timestamp: number;
  carrier_name: string;
  tracking_code: string;
}

export interface EtsyReceipt {
  receipt_id: number;
  seller_user_id: number;
  buyer_email: string | null;
  name: string;
  first_line: string | null;
  second_line: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country_iso: string | null;
  /** Paid, Completed, Open, Payment Processing, Canceled, Fully Refunded, Partially Refunded */
  status: string;
  is_paid: boolean;
  is_shipped: boolean;
  created_timestamp: number;
  updated_timestamp: number;
  grandtotal: EtsyMoney;
  subtotal: EtsyMoney;
  total_shipping_cost: EtsyMoney;
  total_tax_cost: EtsyMoney;
  total_vat_cost: EtsyMoney;
  discount_amt: EtsyMoney;
  shipments: EtsyShipment[];
  transactions: EtsyTransaction[];
}
