import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';

/** The Authorization header of a demo persona, for picking test data through the API. */
export async function headersOf(request: APIRequestContext, email: string): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  // A failed sign-in fails here, not as a 401 on the request it was for.
  expect(res.ok()).toBe(true);
  const { access_token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/** GET /api/orders as this persona (the rows of one page); journeys pick orders by status, never by id. */
export async function ordersOf<Row>(request: APIRequestContext, email: string, query: string): Promise<Row[]> {
  const res = await request.get(`/api/orders?${query}`, { headers: await headersOf(request, email) });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: Row[] }).data;
}
