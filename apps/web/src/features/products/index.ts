/**
 * What other features may use of Products: the query keys, so a change elsewhere (a mapping) can refresh them, and the
 * bulk-mapping export and import the agency's Stores page offers per store.
 */
export { productKeys } from './products.api';
export { ExportProductsButton } from './components/ExportProductsButton';
export { ImportMappingDialog } from './components/ImportMappingDialog';
export { productsApi } from './products.api';
