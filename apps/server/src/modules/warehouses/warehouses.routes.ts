import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Warehouses of the agency (/ag/warehouses) and the seller's view of them (docs/warehouses.md). */
export async function warehouseRoutes(app: FastifyInstance, ctx: AppContext) {
  void app;
  void ctx;
}
