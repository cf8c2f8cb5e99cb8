/**
 * An Etsy shop connected through the app's real OAuth (the seller asks, the fake approves, the callback trades the
 * code with the PKCE verifier and stores the sealed pair), against the local Etsy fake (apps/server/fakes/etsy).
 */
import { afterAll, expect } from 'vitest';
import { useApiTest, type ApiTest } from './api';
import { startEtsyFake, type EtsyFake } from '../../fakes/etsy';

export const ETSY_APP = { apiKey: 'fbo-etsy-keystring', sharedSecret: 'fbo-etsy-shared-secret' };

/** The seller asks to connect, the browser follows the fake's approval (as `userId` when given), and the callback answers. */
export async function connectEtsy(t: ApiTest, fake: EtsyFake, who: string, options: { userId?: number; tamper?: (callback: URL) => void } = {}) {
  if (options.userId !== undefined) fake.connectAs(options.userId);
  const started = await t.call(who, 'POST', '/api/stores/etsy/connect', {});
  expect(started.status).toBe(200);
  const approval = await fetch(started.body.url, { redirect: 'manual' });
  expect(approval.status).toBe(302);
  const callback = new URL(approval.headers.get('location')!);
  options.tamper?.(callback);
  const done = await t.send(null, 'GET', `${callback.pathname}${callback.search}`);
  expect(done.statusCode).toBe(302);
  return { started: new URL(started.body.url as string), landing: new URL(done.headers.location as string) };
}

/** An API test with the local Etsy fake beside it and the app's Etsy calls pointed at it; the fake stops with the file. */
export function useEtsyApiTest(): { t: ApiTest; fake: () => EtsyFake } {
  let fake: EtsyFake | undefined;
  const t = useApiTest(async () => {
    fake = await startEtsyFake({ clientId: ETSY_APP.apiKey, sharedSecret: ETSY_APP.sharedSecret });
    return { platforms: { etsy: ETSY_APP, etsyFakeUrl: fake.url } };
  });
  afterAll(() => fake?.close());
  return { t, fake: () => fake! };
}
