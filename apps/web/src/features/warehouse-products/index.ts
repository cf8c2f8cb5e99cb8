/** The warehouse products feature's face (docs/warehouses.md "Warehouse products"): its queries, for other warehouse screens. */
export {
  warehouseOptionsQuery, warehouseProductDetailQuery, warehouseProductKeys, warehouseProductListQuery, type WarehouseOption,
} from './warehouse-products.api';
export { StockTag } from './components/StockTag';
export { countryOptions } from './components/countries';
