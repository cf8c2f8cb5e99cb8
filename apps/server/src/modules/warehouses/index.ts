/** The warehouses module's face (docs/warehouses.md): the stock ledger, an order's stock, the packing slip. */
export { moveStock, StockRefusal, type StockMove } from './stock-ledger';
export { available, applyMove, deltasOf, refusal, type Level, type MoveRequest } from './stock-rules';
export { reserveForOrder, releaseForOrder, type StockOutcome } from './order-stock';
export { AWAITING_STOCK_JOB, recheckAwaitingStock } from './awaiting-stock';
export { renderPackingSlip, type PackingSlip } from './packing-slip';
export { teamOwnsStock, teamRunsWarehouse } from './warehouses.repo';
export { registerStockJobs, STOCK_PUSH_JOB, runStockPush } from './stock-push.job';
export { LOW_STOCK_MAIL_JOB } from './stock-alerts';
export { registerStorageCharges, scheduleStorageCharges, runStorageCharges, STORAGE_CHARGES_JOB } from './storage-charges.job';
