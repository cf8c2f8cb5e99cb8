/** The REST API v3 routes the adapter calls, answered from a store's state with WooCommerce's shapes, paging and errors. */
import { fixtures, type ErrorName, type Json } from './fixtures';
import type { FakeWebhook, FakeWooStore } from './state';
import type { WooStore } from './woo-store';
import { batchVariations, createProduct, updateProduct } from './publishing';

export interface RestAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const error = (name: ErrorName): RestAnswer => fixtures.error(name);
const ok = (body: unknown, status = 200): RestAnswer => ({ status, body });

/** A list page with X-WP-Total / X-WP-TotalPages and a Link header, as WordPress pages collections. */
function paged(items: unknown[], query: URLSearchParams, base: string): RestAnswer {
  const perPage = Number(query.get('per_page') ?? 10);
  const page = Number(query.get('page') ?? 1);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) return error('perPage');
  const totalPages = Math.ceil(items.length / perPage);
  const links: string[] = [];
  const at = (p: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(p));
    return `<${base}?${q.toString()}>`;
  };
  if (page > 1) links.push(`${at(page - 1)}; rel="prev"`);
  if (page < totalPages) links.push(`${at(page + 1)}; rel="next"`);
  return {
    status: 200,
    body: items.slice((page - 1) * perPage, page * perPage),
    headers: { 'X-WP-Total': String(items.length), 'X-WP-TotalPages': String(totalPages), ...(links.length ? { Link: links.join(', ') } : {}) },
  };
}

function sortBy(items: Json[], query: URLSearchParams, defaultKey: string): Json[] {
  const key = ({ id: 'id', date: 'date_created_gmt', modified: 'date_modified_gmt', title: 'name' } as Record<string, string>)[query.get('orderby') ?? ''] ?? defaultKey;
  const dir = query.get('order') === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = a[key] as string | number;
    const y = b[key] as string | number;
    return (x < y ? -1 : x > y ? 1 : (a['id'] as number) - (b['id'] as number)) * dir;
  });
}

/** modified_after with dates_are_gmt (else the site's time: the fake's site runs on UTC, so the same). */
function modifiedAfter(items: Json[], query: URLSearchParams): Json[] {
  const after = query.get('modified_after');
  if (!after) return items;
  const since = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(after) ? after : `${after}Z`);
  return items.filter((o) => Date.parse(`${String(o['date_modified_gmt'])}Z`) > since);
}

const publicWebhook = ({ failure_count: _f, ...hook }: FakeWebhook) => hook;

export async function restRoute(woo: WooStore, s: FakeWooStore, method: string, path: string, query: URLSearchParams, body: Json, base: string): Promise<RestAnswer> {
  const parts = path.split('/').filter(Boolean);
  const [resource, rawId, sub] = parts;
  const id = Number(rawId);

  if (resource === 'settings' && method === 'GET' && rawId === 'general' && sub === 'woocommerce_currency' && parts.length === 3) {
    return ok({ ...fixtures.currency(), value: s.currency });
  }
  if (resource === 'system_status' && method === 'GET' && parts.length === 1) {
    return ok({ environment: { home_url: base.replace(/\/wp-json\/.*$/, ''), site_url: base.replace(/\/wp-json\/.*$/, ''), version: '9.4.0' }, settings: { currency: s.currency, currency_symbol: '$' } });
  }

  if (resource === 'products') {
    // Publishing: a product made, its variations made and changed in one batch.
    if (method === 'POST' && !rawId) return createProduct(s, body);
    // WordPress routes a batch by POST, PUT or PATCH (WP_REST_Server::EDITABLE).
    if ((method === 'POST' || method === 'PUT') && sub === 'variations' && parts[3] === 'batch' && parts.length === 4) return batchVariations(s, id, body);
    // Inventory push: a simple product's stock.
    if ((method === 'PUT' || method === 'POST') && rawId && parts.length === 2) return updateProduct(s, id, body);
    if (method !== 'GET') return error('noRoute');
    if (!rawId) return paged(sortBy([...s.products.values()], query, 'date_created_gmt'), query, `${base}/products`);
    const product = s.products.get(id);
    if (!product) return error('productNotFound');
    if (!sub && parts.length === 2) return ok(product);
    if (sub === 'variations' && parts.length === 3) return paged(s.variations.get(id) ?? [], query, `${base}/products/${id}/variations`);
    return error('noRoute');
  }

  if (resource === 'orders') {
    if (!rawId && method === 'GET') {
      const status = query.get('status');
      const list = [...s.orders.values()].filter((o) => !status || status === 'any' || status.split(',').includes(String(o['status'])));
      return paged(sortBy(modifiedAfter(list, query), query, 'date_created_gmt'), query, `${base}/orders`);
    }
    const order = woo.order(s, id);
    if (!order) return error('orderNotFound');
    if (!sub && parts.length === 2 && method === 'GET') return ok(order);
    if (!sub && parts.length === 2 && (method === 'PUT' || method === 'POST')) return ok(await woo.updateOrder(s.slug, id, body));
    if (sub === 'notes' && parts.length === 3 && method === 'GET') {
      const type = query.get('type') ?? 'any';
      return ok((s.notes.get(id) ?? []).filter((n) => type === 'any' || (type === 'customer') === Boolean(n['customer_note'])));
    }
    if (sub === 'notes' && parts.length === 3 && method === 'POST') {
      if (typeof body['note'] !== 'string' || !body['note']) return { status: 400, body: { code: 'rest_missing_callback_param', message: 'Missing parameter(s): note', data: { status: 400, params: ['note'] } } };
      return ok(woo.addNote(s, id, body['note'], Boolean(body['customer_note'])), 201);
    }
    return error('noRoute');
  }

  if (resource === 'webhooks') {
    if (!rawId && method === 'GET') return paged(sortBy([...s.webhooks.values()], query, 'date_created_gmt').map((h) => publicWebhook(h as FakeWebhook)), query, `${base}/webhooks`);
    if (!rawId && method === 'POST') {
      if (typeof body['topic'] !== 'string' || typeof body['delivery_url'] !== 'string') {
        return { status: 400, body: { code: 'rest_missing_callback_param', message: 'Missing parameter(s): topic, delivery_url', data: { status: 400 } } };
      }
      return ok(publicWebhook(await woo.createWebhook(s, body)), 201);
    }
    const hook = s.webhooks.get(id);
    if (!hook) return error('webhookNotFound');
    if (method === 'GET') return ok(publicWebhook(hook));
    if (method === 'PUT' || method === 'POST') {
      for (const key of ['name', 'status', 'topic', 'delivery_url', 'secret'] as const) if (typeof body[key] === 'string') (hook as Json)[key] = body[key];
      // Made active again by hand: WooCommerce starts counting failures afresh.
      if (body['status'] === 'active') hook.failure_count = 0;
      return ok(publicWebhook(hook));
    }
    if (method === 'DELETE') {
      s.webhooks.delete(id);
      return ok(publicWebhook(hook));
    }
  }
  return error('noRoute');
}
