/**
 * The Etsy adapter (modules/stores/etsy) against the local Etsy fake (fakes/etsy): connect with PKCE, rotating
 * refresh tokens, an expired token refreshed once, a revoked shop, paging, receipts as orders, idempotent
 * tracking, the app-wide rate budget and 429.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEtsyFake, type EtsyFake } from '../fakes/etsy';
import {
  connectUrl,
  createEtsyApi,
  createPkce,
  EtsyError,
  EtsyRateBudget,
  exchangeCode,
  receiptPullsThatFit,
  refreshTokens,
  type EtsyApiOptions,
  type EtsyTokens,
} from '../src/modules/stores/etsy';
import { allProductPages } from './helpers/store-pages';

const CLIENT_ID = 'etsy-test-keystring';
const SECRET = 'etsy-test-shared-secret';
const REDIRECT = 'https://app.example.com/stores/etsy/callback';
let fake: EtsyFake;
const waits: number[] = [];

const oauthOptions = () => ({ clientId: CLIENT_ID, connectUrl: fake.endpoints.connectUrl, tokenUrl: fake.endpoints.tokenUrl });
const api = (opts: Partial<EtsyApiOptions> = {}) =>
  createEtsyApi({
    ...oauthOptions(),
    sharedSecret: SECRET,
    apiBase: fake.endpoints.apiBase,
    budget: new EtsyRateBudget({ perSecond: 1000 }),
    sleep: async (ms) => void waits.push(ms),
    ...opts,
  });

/** A new shop with a token pair as if connected; `saved` collects what onTokens was given. */
function newShop(seed?: { listings?: number; variants?: number }) {
  const shop = fake.createShop({ name: `Shop${fake.shops.size + 1}` });
  if (seed?.listings) fake.seedListings(shop.shopId, { count: seed.listings, variantsPerListing: seed.variants ?? 1 });
  const pair = fake.tokens.issue(shop.userId, 'transactions_r transactions_w listings_r shops_r');
  const tokens: EtsyTokens = { ...pair, userId: String(shop.userId), expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
  const saved: EtsyTokens[] = [];
  const connection = { shopId: String(shop.shopId), tokens, onTokens: (t: EtsyTokens) => void saved.push(t) };
  return { shop, tokens, saved, connection };
}

async function failureOf(promise: Promise<unknown>): Promise<EtsyError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(EtsyError);
  return err as EtsyError;
}

beforeAll(async () => {
  fake = await startEtsyFake({ clientId: CLIENT_ID, sharedSecret: SECRET, perSecond: 1000 });
});
afterAll(() => fake.close());

