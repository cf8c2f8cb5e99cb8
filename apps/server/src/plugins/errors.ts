import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@fbo/shared';
import { HttpError } from '../lib/errors';

/**
 * Installed first: no answer ever carries SQL, a stack or an internal message.
 * 400 {message, errors} for bad input; the brief's statuses for the rest; 500 only for real faults.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        // Where the body itself is wrong (not one field), the key is `_`.
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] ??= issue.message ?? "Invalid value";
      }
      const [field, text] = Object.entries(errors)[0] ?? ['_', ''];
      const message = field === '_' ? `${MSG.invalidInput}: ${text}` : `${field}: ${text}`;
      return reply.status(400).send({ message, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'Payload too large' });
    if (status === 429) return reply.status(429).send({ message: error.message });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): their text is safe and useful.
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type'
        : error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError ? 'Invalid request body'
        : MSG.invalidInput;
      return reply.status(status === 404 ? 404 : 400).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
