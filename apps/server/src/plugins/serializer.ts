import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** How one response schema is serialised: compiled, or by Zod with the reason it could not be compiled. */
export type SerializerOutcome = { method: string; url: string; httpStatus: string } & (
  | { compiled: true }
  | { compiled: false; reason: string }
);

type JsonSchema = Record<string, unknown>;
type Compiled = { serialize: (data: unknown) => string } | { reason: string };

/**
 * Response serialisation compiled from the route's Zod schema (issue 14 item 6b): the schema becomes
 * JSON Schema (`z.toJSONSchema`, output side) and fast-json-stringify builds a serialiser that writes
 * only the declared properties, several times faster than Zod's encode + JSON.stringify on a list.
 * Fields outside the schema still never leave: fast-json-stringify skips every undeclared property.
 *
 * What fast-json-stringify cannot do faithfully keeps today's serialiser (Zod encode, which also
 * refuses an answer that breaks the schema): transforms, refinements, and unions whose branches are
 * objects or arrays (it picks a branch by validating with Ajv, where an extra field would match no
 * branch and fail the answer instead of being dropped). `onCompiled` lets a test see every outcome.
 */
export function compiledSerializerCompiler(onCompiled?: (outcome: SerializerOutcome) => void): FastifySerializerCompiler<unknown> {
  const compileNow = serializerOf(onCompiled);
  // Compiled on a route's first answer, not at start-up: some 200 schemas cost about 2 s to compile,
  // which every start (and every test file's server) would pay for routes it may never answer.
  // A test that passes `onCompiled` wants every outcome, so it compiles them all at once.
  if (onCompiled) return compileNow;
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= compileNow(route) as (data: unknown) => string)(data);
  };
}

function serializerOf(onCompiled?: (outcome: SerializerOutcome) => void): FastifySerializerCompiler<unknown> {
  return (route) => {
    const compiled = compileResponseSchema(route.schema);
    const where = { method: route.method, url: route.url, httpStatus: String(route.httpStatus) };
    onCompiled?.('serialize' in compiled ? { ...where, compiled: true } : { ...where, compiled: false, reason: compiled.reason });
    if ('serialize' in compiled) return compiled.serialize;
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  };
}

export function compileResponseSchema(schema: unknown): Compiled {
  if (!(schema instanceof z.ZodType)) return { reason: 'not a Zod schema' };
  const unfaithful = zodUnfaithful(schema, new Set());
  if (unfaithful) return { reason: unfaithful };
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }) as JsonSchema;
  } catch (err) {
    return { reason: `no JSON Schema: ${(err as Error).message}` };
  }
  delete json.$schema;
  const normalised = normalise(json);
  if (typeof normalised === 'string') return { reason: normalised };
  return { serialize: fastJson(normalised) };
}

/** The first part of a Zod schema whose meaning JSON Schema loses (a transform, a refinement). */
function zodUnfaithful(schema: z.ZodType, seen: Set<unknown>): string | null {
  if (seen.has(schema)) return null;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string; checks?: { _zod: { def: { check: string } } }[] };
  if (['transform', 'custom', 'lazy', 'promise', 'function'].includes(def.type)) return `${def.type} schema`;
  if (def.checks?.some((c) => c._zod.def.check === 'custom')) return 'refinement';
  for (const value of Object.values(def)) {
    for (const inner of innerSchemas(value)) {
      const found = zodUnfaithful(inner, seen);
      if (found) return found;
    }
  }
  return null;
}

function innerSchemas(value: unknown): z.ZodType[] {
  if (value instanceof z.ZodType) return [value];
  if (Array.isArray(value)) return value.filter((v): v is z.ZodType => v instanceof z.ZodType);
  // An object's shape.
  if (value && typeof value === 'object' && value.constructor === Object) {
    return Object.values(value).filter((v): v is z.ZodType => v instanceof z.ZodType);
  }
  return [];
}

/**
 * Shapes Zod's JSON Schema for fast-json-stringify, or says why it cannot be. `additionalProperties:
 * false` goes (undeclared properties are skipped without it, and with it Ajv would reject an object
 * with an extra field when a union is resolved); `anyOf [X, null]` becomes a nullable X.
 */
function normalise(node: unknown): JsonSchema | string {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node as JsonSchema;
  const out: JsonSchema = { ...(node as JsonSchema) };
  if (out.additionalProperties === false) delete out.additionalProperties;
  if ('$ref' in out || 'allOf' in out || 'oneOf' in out || 'not' in out || 'if' in out) return 'a $ref, allOf, oneOf, not or if';
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions']) {
    if (!out[key]) continue;
    const entries: [string, unknown][] = [];
    for (const [name, child] of Object.entries(out[key] as JsonSchema)) {
      const n = normalise(child);
      if (typeof n === 'string') return n;
      entries.push([name, n]);
    }
    out[key] = Object.fromEntries(entries);
  }
  for (const key of ['items', 'additionalProperties', 'additionalItems', 'propertyNames']) {
    if (out[key] === undefined || typeof out[key] === 'boolean') continue;
    const children = Array.isArray(out[key]) ? (out[key] as unknown[]) : [out[key]];
    const normalised = children.map(normalise);
    const failed = normalised.find((n) => typeof n === 'string');
    if (failed) return failed as string;
    out[key] = Array.isArray(out[key]) ? normalised : normalised[0];
  }
  if (Array.isArray(out.anyOf)) return normaliseUnion(out);
  return out;
}

function normaliseUnion(node: JsonSchema): JsonSchema | string {
  const { anyOf, ...rest } = node as JsonSchema & { anyOf: JsonSchema[] };
  const branches = anyOf.filter((b) => b.type !== 'null');
  const nullable = branches.length < anyOf.length;
  if (nullable && branches.length === 1) {
    const only = normalise(branches[0]);
    if (typeof only === 'string') return only;
    return { ...rest, ...only, nullable: true };
  }
  if (branches.some((b) => !isPrimitive(b))) return 'a union of objects or arrays';
  return node;
}

function isPrimitive(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return schema.type !== undefined && types.every((t) => ['string', 'number', 'integer', 'boolean', 'null'].includes(t as string));
}
