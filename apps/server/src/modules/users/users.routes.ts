import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, userInfo } from '@fbo/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import * as service from './users.service';

/** PATCH users/info: either new profile fields, or the spec's {action: 'reset_password', data}. */
const patchInfoBody = z.union([
  z.object({
    action: z.literal('reset_password'),
    data: z.object({
      oldPassword: z.string().min(1).max(LIMITS.password.max),
      newPassword: z.string().min(LIMITS.password.min).max(LIMITS.password.max),
      confirmNewPassword: z.string(),
    }),
  }),
  z.object({ fullName: z.string().trim().min(LIMITS.fullName.min).max(LIMITS.fullName.max) }),
]);

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/users/info', {
    config: { permission: 'authenticated' },
    schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: z.object({ data: userInfo }) } },
  }, async (req) => ({ data: await service.info(ctx, req.actor!.userId) }));

  r.patch('/api/users/info', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['users'],
      summary: 'Update own profile or change own password',
      body: patchInfoBody,
      response: { 200: z.object({ message: z.string(), access_token: z.string().optional() }) },
    },
  }, async (req) => {
    const body = req.body;
    if ('action' in body) {
      if (body.data.newPassword !== body.data.confirmNewPassword) {
        throw badRequest("Two inputs don't match!", { confirmNewPassword: "Two inputs don't match!" });
      }
      return service.changeOwnPassword(ctx, req.actor!.userId, body.data);
    }
    return service.updateOwnName(ctx, req.actor!.userId, body.fullName);
  });
}
