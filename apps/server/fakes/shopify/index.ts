export { startShopifyFake, type ShopifyFake, type ShopifyFakeOptions, type ShopifyFakeHooks, type FakeRequest } from './server';
export type { OrderInput } from './shop-store';
export type { FakeShop, FakeOrder, FakeProduct, FakeFulfillment } from './state';
export type { Delivery } from './webhooks';
