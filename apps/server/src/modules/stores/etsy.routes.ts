/** Etsy's routes (docs/stores-etsy.md, "Connecting"): filled by the Etsy wiring. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function etsyRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
