/* global AbortSignal */
// The order list scenarios of bench:orders and bench:orders-compare: one list, so both measure the same requests.

/** Signs in as the demo agency owner; answers the Authorization header. */
export async function agencyHeaders(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agency@demo.test', password: 'demo-password' }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await res.json();
  if (!body.access_token) throw new Error(`login failed: ${res.status}`);
  return { authorization: `Bearer ${body.access_token}` };
}

export async function getJson(url, headers) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** [name, path] of every scenario; the seller team is the first the agency lists. */
export async function orderScenarios(base, headers) {
  const teams = await getJson(`${base}/api/seller-teams?page=1&limit=10`, headers);
  const team = teams.data?.[0]?.id ?? teams.items?.[0]?.id;
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const api = '/api/orders';
  return [
    ['First page (All)', `${api}?page=1&limit=10`],
    ['Page 500 (All)', `${api}?page=500&limit=10`],
    ['Tab InReview, first page', `${api}?page=1&limit=10&status=InReview`],
    ['Tab Fulfilled, page 500', `${api}?page=500&limit=10&status=Fulfilled`],
    ['Last 30 days + seller team, 50 per page', `${api}?page=1&limit=50&dateFrom=${since}${team ? `&sellerTeam=${team}` : ''}`],
    ['Search an order name', `${api}?page=1&limit=10&search=BENCH-777777`],
    ['Search a rare text (no match)', `${api}?page=1&limit=10&search=zzqx`],
    ['Search a common text', `${api}?page=1&limit=10&search=customer%2042`],
    ['Status tab counts', `${api}/counts`],
  ];
}
