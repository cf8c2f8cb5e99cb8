/** The fake's answers are built from these JSON fixtures (each names the shopify.dev page it follows). */
import { readFileSync } from 'node:fs';

const load = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const copy = <T>(value: T): T => structuredClone(value);

interface GraphqlErrorFixture {
  message: string;
  extensions: Record<string, unknown>;
}
interface HttpFixture {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

const throttled = load('graphql-throttled') as { body: { errors: GraphqlErrorFixture[] } };
const maxCost = load('graphql-max-cost-exceeded') as { body: { errors: GraphqlErrorFixture[] } };
const http = load('http-errors') as unknown as Record<'unauthorized' | 'notFound' | 'throttled' | 'unavailable', HttpFixture>;
const denied = load('graphql-access-denied') as unknown as Record<'shippingAddress' | 'email', GraphqlErrorFixture>;
const userErrors = load('user-errors') as unknown as Record<string, { field: string[] | null; message: string }>;
const ordersCreate = load('webhook-orders-create') as { body: Record<string, unknown> };
const productsUpdate = load('webhook-products-update') as { body: Record<string, unknown> };
const appAndPrivacy = load('webhook-app-and-privacy') as Record<string, Record<string, unknown>>;

export const fixtures = {
  throttledError: () => copy(throttled.body.errors[0]!),
  maxCostError: (cost: number) => {
    const error = copy(maxCost.body.errors[0]!);
    error.message = error.message.replace('{cost}', String(cost));
    error.extensions['cost'] = cost;
    return error;
  },
  http: (name: keyof typeof http) => copy(http[name]),
  accessDenied: (field: 'shippingAddress' | 'email', path: (string | number)[]) => ({ ...copy(denied[field]), path }),
  userError: (name: string) => copy(userErrors[name]!),
  orderWebhook: () => copy(ordersCreate.body),
  productWebhook: () => copy(productsUpdate.body),
  appWebhook: (topic: string) => copy(appAndPrivacy[topic]!),
};
