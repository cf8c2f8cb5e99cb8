/**
 * Bad requests made from a route's OpenAPI operation (fast-check, fixed seed), for the fuzz walk
 * (fuzz-routes.test.ts). Each case breaks one declared input (a body field, the whole body, a query
 * parameter or a path parameter) with a value its schema must refuse, fills the other required inputs
 * with plausible values and the path with the persona's own ids, and sometimes adds unknown fields.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}
export interface Parameter { in: string; name: string; required?: boolean; schema?: JsonSchema }
export interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface FuzzCase { params: Record<string, string>; query: Record<string, string | string[]>; body?: unknown }

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const DATE_NAME = /date|^from$|^to$|At$|day$/i;
const AMOUNT_NAME = /amount|price|cost/i;
const BAD_DATES = ['100000', 'x', '-1', '2026-02-31', '+275760-09-13', '0000-99-99', '1900-01-01'];
// Longer than Fastify's maxParamLength (100) the router answers 414 before validation: 90 is long enough.
const BAD_IDS = ['x', '-1', '100000', 'a\u0000b', 'n'.repeat(90), '00000000-0000-0000-0000-00000000000g'];
const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f'];

const typeOf = (s: JsonSchema | undefined): string | undefined => {
  if (!s) return undefined;
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.enum) return 'string';
  const branch = (s.anyOf ?? s.oneOf)?.find((b) => b.type !== 'null');
  return branch ? typeOf(branch) : undefined;
};
const nullable = (s: JsonSchema) =>
  (Array.isArray(s.type) && s.type.includes('null')) || !!(s.anyOf ?? s.oneOf)?.some((b) => b.type === 'null');
const unwrap = (s: JsonSchema): JsonSchema => (s.anyOf ?? s.oneOf)?.find((b) => b.type !== 'null') ?? s;

const controlText = fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 })).map((p) => p.join(''));

/** A value the schema accepts as often as we can guess it (the other fields of a case). */
function plausible(raw: JsonSchema, name: string, ownId: string): unknown {
  const s = unwrap(raw);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'uuid') return ownId;
      if (s.format === 'email') return 'fuzz@example.test';
      if (DATE_NAME.test(name)) return '2026-01-15';
      return 'fuzzy text'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 50);
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => plausible(s.items ?? {}, name, ownId));
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, plausible(s.properties?.[k] ?? {}, k, ownId)]));
    default:
      return 'fuzzy text';
  }
}

/** Values a JSON body's field of this schema must refuse. */
function badJson(raw: JsonSchema, name: string, ownId: string, depth = 0): fc.Arbitrary<unknown> {
  const s = unwrap(raw);
  const wrong: unknown[] = [[1, 2], { nested: 1 }];
  if (!nullable(raw)) wrong.push(null);
  const options: fc.Arbitrary<unknown>[] = [controlText];
  switch (typeOf(s)) {
    case 'string':
      options.push(fc.constantFrom(12, true, ...wrong));
      if (s.enum) options.push(fc.constantFrom(`${String(s.enum[0])}-unknown`, 'UNKNOWN_STATUS'));
      if (s.maxLength !== undefined) options.push(fc.integer({ min: s.maxLength + 1, max: s.maxLength + 5000 }).map((n) => 'x'.repeat(n)));
      if (s.format === 'uuid') options.push(fc.constantFrom(...BAD_IDS));
      if (DATE_NAME.test(name)) options.push(fc.constantFrom(...BAD_DATES));
      break;
    case 'integer':
    case 'number': {
      options.push(fc.constantFrom('1', '1e-9', 'NaN', true, false, ...wrong, 1e308, -1e308));
      if (typeOf(s) === 'integer') options.push(fc.constantFrom(1.5, 0.001));
      if (s.minimum !== undefined && s.minimum > -1e15) options.push(fc.constant(s.minimum - 1));
      if (s.maximum !== undefined && s.maximum < 1e15) options.push(fc.constant(s.maximum + 1));
      if (AMOUNT_NAME.test(name)) options.push(fc.constantFrom(1e-9, 0.001, 1.005, '12.50'));
      break;
    }
    case 'boolean':
      options.push(fc.constantFrom('true', 1, 0, 'x', ...wrong));
      break;
    case 'array':
      options.push(fc.constantFrom('x', 7, { a: 1 }));
      if (s.items && depth < 3) options.push(badJson(s.items, name, ownId, depth + 1).map((v) => [v]));
      break;
    case 'object': {
      options.push(fc.constantFrom('x', 7, [1]));
      const keys = Object.keys(s.properties ?? {});
      if (keys.length && depth < 3) {
        options.push(fc.constantFrom(...keys).chain((k) => badJson(s.properties![k]!, k, ownId, depth + 1).map((v) => ({ ...(plausible(s, name, ownId) as object), [k]: v }))));
      }
      break;
    }
    default:
      // Unions and free values: only the control-character rule is certain to refuse.
      options.push(controlText.map((t) => ({ value: t })));
  }
  return fc.oneof(...options);
}

