/**
 * WooCommerce REST API v3 shapes, the fields the adapter reads (the API sends many more).
 * https://woocommerce.github.io/woocommerce-rest-api-docs/ (Products, Product variations, Orders, Order notes, Webhooks)
 */
export interface WooMeta {
  id?: number;
  key: string;
  value: unknown;
  display_key?: string;
  display_value?: unknown;
}

export interface WooImage {
  id?: number;
  src: string;
}

export interface WooProduct {
  id: number;
  name: string;
  slug: string;
  /** simple, variable, grouped, external */
  type: string;
  /** publish, draft, pending, private, future */
  status: string;
  description?: string | null;
  sku?: string | null;
  price?: string | null;
  regular_price?: string | null;
  date_modified_gmt?: string | null;
  categories?: { id: number; name: string }[] | null;
  images?: WooImage[] | null;
  attributes?: { id?: number; name: string; variation?: boolean; options?: string[] }[] | null;
  /** Ids of a variable product's variations. */
  variations?: number[] | null;
}

export interface WooVariation {
  id: number;
  sku?: string | null;
  price?: string | null;
  regular_price?: string | null;
  image?: WooImage | null;
  attributes?: { id?: number; name: string; option: string }[] | null;
}

export interface WooAddress {
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  city?: string | null;
  state?: string | null;
  postcode?: string | null;
  country?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface WooOrderLine {
  id: number;
  name: string;
  product_id?: number | null;
  variation_id?: number | null;
  quantity: number;
  subtotal?: string | null;
  total?: string | null;
  sku?: string | null;
  price?: number | string | null;
  meta_data?: WooMeta[] | null;
}

export interface WooOrder {
  id: number;
  number?: string | number | null;
  /** pending, processing, on-hold, completed, cancelled, refunded, failed, trash (and extensions' own). */
  status: string;
  currency: string;
  date_created_gmt: string;
  date_modified_gmt?: string | null;
  date_paid_gmt?: string | null;
  date_completed_gmt?: string | null;
  discount_total?: string | null;
  shipping_total?: string | null;
  total?: string | null;
  total_tax?: string | null;
  billing?: WooAddress | null;
  shipping?: WooAddress | null;
  line_items?: WooOrderLine[] | null;
  shipping_lines?: { id?: number; method_title?: string | null; method_id?: string | null; total?: string | null }[] | null;
  meta_data?: WooMeta[] | null;
}

export interface WooWebhook {
  id: number;
  name?: string;
  /** active, paused, disabled */
  status: string;
  topic: string;
  delivery_url: string;
  secret?: string;
}

export interface WooNote {
  id: number;
  note: string;
  customer_note: boolean;
  date_created_gmt?: string;
}
