/** The WooCommerce and Etsy fakes of the e2e run (global-setup starts them): their addresses and control APIs. */

/** The Etsy app the e2e server is given, and the fake is started with. */
export const E2E_ETSY_APP = { apiKey: 'e2e-etsy-keystring', sharedSecret: 'e2e-etsy-shared-secret' };

function fakeUrl(name: 'E2E_WOOCOMMERCE_FAKE_URL' | 'E2E_ETSY_FAKE_URL'): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: global-setup starts the fake`);
  return url;
}

/** A call to a fake's control API (`/_fake/...`); fails on an answer that is not 2xx. */
async function control<T>(base: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/_fake${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`The fake at ${base} answered ${res.status} to ${method} ${path}: ${await res.text()}`);
  return (await res.json()) as T;
}

export const wooControl = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => control<T>(fakeUrl('E2E_WOOCOMMERCE_FAKE_URL'), method, path, body);
export const etsyControl = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => control<T>(fakeUrl('E2E_ETSY_FAKE_URL'), method, path, body);
