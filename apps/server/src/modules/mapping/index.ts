/** The mapping module's face (docs/stores.md "Mapping"): what an order line becomes through a product's mapping. */
export { mappedVariants, type CatalogVariantRef, type MappedMatch, type MappedVariant } from './mapped-variants';
