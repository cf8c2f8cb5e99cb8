/** The fake's answers are built from these JSON fixtures (each names the WooCommerce documentation page it follows). */
import { readFileSync } from 'node:fs';

export type Json = Record<string, unknown>;

const load = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Json;
const copy = <T>(value: T): T => structuredClone(value);

export interface ErrorFixture {
  status: number;
  headers?: Record<string, string>;
  body: { code: string; message: string; data: { status: number } };
}

const order = load('order') as { body: Json };
const products = load('products') as { product: Json; variation: Json };
const webhook = load('webhook') as { body: Json; headers: Record<string, string> };
const errors = load('errors') as unknown as Record<string, ErrorFixture>;
const site = load('site') as { index: Json; currency: Json; note: Json };

export type ErrorName = 'noAuth' | 'badKey' | 'badSecret' | 'readOnly' | 'orderNotFound' | 'productNotFound' | 'webhookNotFound' | 'noRoute' | 'perPage' | 'throttled' | 'critical';

export const fixtures = {
  order: () => copy(order.body),
  product: () => copy(products.product),
  variation: () => copy(products.variation),
  webhook: () => copy(webhook.body),
  webhookHeaders: () => copy(webhook.headers),
  error: (name: ErrorName) => copy(errors[name]!),
  siteIndex: () => copy(site.index),
  currency: () => copy(site.currency),
  note: () => copy(site.note),
};
