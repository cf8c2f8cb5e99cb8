import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmEmailBody, forgotPasswordBody, linkStoreBody, loginBody, loginResponse, messageResponse,
  resendConfirmationBody, resetPasswordBody, signupBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { requestMeta } from '../credentials';
import * as service from './auth.service';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post('/api/auth/login', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Sign in', body: loginBody, response: { 200: loginResponse } },
  }, (req) => service.login(ctx, req.body, requestMeta(req)));

  r.post('/api/auth/signup', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Create a seller account and its seller team', body: signupBody, response: { 201: messageResponse } },
  }, async (req, reply) => reply.status(201).send(await service.signup(ctx, req.body, requestMeta(req))));

  r.post('/api/auth/resend-confirmation', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Send the e-mail confirmation again', body: resendConfirmationBody, response: { 200: messageResponse } },
  }, (req) => service.resendConfirmation(ctx, req.body.email, requestMeta(req)));

  r.post('/api/auth/confirm-email', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Activate an account from its confirmation link', body: confirmEmailBody, response: { 200: messageResponse } },
  }, (req) => service.confirmEmail(ctx, req.body.token));

  r.post('/api/auth/forgot-password', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Mail a password reset link', body: forgotPasswordBody, response: { 200: messageResponse } },
  }, (req) => service.requestPasswordReset(ctx, req.body.email, requestMeta(req)));

  r.post('/api/auth/reset-password', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Set a new password with a reset token', body: resetPasswordBody, response: { 200: messageResponse } },
  }, (req) => service.resetPassword(ctx, req.body));

  r.post('/api/auth/link-store', {
    config: { permission: 'authenticated' },
    schema: { tags, summary: 'Link a store app authorisation to the signed-in account', body: linkStoreBody, response: { 200: messageResponse } },
  }, (req) => service.linkStore(ctx, req.actor!.userId, req.body.appToken));

  r.post('/api/auth/logout-all', {
    config: { permission: 'authenticated' },
    schema: { tags, summary: 'End every session of the signed-in user', response: { 200: messageResponse } },
  }, (req) => service.logoutEverywhere(ctx, req.actor!.userId));
}
