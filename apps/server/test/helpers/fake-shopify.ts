/**
 * A local fake of Shopify's Admin API fulfilment endpoints (REST 2025-01), registered as the
 * 'shopify' store adapter's host. One open fulfilment order whose lines mirror the test orders' line
 * items (SKUs TRK-A, TRK-B); POST /fulfillments.json answers a new fulfilment id; POST
 * /fulfillments/{id}/cancel.json cancels it, answering 422 when it is cancelled already, as Shopify
 * does. `failures` makes the next calls answer 503; `rejectToken` answers 401 as Shopify does for a
 * bad X-Shopify-Access-Token.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerStoreAdapter } from '../../src/modules/tracking/store-adapters/store-adapter';
import { createShopifyAdapter } from '../../src/modules/tracking/store-adapters/shopify';

export interface FakeShopify {
  /** The next this many calls answer 503. */
  failures: number;
  rejectToken: boolean;
  /** Every fulfilment order answers closed (a retry after Shopify created the fulfilment). */
  nothingOpen: boolean;
  /** Awaited before a fulfilment is created: lets a test act while the push is on its way. */
  beforeCreate: (() => Promise<void>) | null;
  tokens: string[];
  /** The bodies of the fulfilments created, with the id each got. */
  fulfillments: { id: string; fulfillment: { line_items_by_fulfillment_order: unknown[]; tracking_info: Record<string, string> } }[];
  /** The fulfilment id of every cancel call, in order (the refused ones too). */
  cancelCalls: string[];
  /** Fulfilments cancelled in the fake store. */
  cancelled: Set<string>;
  close(): Promise<void>;
}

export const ALREADY_CANCELLED = { errors: { base: ['Fulfillment has already been cancelled'] } };

export async function startFakeShopify(): Promise<FakeShopify> {
  let nextId = 5_550_001;
  const fake: FakeShopify = {
    failures: 0,
    rejectToken: false,
    nothingOpen: false,
    beforeCreate: null,
    tokens: [],
    fulfillments: [],
    cancelCalls: [],
    cancelled: new Set(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => void answer(req.method ?? '', req.url ?? '', body, String(req.headers['x-shopify-access-token'])));
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    async function answer(method: string, url: string, text: string, token: string) {
      fake.tokens.push(token);
      if (fake.rejectToken) return send(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      if (fake.failures > 0) {
        fake.failures--;
        return send(503, { errors: 'Service Unavailable' });
      }
      if (method === 'GET' && /\/orders\/\d+\/fulfillment_orders\.json$/.test(url)) {
        const lines = [1, 2].map((n) => ({ id: 1000 + n, line_item_id: 100 + n, fulfillable_quantity: 1 }));
        return send(200, { fulfillment_orders: [{ id: 9001, status: fake.nothingOpen ? 'closed' : 'open', line_items: lines }] });
      }
      if (method === 'GET' && /\/orders\/\d+\.json/.test(url)) {
        return send(200, { order: { line_items: [{ id: 101, sku: 'TRK-A' }, { id: 102, sku: 'TRK-B' }] } });
      }
      if (method === 'POST' && url.endsWith('/fulfillments.json')) {
        if (fake.beforeCreate) await fake.beforeCreate();
        const id = nextId++;
        fake.fulfillments.push({ id: String(id), ...JSON.parse(text) });
        return send(201, { fulfillment: { id, status: 'success', admin_graphql_api_id: `gid://shopify/Fulfillment/${id}` } });
      }
      const cancel = method === 'POST' ? /\/fulfillments\/(\d+)\/cancel\.json$/.exec(url) : null;
      if (cancel) {
        const id = cancel[1]!;
        fake.cancelCalls.push(id);
        if (!fake.fulfillments.some((f) => f.id === id)) return send(404, { errors: 'Not Found' });
        if (fake.cancelled.has(id)) return send(422, ALREADY_CANCELLED);
        fake.cancelled.add(id);
        return send(200, { fulfillment: { id: Number(id), status: 'cancelled' } });
      }
      send(404, { errors: 'Not Found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  registerStoreAdapter(createShopifyAdapter({ baseUrl: () => `http://127.0.0.1:${port}/admin/api/2025-01` }));
  return fake;
}
