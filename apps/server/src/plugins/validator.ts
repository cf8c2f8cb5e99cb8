import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { INPUT_MSG, controlCharPath } from '@fbo/shared';

/**
 * The Zod validator compiler with one rule in front, for every part of every request (body, query,
 * params, declared headers): no string, and no key, may carry a C0 control character other than tab,
 * line feed and carriage return. Checked here once rather than in each of hundreds of `z.string()`s,
 * so no route can forget it and no new route needs to remember it (issue 12 item 4: a NUL byte in any
 * text field or search answered 500, PostgreSQL refuses it). The refusal has the shape of a Zod
 * failure, so the error handler answers it like any other: 400 `{message, errors}` naming the field.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const path = controlCharPath(data);
    if (path) return { error: [controlCharIssue(path)] as unknown as Error };
    return validate(data);
  };
};

/** One issue as fastify-type-provider-zod builds them (the symbol marks it as a Zod validation issue). */
function controlCharIssue(path: string[]) {
  const pointer = `/${path.join('/')}`;
  return {
    [Symbol.for('ZodFastifySchemaValidationError')]: true,
    keyword: 'custom',
    instancePath: pointer,
    schemaPath: `#${pointer}/custom`,
    message: INPUT_MSG.controlChars,
    params: {},
  };
}