describe('connecting a shop (OAuth 2.0 with PKCE)', () => {
  it('approves, exchanges the code with its verifier, and reads the shop the token belongs to', async () => {
    const shop = fake.createShop({ name: 'ConnectMe', currency: 'EUR' });
    fake.connectAs(shop.userId);
    const pkce = createPkce();
    const url = connectUrl({ redirectUri: REDIRECT, state: 'st-1', codeChallenge: pkce.challenge }, oauthOptions());
    expect(new URL(url).searchParams.get('scope')).toBe('listings_r listings_w transactions_r transactions_w shops_r');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code')!;

    // A wrong verifier is refused, and spends the code as Etsy does.
    const wrong = await failureOf(exchangeCode({ code, codeVerifier: createPkce().verifier, redirectUri: REDIRECT }, oauthOptions()));
    expect(wrong.kind).toBe('unauthorized');

    const again = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    const tokens = await exchangeCode({ code: again, codeVerifier: pkce.verifier, redirectUri: REDIRECT }, oauthOptions());
    expect(tokens.userId).toBe(String(shop.userId));
    expect(tokens.accessToken.startsWith(`${shop.userId}.`)).toBe(true);
    expect(Date.parse(tokens.expiresAt) - Date.now()).toBeGreaterThan(3_500_000);
    const reused = await failureOf(exchangeCode({ code: again, codeVerifier: pkce.verifier, redirectUri: REDIRECT }, oauthOptions()));
    expect(reused.kind).toBe('unauthorized');

    const s = api()({ shopId: null, tokens, onTokens: () => undefined });
    expect(await s.shopId()).toBe(String(shop.shopId));
    expect(await s.shopInfo()).toMatchObject({ name: 'ConnectMe', currencyCode: 'EUR' });
    fake.connectAs(null);
  });

  it('rotates refresh tokens: the new pair works, the spent refresh token is refused', async () => {
    const { tokens } = newShop();
    const next = await refreshTokens(tokens.refreshToken, oauthOptions());
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect(next.userId).toBe(tokens.userId);
    const spent = await failureOf(refreshTokens(tokens.refreshToken, oauthOptions()));
    expect(spent.kind).toBe('unauthorized');
    expect(spent.retryable).toBe(false);
    await refreshTokens(next.refreshToken, oauthOptions());
  });

  it('refreshes an expired token once (even for parallel calls), stores the new pair first, then succeeds', async () => {
    const { shop, saved, connection } = newShop({ listings: 2 });
    const s = api()(connection);
    fake.tokens.age(3600, shop.userId);
    const before = fake.requests.length;
    const [count, page] = await Promise.all([s.countProducts(), s.listProducts({ first: 10 })]);
    expect(count).toBe(2);
    expect(page.items).toHaveLength(2);
    expect(saved).toHaveLength(1);
    expect(fake.requests.slice(before).filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(1);
    // A token the adapter already knows to be expired is refreshed before the call, without a 401.
    const soon = { ...connection, tokens: { ...saved[0]!, expiresAt: new Date(Date.now() - 1000).toISOString() } };
    const mark = fake.requests.length;
    expect(await api()(soon).countProducts()).toBe(2);
    expect(saved).toHaveLength(2);
    expect(fake.requests.slice(mark).some((r) => r.status === 401)).toBe(false);
  });

  it('a revoked shop (refresh answered invalid_grant) is unauthorized, never retried', async () => {
    const { shop, connection } = newShop();
    fake.tokens.revoke(shop.userId);
    const err = await failureOf(api()(connection).listOrders({ first: 5 }));
    expect(err.kind).toBe('unauthorized');
    expect(err.retryable).toBe(false);
  });

  it('an app key without its shared secret is refused', async () => {
    const { connection } = newShop();
    const err = await failureOf(api({ sharedSecret: 'wrong' })(connection).countProducts());
    expect(err).toMatchObject({ kind: 'unauthorized', status: 403 });
  });
});

describe('reading a shop', () => {
  it('pages listings with their inventory as products (options, variants, SKUs, prices in cents)', async () => {
    const { shop, connection } = newShop({ listings: 23, variants: 4 });
    const s = api()(connection);
    expect(await s.countProducts()).toBe(23);
    const { ids: seen, pages } = await allProductPages(s, 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(23);

    const listing = [...fake.shop(shop.shopId).listings.values()][0]!.listing;
    const product = (await s.getProduct(String(listing.listing_id)))!;
    expect(product).toMatchObject({ id: String(listing.listing_id), title: 'Etsy Mug 1', status: 'ACTIVE', handle: 'etsy-mug-1', variantsTruncated: false });
    expect(product.images).toHaveLength(1);
    expect(product.options).toEqual([
      { name: 'Primary color', values: ['Black'] },
      { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
    ]);
    expect(product.variants.map((v) => v.sku)).toEqual(['ETSY1-BLACK-S', 'ETSY1-BLACK-M', 'ETSY1-BLACK-L', 'ETSY1-BLACK-XL']);
    expect(product.variants[0]).toMatchObject({ priceCents: 1600, title: 'Black / S', selectedOptions: [{ name: 'Primary color', value: 'Black' }, { name: 'Size', value: 'S' }] });

    // Another shop's listing is not this shop's product; an unknown one is null.
    const other = newShop({ listings: 1 });
    const foreign = [...fake.shop(other.shop.shopId).listings.keys()][0]!;
    expect(await s.getProduct(String(foreign))).toBeNull();
    expect(await s.getProduct('999')).toBeNull();
  });

  it('pulls receipts changed since a moment as orders, page by page', async () => {
    const { shop, connection } = newShop({ listings: 2, variants: 2 });
    const s = api()(connection);
    const old = fake.createReceipt(shop.shopId, { transactions: [{ sku: 'ETSY1-BLACK-S' }] });
    fake.updateReceipt(shop.shopId, old.receipt_id, { updated_timestamp: 1_700_000_000 });
    for (let i = 0; i < 7; i++) fake.createReceipt(shop.shopId, { transactions: [{ sku: 'ETSY2-BLACK-M', quantity: 2 }] });
    const since = new Date(Date.now() - 60_000);
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof s.listOrders>> = await s.listOrders({ first: 3, after, updatedAtMin: since });
      ids.push(...page.items.map((o) => o.externalId));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(ids).toHaveLength(7);
    expect(ids).not.toContain(String(old.receipt_id));
    expect((await s.listOrders({ first: 100 })).items).toHaveLength(8);
  });

  it('normalises a receipt: name, money, address, transactions with listing, product, SKU and personalization', async () => {
    const { shop, connection } = newShop({ listings: 1, variants: 2 });
    const s = api()(connection);
    const r = fake.createReceipt(shop.shopId, {
      buyerEmail: 'buyer@example.com',
      taxCents: 120,
      transactions: [{ sku: 'ETSY1-BLACK-M', quantity: 2, personalization: 'For Ana' }],
    });
    const order = (await s.getOrder(String(r.receipt_id)))!;
    const t = r.transactions[0]!;
    expect(order).toMatchObject({
      externalId: String(r.receipt_id),
      name: `#${r.receipt_id}`,
      cancelledAt: null,
      displayFinancialStatus: 'PAID',
      currencyCode: 'USD',
      totals: { subtotalCents: 3200, shippingCents: 495, taxCents: 120, totalCents: 3815, discountsCents: 0 },
      shippingLines: [{ title: 'Standard Shipping', code: null }],
      email: 'buyer@example.com',
      shippingAddress: { name: 'Jane Buyer', address1: '1 Main Street', city: 'Austin', provinceCode: 'TX', zip: '73301', countryCode: 'US' },
      addressMissing: false,
    });
    expect(order.lineItems).toEqual([
      {
        id: String(t.transaction_id),
        legacyId: String(t.transaction_id),
        variantId: String(t.product_id),
        productId: String(t.listing_id),
        sku: 'ETSY1-BLACK-M',
        title: 'Etsy Mug 1',
        quantity: 2,
        unitPriceCents: 1600,
        customAttributes: [
          { key: 'Primary color', value: 'Black' },
          { key: 'Size', value: 'M' },
          { key: 'Personalization', value: 'For Ana' },
        ],
      },
    ]);

    fake.cancelReceipt(shop.shopId, r.receipt_id);
    expect((await s.getOrder(`#${r.receipt_id}`))!.cancelledAt).not.toBeNull();
    const bare = fake.createReceipt(shop.shopId, { address: null, transactions: [{ sku: 'ETSY1-BLACK-S' }] });
    expect(await s.getOrder(String(bare.receipt_id))).toMatchObject({ shippingAddress: null, addressMissing: true });
    expect(await s.getOrder('123')).toBeNull();
  });
});

describe('tracking', () => {
  it('pushes tracking once: the same code again is a no-op; a cancel has nothing to undo; no webhooks', async () => {
    const { shop, connection } = newShop({ listings: 1 });
    const s = api()(connection);
    const r = fake.createReceipt(shop.shopId, { transactions: [{ sku: 'ETSY1-BLACK-S' }] });
    const input = { orderId: String(r.receipt_id), lines: 'all' as const, tracking: { number: '9400111899223', company: 'usps' }, notifyCustomer: false };
    const first = await s.pushFulfillment(input);
    expect(first).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'SUCCESS' });
    expect(await s.pushFulfillment(input)).toEqual({ id: null, status: null });
    const shipments = fake.shipments(shop.shopId);
    expect(shipments).toHaveLength(1);
    expect(shipments[0]).toMatchObject({ tracking_code: '9400111899223', carrier_name: 'usps', receipt_shipping_id: Number(first.id) });
    expect(fake.requests.findLast((q) => q.path.endsWith('/tracking'))!.form).toMatchObject({ send_bcc: 'false' });
    // A second parcel with another code is a second shipment.
    await s.pushFulfillment({ ...input, tracking: { number: 'LX123', company: 'dhl' } });
    expect(fake.shipments(shop.shopId)).toHaveLength(2);
    expect((await s.getOrder(String(r.receipt_id)))).toBeTruthy();
    expect(await s.cancelFulfillment(first.id!)).toBe('already-cancelled');
    expect(await s.registerWebhooks('https://app.example.com/hooks', ['orders/create'])).toEqual([]);
    expect(await s.listWebhooks()).toEqual([]);
  });
});

describe('the rate budget', () => {
  it('waits for a slot in the second, follows Etsy\'s headers, and counts the pulls the day still holds', async () => {
    let now = 0;
    const slept: number[] = [];
    const budget = new EtsyRateBudget({ perSecond: 2, perDay: 100, now: () => now, sleep: async (ms) => void (slept.push(ms), (now += ms)) });
    await budget.take();
    await budget.take();
    await budget.take();
    expect(slept).toEqual([500]);
    expect(budget.remainingToday()).toBe(97);
    budget.observe(new Headers({ 'x-limit-per-second': '5', 'x-limit-per-day': '5000', 'x-remaining-today': '40', 'x-remaining-this-second': '0' }));
    expect(budget.perSecond).toBe(5);
    expect(budget.remainingToday()).toBe(40);
    expect(receiptPullsThatFit(budget, { requestsPerPull: 3, reserve: 10 })).toBe(10);
    budget.observe(new Headers({ 'x-remaining-today': '0' }));
    const err = await failureOf(budget.take());
    expect(err).toMatchObject({ kind: 'throttled', retryable: true });
    expect(receiptPullsThatFit(budget)).toBe(0);
  });

  it('shares the app\'s day across shops (headers), and a 429 is throttled: waited out, or thrown', async () => {
    const a = newShop({ listings: 1 });
    const b = newShop({ listings: 1 });
    const budget = new EtsyRateBudget({ perSecond: 1000 });
    try {
      fake.limits.set({ perDay: 5000, usedToday: 4990 });
      await api({ budget })(a.connection).countProducts();
      await api({ budget })(b.connection).countProducts();
      expect(budget.remainingToday()).toBe(8);
      expect(budget.perDay).toBe(5000);

      fake.modes.fail429 = 1;
      waits.length = 0;
      expect(await api({ budget })(a.connection).countProducts()).toBe(1);
      expect(waits).toEqual([1000]);

      fake.modes.fail429 = 1;
      const once = await failureOf(api({ budget, maxRetries: 0 })(a.connection).countProducts());
      expect(once).toMatchObject({ kind: 'throttled', retryable: true, status: 429, retryAfterMs: 1000 });

      fake.limits.set({ usedToday: 5000 });
      const day = await failureOf(api({ budget: new EtsyRateBudget({ perSecond: 1000 }) })(a.connection).countProducts());
      expect(day).toMatchObject({ kind: 'throttled', status: 429, retryAfterMs: 3_600_000 });
    } finally {
      fake.modes.fail429 = 0;
      fake.limits.set({ perDay: 10_000, usedToday: 0 });
    }
  });

  it('5xx is a retryable server error', async () => {
    const { connection } = newShop();
    fake.modes.fail5xx = 1;
    const err = await failureOf(api()(connection).countProducts());
    expect(err).toMatchObject({ kind: 'server', retryable: true, status: 503 });
  });
});
