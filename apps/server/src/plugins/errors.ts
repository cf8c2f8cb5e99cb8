import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@fbo/shared';
import { HttpError } from '../lib/errors';

/**
 * Installed first: no answer ever carries SQL, a stack or an internal message.
 * 400 {message, errors} for bad input; the brief's statuses for the rest; 500 only for real faults.
 */
export function installErrorHandler(app: FastifyInstance, options: { markValidation?: boolean } = {}): void {
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
      // The fuzz walk tells the validator's 400 from a handler's (both carry `errors`) by this mark.
      if (options.markValidation) reply.header('x-validation', error.validationContext ?? 'unknown');
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

/** Database error fields that echo a statement's values (`Key (email)=(a@b.c) already exists`). */
const VALUE_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery', 'parameters']);

/**
 * The logger's `err` serializer (app.ts): an error as the log keeps it, with no SQL parameters of a
 * failed statement anywhere in it (issue 12 item 4: they can hold personal data). Drizzle's
 * "Failed query: ... params: a,b" message keeps its SQL text and loses the values; the driver's error
 * (the cause) keeps its code, table and constraint, loses `detail`, and a quoted value in its message
 * ('invalid input syntax for type uuid: "x"') is blanked.
 */
export function logSafeError(err: Error): { [key: string]: unknown; type: string; message: string; stack: string } {
  const safe = safeError(err, 0) as Record<string, unknown>;
  return { ...safe, type: String(safe.type ?? 'Error'), message: String(safe.message ?? ''), stack: String(safe.stack ?? '') };
}

function safeError(err: unknown, depth: number): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const fields = err as unknown as Record<string, unknown>;
  const message = redactMessage(err.message);
  const out: Record<string, unknown> = { type: err.constructor?.name ?? 'Error', message };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    out[key] = VALUE_FIELDS.has(key) ? '[redacted]' : value;
  }
  if (err.stack) out.stack = [`${out.type}: ${message}`, ...err.stack.split('\n').filter((line) => /^\s+at /.test(line))].join('\n');
  if (err.cause !== undefined) out.cause = safeError(err.cause, depth + 1);
  return out;
}

function redactMessage(message: string): string {
  return message
    .replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]')
    .replace(/"[^"]*"\s*$/, '"[redacted]"')
    .replace(/: ".*?"/g, ': "[redacted]"');
}

/**
 * An error's message where someone other than the log reads it (a failed job's `error`, shown by
 * GET /api/jobs/:id): a failed statement (SQL text, its parameters) or a system error (file paths)
 * becomes "Internal server error"; the handlers' own messages stay.
 */
export function publicErrorMessage(err: unknown): string {
  if (!(err instanceof Error)) return 'Internal server error';
  if (err instanceof HttpError) return err.message;
  const chain: unknown[] = [err, err.cause];
  const internal = chain.some((e) => e instanceof Error && ('query' in e || 'syscall' in e || 'severity' in e || /^Failed query/.test(e.message)));
  return internal ? 'Internal server error' : err.message;
}

/**
 * Fastify's router refuses some URLs before any hook (a malformed %-escape, a path part over
 * maxParamLength): answered in our `{message}` shape, never echoing the URL back as Fastify's own
 * answer does.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode === 414 ? 414 : 400;
  return reply.status(status).send({ message: status === 414 ? 'URL too long' : MSG.invalidInput });
}
