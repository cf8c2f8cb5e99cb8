/** The tracking feature's face: what other features reuse of it. */
export { TrackingFields } from './components/TrackingFields';
