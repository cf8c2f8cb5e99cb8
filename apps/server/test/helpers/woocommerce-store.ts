/**
 * A WooCommerce store of the local fake beside the test app, and the app reachable over HTTP: WooCommerce calls
 * us from its own server (the consent callback, the webhooks), so PUBLIC_URL points at a small bridge that hands
 * each request to the app's inject. Shared by the WooCommerce tests.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, expect } from 'vitest';
import { closeServer, listen, readBody } from '../../fakes/http';
import { startWooCommerceFake, type WooCommerceFake } from '../../fakes/woocommerce';
import { signWooWebhook } from '../../src/modules/stores/woocommerce';
import { useApiTest, type ApiTest } from './api';

/** The app's routes over HTTP: a request to the bridge is injected into the app and its answer sent back as it came. */
function startBridge(app: () => ApiTest['app']): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    void (async () => {
      const payload = await readBody(req);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<string, string>;
      const answer = await app().inject({ method: req.method as 'GET', url: req.url ?? '/', payload: payload || undefined, headers });
      const out = Object.fromEntries(Object.entries(answer.headers).filter(([k]) => k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection'));
      res.writeHead(answer.statusCode, out as Record<string, string>);
      res.end(answer.rawPayload);
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  return listen(server, 0, '127.0.0.1').then(({ url }) => ({ server, url }));
}

/** An API test with the WooCommerce fake and the bridge; both stop with the file. */
export function useWooCommerceApiTest(): { t: ApiTest; fake: () => WooCommerceFake; publicUrl: () => string } {
  let fake: WooCommerceFake | undefined;
  let bridge: { server: Server; url: string } | undefined;
  const t = useApiTest(async () => {
    fake = await startWooCommerceFake();
    bridge = await startBridge(() => t.app);
    // fakesUrl set: the test setting, where a store URL may be http://127.0.0.1.
    return { platforms: { fakesUrl: fake.url }, publicUrl: bridge.url };
  });
  afterAll(async () => {
    await fake?.close();
    if (bridge) await closeServer(bridge.server);
  });
  return { t, fake: () => fake!, publicUrl: () => bridge!.url };
}

/** A store in the fake (USD, so its orders import) with a read_write key typed by hand. */
export function fakeStore(fake: WooCommerceFake, slug: string, init: { name?: string; currency?: string } = {}) {
  const { store, key } = fake.createStore({ slug, name: init.name ?? `Store ${slug}`, currency: init.currency ?? 'USD' });
  return { slug: store.slug, storeUrl: fake.storeUrl(store.slug), consumerKey: key.consumerKey, consumerSecret: key.consumerSecret };
}

/** The consent flow as a browser lives it: ask, follow the store's consent (it POSTs the keys to us), land back. */
export async function connectByConsent(t: ApiTest, who: string, storeUrl: string, tamper?: (authorize: URL) => void) {
  const started = await t.call(who, 'POST', '/api/stores/woocommerce/connect', { storeUrl });
  expect(started.status).toBe(200);
  const authorize = new URL(started.body.url as string);
  tamper?.(authorize);
  const consent = await fetch(authorize, { redirect: 'manual' });
  if (consent.status !== 302) return { consent, landing: null };
  const back = new URL(consent.headers.get('location')!);
  const done = await t.send(null, 'GET', `${back.pathname}${back.search}`);
  expect(done.statusCode).toBe(302);
  return { consent, landing: new URL(done.headers.location as string) };
}

/** A webhook delivery as WooCommerce makes it, signed with `secret` over the exact body. */
export function wooWebhook(t: ApiTest, path: string, topic: string | null, deliveryId: string, raw: string, secret: string, contentType = 'application/json') {
  const headers: Record<string, string> = { 'content-type': contentType, 'x-wc-webhook-signature': signWooWebhook(raw, secret), 'x-wc-webhook-delivery-id': deliveryId, 'x-wc-webhook-id': '1' };
  if (topic) Object.assign(headers, { 'x-wc-webhook-topic': topic, 'x-wc-webhook-resource': topic.split('.')[0], 'x-wc-webhook-event': topic.split('.')[1] });
  return t.app.inject({ method: 'POST', url: path, payload: raw, headers });
}
