/** The products module's face (docs/stores.md, "Products"): what other modules may use. */
export { registerProductJobs, SYNC_STORE_PRODUCTS } from './product-sync';
export { productScope } from './products.service';
export type { ProductScope } from './products.repo';
export { rollUpMappingStatus } from './product-mapping-status';
export { mainImage } from './products.views';
export { productsFromImport, IMPORTED_PRODUCTS_STORE, type ImportedLine } from './products-from-import';
export { mappedVariants, type CatalogVariantRef, type MappedMatch, type MappedVariant } from './mapped-variants';
