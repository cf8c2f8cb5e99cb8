export { startWooCommerceFake, type WooCommerceFake, type WooCommerceFakeOptions, type WooFakeRequest } from './server';
export type { OrderInput } from './woo-store';
export type { FakeKey, FakeWebhook, FakeWooStore, Permissions } from './state';
export { MAX_FAILURES, type WooDelivery } from './webhooks';
