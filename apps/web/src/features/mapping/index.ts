/**
 * What other features may use of Mapping: the entry points the products pages place (a row action to a
 * product's mapping, a link to one variant's, the bulk "Map to catalog"), and the query keys.
 */
export { MapProductLink, MapToCatalogButton, MapVariantLink } from './components/MapLinks';
export { mappingKeys } from './mapping.api';
