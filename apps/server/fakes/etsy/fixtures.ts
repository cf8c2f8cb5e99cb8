/** The fake's answers are built from these JSON fixtures (each names the developers.etsy.com page it follows). */
import { readFileSync } from 'node:fs';

type Json = Record<string, unknown>;
const load = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Record<string, Json>;

export interface HttpFixture {
  status: number;
  headers?: Record<string, string>;
  body: Json;
}

const shop = load('shop');
const listing = load('listing');
const receipt = load('receipt');
const oauth = load('oauth');
const http = load('http-errors') as unknown as Record<string, HttpFixture>;

/** A fresh copy of a template with some fields set. */
const make = (template: Json | undefined, fields: Json = {}): Json => ({ ...structuredClone(template ?? {}), ...fields });

export const fixtures = {
  me: (fields: Json) => make(shop['me'], fields),
  shop: (fields: Json) => make(shop['shop'], fields),
  listing: (fields: Json) => make(listing['listing'], fields),
  image: (fields: Json) => make(listing['image'], fields),
  inventory: (fields: Json) => make(listing['inventory'], fields),
  product: (fields: Json) => make(listing['product'], fields),
  offering: (fields: Json) => make(listing['offering'], fields),
  propertyValue: (fields: Json) => make(listing['propertyValue'], fields),
  receipt: (fields: Json) => make(receipt['receipt'], fields),
  transaction: (fields: Json) => make(receipt['transaction'], fields),
  variation: (fields: Json) => make(receipt['variation'], fields),
  shipment: (fields: Json) => make(receipt['shipment'], fields),
  token: (fields: Json) => make(oauth['token'], fields),
  oauthError: (name: 'invalidGrant' | 'invalidRefresh' | 'invalidVerifier' | 'invalidClient' | 'invalidRequest') => make(oauth[name]),
  http: (name: 'badApiKey' | 'invalidToken' | 'forbidden' | 'notFound' | 'throttledSecond' | 'throttledDay' | 'unavailable' | 'badTracking') =>
    structuredClone(http[name]!),
};
