/** The design service: its charge, which the seed runs on its demo orders. */
export { chargeDesign } from './design-charge';
