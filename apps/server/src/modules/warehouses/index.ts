/** The warehouses module's face (docs/warehouses.md): the stock ledger so far. */
export { moveStock, StockRefusal, type StockMove } from './stock-ledger';
export { available, applyMove, deltasOf, refusal, type Level, type MoveRequest } from './stock-rules';
