/**
 * The fake's Open API v3 routes (under /v3/application), as far as the adapter uses them, with Etsy's checks:
 * the app key, the bearer token, shop ownership, limit 1..100 and the receipt filters.
 */
import type { EtsyListing } from '../../src/modules/stores/etsy/etsy-types';
import { fixtures, type HttpFixture } from './fixtures';
import type { EtsyShopStore } from './shop-store';
import type { FakeEtsyShop, FakeListing, FakeReceipt } from './state';

export interface ApiAnswer {
  status: number;
  body: unknown;
}

const fail = (f: HttpFixture): ApiAnswer => ({ status: f.status, body: f.body });

function listingJson(entry: FakeListing, includes: string[]): EtsyListing {
  const { images, ...listing } = entry.listing;
  return {
    ...listing,
    ...(includes.includes('images') ? { images } : {}),
    ...(includes.includes('inventory') ? { inventory: structuredClone(entry.inventory) } : {}),
  } as EtsyListing;
}

/** limit (1..100, default 25) and offset, or a 400 as Etsy answers an out-of-range limit. */
function paging(q: URLSearchParams): { limit: number; offset: number } | ApiAnswer {
  const limit = Number(q.get('limit') ?? 25);
  const offset = Number(q.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return { status: 400, body: { error: 'limit must be between 1 and 100' } };
  if (!Number.isInteger(offset) || offset < 0) return { status: 400, body: { error: 'offset must be >= 0' } };
  return { limit, offset };
}

function receiptFilter(q: URLSearchParams) {
  const num = (name: string) => (q.get(name) === null ? null : Number(q.get(name)));
  const bool = (name: string) => (q.get(name) === null ? null : q.get(name) === 'true');
  const [minModified, maxModified, minCreated, maxCreated] = ['min_last_modified', 'max_last_modified', 'min_created', 'max_created'].map(num);
  const [paid, shipped, canceled] = ['was_paid', 'was_shipped', 'was_canceled'].map(bool);
  return (r: FakeReceipt) =>
    (minModified === null || r.updated_timestamp >= minModified!) &&
    (maxModified === null || r.updated_timestamp <= maxModified!) &&
    (minCreated === null || r.created_timestamp >= minCreated!) &&
    (maxCreated === null || r.created_timestamp <= maxCreated!) &&
    (paid === null || r.is_paid === paid) &&
    (shipped === null || r.is_shipped === shipped) &&
    (canceled === null || (r.status === 'Canceled') === canceled);
}

function sortReceipts(list: FakeReceipt[], q: URLSearchParams) {
  const key = { created: 'created_timestamp', updated: 'updated_timestamp', receipt_id: 'receipt_id' }[q.get('sort_on') ?? 'created'] as 'created_timestamp' | 'updated_timestamp' | 'receipt_id' | undefined;
  const dir = q.get('sort_order') === 'asc' || q.get('sort_order') === 'ascending' ? 1 : -1;
  const k = key ?? 'created_timestamp';
  return list.sort((a, b) => (a[k] - b[k] || a.receipt_id - b.receipt_id) * dir);
}

export function createApi(store: EtsyShopStore) {
  function ownShop(userId: number, shopId: string): FakeEtsyShop | ApiAnswer {
    const s = store.shops.get(Number(shopId));
    if (!s) return fail(fixtures.http('notFound'));
    return s.userId === userId ? s : fail(fixtures.http('forbidden'));
  }
  const isAnswer = (v: unknown): v is ApiAnswer => typeof v === 'object' && v !== null && 'status' in v && 'body' in v;

  function findListing(id: string): FakeListing | null {
    for (const s of store.shops.values()) {
      const found = s.listings.get(Number(id));
      if (found) return found;
    }
    return null;
  }

  /** One API call by `userId` (already authenticated); `form` is the parsed body of a POST. */
  function handle(userId: number, method: string, path: string, q: URLSearchParams, form: Record<string, string>): ApiAnswer {
    const parts = path.split('/').filter(Boolean);
    const includes = (q.get('includes') ?? '').toLowerCase().split(',').map((s) => s.trim());
    if (method === 'GET' && path === '/users/me') {
      return { status: 200, body: fixtures.me({ user_id: userId, shop_id: store.shopOfUser(userId)?.shopId ?? null }) };
    }
    if (method === 'GET' && parts[0] === 'users' && parts[2] === 'shops' && parts.length === 3) {
      const s = store.shopOfUser(Number(parts[1]));
      return s ? { status: 200, body: store.shopJson(s) } : fail(fixtures.http('notFound'));
    }
    if (method === 'GET' && parts[0] === 'listings' && parts.length <= 3) {
      const entry = findListing(parts[1] ?? '');
      if (!entry) return fail(fixtures.http('notFound'));
      if (parts[2] === 'inventory') return { status: 200, body: structuredClone(entry.inventory) };
      return parts.length === 2 ? { status: 200, body: listingJson(entry, includes) } : fail(fixtures.http('notFound'));
    }
    if (parts[0] !== 'shops' || !parts[1]) return fail(fixtures.http('notFound'));
    if (method === 'GET' && parts[2] === 'listings' && parts.length === 3) {
      const s = store.shops.get(Number(parts[1]));
      if (!s) return fail(fixtures.http('notFound'));
      const page = paging(q);
      if (isAnswer(page)) return page;
      const state = q.get('state') ?? 'active';
      const all = [...s.listings.values()].filter((l) => l.listing.state === state);
      return { status: 200, body: { count: all.length, results: all.slice(page.offset, page.offset + page.limit).map((l) => listingJson(l, includes)) } };
    }
    if (parts[2] !== 'receipts') return fail(fixtures.http('notFound'));
    const s = ownShop(userId, parts[1]);
    if (isAnswer(s)) return s;
    if (method === 'GET' && parts.length === 3) {
      const page = paging(q);
      if (isAnswer(page)) return page;
      const all = sortReceipts([...s.receipts.values()].filter(receiptFilter(q)), q);
      return { status: 200, body: { count: all.length, results: structuredClone(all.slice(page.offset, page.offset + page.limit)) } };
    }
    const receipt = s.receipts.get(Number(parts[3]));
    if (!receipt) return fail(fixtures.http('notFound'));
    if (method === 'GET' && parts.length === 4) return { status: 200, body: structuredClone(receipt) };
    if (method === 'POST' && parts[4] === 'tracking' && parts.length === 5) {
      if (!form['tracking_code'] || !form['carrier_name']) return fail(fixtures.http('badTracking'));
      return { status: 200, body: structuredClone(store.addShipment(s.shopId, receipt.receipt_id, { tracking_code: form['tracking_code'], carrier_name: form['carrier_name'] })) };
    }
    return fail(fixtures.http('notFound'));
  }

  return { handle };
}
