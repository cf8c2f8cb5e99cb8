/** The design service: its charge, which the seed runs on its demo orders, and the hire a store's personalized order asks for. */
export { chargeDesign } from './design-charge';
export { hireDesigns } from './design-service.service';
