import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** The warehouse team's queue: the fulfilment view of the orders routed to its warehouses (docs/warehouses.md). */
export async function warehouseOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  void app;
  void ctx;
}
