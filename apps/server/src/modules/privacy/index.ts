/** The privacy module's face (docs/stores.md, "Privacy"): THE erase of a buyer's data, and Shopify's privacy topics. */
export { eraseBuyerData, completeErasure, completeWaitingErasures, CLOSED_ORDER_STATUSES, type BuyerSubject, type EraseOutcome, type EraseRequest } from './privacy-erase';
export { ERASED } from './scrub';
export { handleShopifyPrivacy, SHOPIFY_PRIVACY_TOPICS, type PrivacyDelivery } from './shopify-privacy';
export { PRIVACY_COMPLETE_JOB, registerPrivacyJobs, schedulePrivacy } from './privacy-jobs';
