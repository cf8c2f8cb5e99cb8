/**
 * What other features may use of Publishing (docs/publishing.md): the catalog page's "Publish to store", and the
 * retail prices of a published product (for its product page).
 */
export { PublishButton } from './PublishDialog';
export { PublishedPricesButton, type PricedVariant } from './PublishedPricesDialog';
