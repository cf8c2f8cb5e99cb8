import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { catalogListResponse, invoiceListResponse, managedUserListResponse, proxyListResponse, sellerListResponse } from '@fbo/shared';
import { buildApp } from '../src/app';
import { compileResponseSchema, type SerializerOutcome } from '../src/plugins/serializer';
import type { Database } from '../src/db/client';
import { testDatabase } from './helpers/db';
import { PERSONA } from './helpers/personas';

const AGENCY = PERSONA.OWNER;

/**
 * Issue 14 item 6b: responses are serialised by code compiled from their schemas, and fields outside
 * a schema still never leave. Real list answers get a secret in every object; what leaves must be
 * the real answer again, with the content the Zod serialiser wrote before.
 */
const representative = [
  { url: '/api/catalogs?page=1&limit=5', schema: catalogListResponse },
  { url: '/api/invoices?page=1&limit=5', schema: invoiceListResponse },
  { url: '/api/users?page=1&limit=5', schema: managedUserListResponse },
  { url: '/api/seller-teams?page=1&limit=5', schema: sellerListResponse },
  { url: '/api/proxies?page=1&limit=5', schema: proxyListResponse },
];

const outcomes: SerializerOutcome[] = [];
let app: FastifyInstance;
let database: Database;
let echoed: unknown = null;
let token = '';

beforeAll(async () => {
  database = await testDatabase();
  app = await buildApp({
    database,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    logLevel: 'silent',
    onSerializerCompiled: (outcome) => outcomes.push(outcome),
  });
  // Routes of this test only: each answers `echoed` under the schema of a real list route.
  representative.forEach(({ schema }, i) => {
    app.get(`/api/test-echo/${i}`, { config: { permission: 'public' }, schema: { response: { 200: schema } } }, async () => echoed);
  });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: AGENCY, password: 'demo-password' } });
  token = login.json().access_token as string;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The value with `secret` and `passwordHash` added to every object in it. */
function withSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSecrets);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, withSecrets(v)]);
    return { ...Object.fromEntries(entries), secret: 'LEAKED-SECRET', passwordHash: 'LEAKED-HASH' };
  }
  return value;
}

function zodSerialise(schema: z.ZodType, data: unknown): string {
  return zodSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never)(data);
}

describe('compiled response serialisation', () => {
  it('compiles every response schema of every route, but for the ones named here', () => {
    expect(outcomes.length).toBeGreaterThan(200);
    const fallbacks = outcomes.filter((o) => !o.compiled).map((o) => `${o.method} ${o.url} ${o.httpStatus}: ${'reason' in o ? o.reason : ''}`);
    expect(fallbacks).toEqual([]);
  });

  it.each(representative.map((r, i) => [r.url, r.schema, i] as const))('%s: an extra field never leaves', async (url, schema, i) => {
    const real = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(real.statusCode).toBe(200);
    const body = real.json();
    expect(body.data.length).toBeGreaterThan(0);
    // What the Zod serialiser of before writes for the real answer. Only the order of keys may
    // differ: it followed the handler's object, the compiled one follows the schema.
    expect(body).toStrictEqual(JSON.parse(zodSerialise(schema, body)));

    echoed = withSecrets(body);
    const res = await app.inject({ url: `/api/test-echo/${i}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/LEAKED/);
    expect(res.body).toBe(real.body);
  });

  it('keeps nullable objects, records and nullable fields as the Zod serialiser does', () => {
    const schema = z.object({
      owner: z.object({ id: z.string(), note: z.string().nullable() }).nullable(),
      tags: z.record(z.string(), z.number()),
      list: z.array(z.object({ n: z.number().int(), when: z.string().optional() })),
      kind: z.enum(['A', 'B']),
    });
    const compiled = compileResponseSchema(schema);
    if (!('serialize' in compiled)) throw new Error(compiled.reason);
    for (const data of [
      { owner: { id: 'x', note: null, secret: 1 }, tags: { a: 1 }, list: [{ n: 2, secret: 's' }, { n: 3, when: 'now' }], kind: 'A', secret: 2 },
      { owner: null, tags: {}, list: [], kind: 'B' },
    ]) {
      expect(JSON.parse(compiled.serialize(data))).toStrictEqual(JSON.parse(zodSerialise(schema, data)));
    }
  });

  it('leaves transforms, refinements and unions of objects to the Zod serialiser', () => {
    expect(compileResponseSchema(z.object({ a: z.string().transform((v) => v.length) }))).toHaveProperty('reason');
    expect(compileResponseSchema(z.object({ a: z.string().refine((v) => v !== '') }))).toHaveProperty('reason');
    expect(compileResponseSchema(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]))).toHaveProperty('reason');
    expect(compileResponseSchema(z.object({ s: z.union([z.literal('x'), z.number()]) }))).toHaveProperty('serialize');
  });
});
