import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EMAIL_MSG, defaultTemplateListResponse, emailHistoryQuery, emailHistoryResponse, emailMessageResponse, emailRetryAnswer, idParam,
  mailTemplateAddAnswer, mailTemplateAddBody, mailTemplateDetailResponse, mailTemplateListResponse, mailTemplateUpdateBody, messageResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import * as history from './email-history.service';
import * as templates from './mail-templates.service';

/** The agency's mail templates (Email settings) and the e-mails it sent (Email History). */
export async function emailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['emails'];
  const settings = { permission: 'agency.settings' } as const;

  r.get('/api/mail-notifications', {
    config: settings,
    schema: { tags, summary: "The agency's own mail templates", response: { 200: mailTemplateListResponse } },
  }, async (req) => ({ data: await templates.listTemplates(ctx, req.actor!) }));

  r.get('/api/mail-notifications/default-templates', {
    config: settings,
    schema: { tags, summary: 'Default templates, each saying whether the agency keeps a copy', response: { 200: defaultTemplateListResponse } },
  }, async (req) => ({ data: await templates.defaultTemplates(ctx, req.actor!) }));

  r.get('/api/mail-notifications/:id', {
    config: settings,
    schema: { tags, summary: 'One of the agency templates, with its body', params: idParam, response: { 200: mailTemplateDetailResponse } },
  }, async (req) => ({ data: await templates.getTemplate(ctx, req.actor!, req.params.id) }));

  r.post('/api/mail-notifications', {
    config: settings,
    schema: {
      tags,
      summary: "Copies a default template into the agency ('Existed' when it already keeps that code)",
      body: mailTemplateAddBody,
      response: { 200: mailTemplateAddAnswer, 201: mailTemplateAddAnswer },
    },
  }, async (req, reply) => {
    const added = await templates.addTemplate(ctx, req.actor!, req.body.code);
    if (!added) return { message: EMAIL_MSG.existed };
    return reply.code(201).send({ message: EMAIL_MSG.addSuccess, data: added });
  });

  r.patch('/api/mail-notifications/:id', {
    config: settings,
    schema: { tags, summary: 'Saves subject and body (the body is sanitised)', params: idParam, body: mailTemplateUpdateBody, response: { 200: messageResponse } },
  }, async (req) => {
    await templates.updateTemplate(ctx, req.actor!, req.params.id, req.body);
    return { message: EMAIL_MSG.saveSuccess };
  });

  r.delete('/api/mail-notifications/:id', {
    config: settings,
    schema: { tags, summary: 'Removes the agency copy: the default is sent again', params: idParam, response: { 200: messageResponse } },
  }, async (req) => {
    await templates.deleteTemplate(ctx, req.actor!, req.params.id);
    return { message: EMAIL_MSG.deleted };
  });

  const historyPermission = { permission: 'email.history' } as const;

  r.get('/api/email-history', {
    config: historyPermission,
    schema: { tags, summary: 'E-mails sent for the agency, newest first', querystring: emailHistoryQuery, response: { 200: emailHistoryResponse } },
  }, async (req) => history.listHistory(ctx, req.actor!, req.query));

  r.get('/api/email-history/:id', {
    config: historyPermission,
    schema: { tags, summary: 'One sent e-mail with its body', params: idParam, response: { 200: emailMessageResponse } },
  }, async (req) => ({ data: await history.getMessage(ctx, req.actor!, req.params.id) }));

  r.post('/api/email-history/:id/retry', {
    config: historyPermission,
    schema: { tags, summary: 'Sends a failed e-mail again', params: idParam, response: { 200: emailRetryAnswer } },
  }, async (req) => history.retryMessage(ctx, req.actor!, req.params.id));
}
