/** The publishing jobs (docs/publishing.md). */
export const PUBLISH_JOB = 'publishing.publish';
/** A published product's prices and availability pushed to its shop. */
export const PUSH_JOB = 'publishing.push';
/** Some catalog variants went out of stock, came back, or were discontinued: published products follow. */
export const CATALOG_CHANGED_JOB = 'publishing.catalog-changed';
