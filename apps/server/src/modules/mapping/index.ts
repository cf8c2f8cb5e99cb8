/**
 * The mapping module's face (docs/stores.md "Mapping"): nothing here is used by another module; what an order line
 * becomes through a mapping is read through the products module's `mappedVariants` (the mapping lives on its rows).
 */
export {};
