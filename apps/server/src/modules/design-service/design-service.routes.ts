import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeDesignStatusBody, designInfoResponse, hireDesignsBody, orderCommandResponse, updateItemDesignBody } from '@fbo/shared';
import type { AppContext } from '../../context';
import * as service from './design-service.service';

const tags = ['design service'];
const params = z.object({ id: z.uuid() });

/** The design service (docs/orders.md, "Design service"). */
export async function designServiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/orders/hire-designs', {
    config: { permission: 'design.request' },
    schema: { tags, summary: 'Hire a designer for orders (answered per order)', body: hireDesignsBody, response: { 200: orderCommandResponse } },
  }, (req) => service.hireDesigns(ctx, req.actor!, req.body));
  r.patch('/api/orders/change-design-status/:id', {
    config: { permission: 'design.change' },
    schema: { tags, summary: 'Assign, send for review, approve (charges the design) or reject a design request', params, body: changeDesignStatusBody, response: { 200: designInfoResponse } },
  }, (req) => service.changeDesignStatus(ctx, req.actor!, req.params.id, req.body));
  r.patch('/api/orders/sync-default-design-cost/:id', {
    config: { permission: 'design.price' },
    schema: { tags, summary: "Quote a design request at the agency's default design cost", params, response: { 200: designInfoResponse } },
  }, (req) => service.syncDefaultDesignCost(ctx, req.actor!, req.params.id));
  r.put('/api/orders/update-item-design', {
    config: { permission: 'design.change' },
    schema: { tags, summary: "The designer's artwork for one item of an order (while the request is with the designer)", body: updateItemDesignBody, response: { 200: designInfoResponse } },
  }, (req) => service.updateItemDesign(ctx, req.actor!, req.body));
}
