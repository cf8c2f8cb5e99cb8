/** A store product as several features show it: its mapping status and its store. */
export { MappingStatusTag, ProductStore, mappingLabel } from './ProductTags';