/** Texts a query or path parameter of this schema must refuse (a repeated query key is an array). */
function badText(raw: JsonSchema, name: string, inPath: boolean): fc.Arbitrary<string | string[]> {
  const s = unwrap(raw);
  const options: fc.Arbitrary<string | string[]>[] = [controlText];
  if (!inPath) options.push(fc.constant(['1', '2']));
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      options.push(fc.constantFrom('x', 'NaN', '1e309', '-99999999999999999999', typeOf(s) === 'integer' ? '1.5' : 'Infinity'));
      if (s.minimum !== undefined && s.minimum >= 0) options.push(fc.constant('-1'));
      break;
    case 'boolean':
      options.push(fc.constantFrom('maybe', 'yes', '2'));
      break;
    default:
      if (s.enum) options.push(fc.constantFrom(`${String(s.enum[0])}-unknown`, 'UNKNOWN_STATUS'));
      if (s.maxLength !== undefined) options.push(fc.integer({ min: s.maxLength + 1, max: s.maxLength + 3000 }).map((n) => 'q'.repeat(n)));
      if (s.format === 'uuid') options.push(fc.constantFrom(...BAD_IDS));
      if (DATE_NAME.test(name)) options.push(fc.constantFrom(...BAD_DATES));
  }
  return fc.oneof(...options);
}

type Target = { part: 'body'; field: string | null } | { part: 'query' | 'params'; field: string };

/** Cases for one route, or null when it declares no input at all (nothing for a schema to refuse). */
export function badCases(op: Operation | undefined, method: string, ownIds: Record<string, string>, seed: number, runs: number): FuzzCase[] | null {
  const params = op?.parameters ?? [];
  const query = params.filter((p) => p.in === 'query');
  const path = params.filter((p) => p.in === 'path');
  const body = method === 'GET' ? undefined : op?.requestBody?.content?.['application/json']?.schema;
  const someId = Object.values(ownIds)[0] ?? ZERO_ID;
  const targets: Target[] = [
    ...query.map((p) => ({ part: 'query' as const, field: p.name })),
    ...path.map((p) => ({ part: 'params' as const, field: p.name })),
  ];
  if (body) {
    targets.push({ part: 'body', field: null });
    for (const k of Object.keys(unwrap(body).properties ?? {})) targets.push({ part: 'body', field: k });
  }
  if (!targets.length) return null;
  const baseQuery = Object.fromEntries(query.filter((p) => p.required).map((p) => [p.name, String(plausible(p.schema ?? {}, p.name, someId))]));
  const extra = fc.option(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }).map((k) => `x_${k}`), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), controlText), { maxKeys: 2 }), { nil: undefined });
  const caseArb = fc.constantFrom(...targets).chain((target) => {
    let bad: fc.Arbitrary<unknown>;
    if (target.part === 'body') bad = target.field === null ? fc.constantFrom('x', 1, true, [], [1], { x_unknown: '\u0000' }) : badJson(unwrap(body!).properties![target.field]!, target.field, someId);
    else {
      const p = (target.part === 'query' ? query : path).find((q) => q.name === target.field)!;
      bad = badText(p.schema ?? {}, p.name, target.part === 'params');
    }
    return fc.tuple(fc.constant(target), bad, extra);
  });
  return fc.sample(caseArb, { seed, numRuns: runs }).map(([target, bad, more]) => {
    const c: FuzzCase = { params: { ...ownIds }, query: { ...baseQuery }, body: body ? plausible(body, 'body', someId) : undefined };
    if (target.part === 'params') c.params[target.field] = String(bad);
    else if (target.part === 'query') {
      c.query[target.field] = bad as string | string[];
      if (more) Object.assign(c.query, Object.fromEntries(Object.entries(more).map(([k, v]) => [k, String(v)])));
    } else {
      c.body = target.field === null ? bad : { ...(c.body as object), [target.field]: bad, ...more };
    }
    return c;
  });
}

/** For a route that declares no input: junk queries and bodies, walked for 5xx only. */
badCases.junkOnly = (method: string, ownIds: Record<string, string>, seed: number, runs: number): FuzzCase[] =>
  fc.sample(fc.tuple(fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.oneof(fc.string({ maxLength: 6 }), controlText), { maxKeys: 2 })), { seed, numRuns: runs })
    .map(([junk]) => ({ params: { ...ownIds }, query: junk, body: method === 'GET' || method === 'DELETE' ? undefined : junk }));
