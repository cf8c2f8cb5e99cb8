import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Warehouse products and their stock (/s/products-warehouse) (docs/warehouses.md). */
export async function warehouseProductRoutes(app: FastifyInstance, ctx: AppContext) {
  void app;
  void ctx;
}
