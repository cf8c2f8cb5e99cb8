/**
 * The mapping module's face (docs/stores.md "Mapping"): the bulk-mapping import's job. What an order line becomes
 * through a mapping is read through the products module's `mappedVariants` (the mapping lives on its rows).
 */
export { registerMappingImport } from './mapping-import';
export { saveMapping } from './mapping.service';
