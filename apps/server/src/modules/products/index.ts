/** The products module's face (docs/stores.md, "Products"): what other modules may use. */
export { registerProductJobs, requestStoreSync, SYNC_STORE_PRODUCTS } from './product-sync';
export { productScope } from './products.service';
export { findProduct, type ProductScope } from './products.repo';
export { rollUpMappingStatus } from './product-mapping-status';
export { mainImage } from './products.views';
export { productsFromImport, manualStoresOf, sameStoreName, IMPORTED_PRODUCTS_STORE, type ImportedLine, type ProductsFromImport } from './products-from-import';
export { mappedVariants, type CatalogVariantRef, type MappedMatch, type MappedVariant } from './mapped-variants';
export { startStoreProductsExport } from './product-export';
export { insertProduct, upsertStoreProduct } from './products.repo';
