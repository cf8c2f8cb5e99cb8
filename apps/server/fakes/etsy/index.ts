export { startEtsyFake, type EtsyFake, type EtsyFakeOptions, type EtsyFakeRequest } from './server';
export type { ReceiptInput } from './shop-store';
export type { FakeEtsyShop, FakeListing, FakeReceipt } from './state';
