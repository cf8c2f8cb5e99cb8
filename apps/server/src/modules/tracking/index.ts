/** Tracking and store sync: other modules queue the store-side cancel of an order. */
export { queueStoreCancels } from './store-cancel.job';
export { addShipmentTx, isDuplicateTracking, type TrackingActor } from './tracking.service';
