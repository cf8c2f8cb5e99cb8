/** What the WooCommerce fake holds: stores (each a WordPress site under /stores/{slug}), their keys, catalogue, orders, notes and webhooks. */
import type { Json } from './fixtures';

export type Permissions = 'read' | 'write' | 'read_write';

export interface FakeKey {
  keyId: number;
  consumerKey: string;
  consumerSecret: string;
  permissions: Permissions;
  /** Who asked for it through /wc-auth (the app's user_id), or 'admin' for keys made by hand. */
  userId: string;
}

export interface FakeWebhook extends Json {
  id: number;
  status: 'active' | 'paused' | 'disabled';
  topic: string;
  delivery_url: string;
  secret: string;
  /** Consecutive failed deliveries (WooCommerce's failure_count); reset by a delivered one. */
  failure_count: number;
}

export interface FakeWooStore {
  slug: string;
  name: string;
  currency: string;
  keys: FakeKey[];
  /** The REST representations, kept as WooCommerce answers them. */
  products: Map<number, Json>;
  variations: Map<number, Json[]>;
  orders: Map<number, Json>;
  notes: Map<number, Json[]>;
  webhooks: Map<number, FakeWebhook>;
  nextId: number;
  nextOrderNumber: number;
  nextProductNumber: number;
  /** Failure modes: the next N API calls answer 429 (with Retry-After) or 500. */
  fail429: number;
  fail5xx: number;
  retryAfter: string;
}

let lastSecond = 0;
/** WooCommerce's `*_gmt` form ("2026-11-25T10:00:00", no zone); each change one second after the last, so "modified" orders strictly. */
export function tickGmt(): string {
  lastSecond = Math.max(Math.floor(Date.now() / 1000), lastSecond + 1);
  return new Date(lastSecond * 1000).toISOString().slice(0, 19);
}

export function newStore(init: { slug: string; name?: string; currency?: string }): FakeWooStore {
  return {
    slug: init.slug,
    name: init.name ?? init.slug,
    currency: init.currency ?? 'USD',
    keys: [],
    products: new Map(),
    variations: new Map(),
    orders: new Map(),
    notes: new Map(),
    webhooks: new Map(),
    nextId: 100,
    nextOrderNumber: 1001,
    nextProductNumber: 1,
    fail429: 0,
    fail5xx: 0,
    retryAfter: '2',
  };
}
