import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Inbound shipments: declared by the owning team, counted by the warehouse (docs/warehouses.md). */
export async function inboundRoutes(app: FastifyInstance, ctx: AppContext) {
  void app;
  void ctx;
}
