/** The store-orders module's face (docs/stores.md, "Orders from stores"): orders that arrive from connected stores. */
export { registerStoreOrderJobs, scheduleStoreOrders, PULL_STORE_ORDERS, RECONCILE_STORE_ORDERS } from './store-orders.job';
export { applyStoreOrder, externalIdOf, type ApplyOutcome } from './store-order-apply';
export { registerStoreOrderFollowUps } from './store-order-submit';
