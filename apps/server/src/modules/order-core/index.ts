/**
 * The order core: what every order module (commands, detail, changes, refunds, design service,
 * imports, store sync) shares. They import order things from here only, never from each other.
 */
export { orderScope, orderScopeCondition, sideOf, type OrderScope } from './order-scope';
export { addOrderEvent, findOrder, lockOrder, lockOrders, variantsByCode, type ItemRow, type OrderEventInsert, type OrderRow } from './orders.repo';
export { emailOf, mailTarget, teamManagerIds, teamOf, teamOrderPeople, type OrderTeam } from './order-people.repo';
export { cancelRefundKey, chargeKey, chargeOrder, priceOrder, refundableCents, refundCancelledOrder, resolvedItems, type OrderPricing } from './charging';
export { snapshotPrices } from './pricing.repo';
export { postOrderWalletEntry } from './order-wallet';
export { designInfoOf, designPriceCents } from './design-info';
