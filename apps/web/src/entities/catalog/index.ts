export { CatalogImage } from './CatalogImage';
export { PublishStatusTag } from './PublishStatusTag';
export { catalogListQuery, type CatalogListAnswer, type CatalogListParams } from './catalog-list.api';
