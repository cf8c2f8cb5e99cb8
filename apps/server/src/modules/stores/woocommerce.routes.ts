/** WooCommerce's routes (docs/stores-woocommerce.md, "Connecting"): filled by the WooCommerce wiring. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Routes with the app's usual JSON body parsing. */
export async function wooCommerceRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

/** Routes inside the raw-body scope of stores.routes.ts (`req.rawBody` holds the body as it came: signed webhooks). */
export async function wooCommerceSignedRoutes(_signed: FastifyInstance, _ctx: AppContext): Promise<void> {}
