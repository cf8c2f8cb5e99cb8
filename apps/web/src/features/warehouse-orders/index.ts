/** The warehouse queue's face (docs/warehouses.md "Warehouse queue"): its queries and its status tag. */
export { warehouseOrderKeys, warehouseOrderListQuery, warehouseOrderQuery } from './warehouse-orders.api';
export { WarehouseOrderStatusTag } from './components/WarehouseOrderStatusTag';
