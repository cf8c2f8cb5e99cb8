/**
 * Issue 12 item 4: bad input never answers 500. A schema-driven walk of every registered API route
 * (listed by the app, described by its own OpenAPI document): for each route, as a persona allowed to
 * call it and with ids of that persona's own records in the path, fast-check (fixed seed) makes bad
 * bodies, queries and params. Fails on any 5xx, on SQL or a stack in an answer, and on a route where
 * fewer than 80 % of the cases were refused by schema validation (they would not be testing it).
 * `FUZZ_RUNS=50 npx vitest run apps/server/test/fuzz-routes.test.ts` walks longer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { can, type Actor, type Authority, INPUT_MSG, MONEY_MSG } from '@fbo/shared';
import { jobs, users } from '../src/db/schema/index';
import { logSafeError } from '../src/plugins/errors';
import { useApiTest } from './helpers/api';
import { DEMO_PASSWORD } from './helpers/app';
import { PERSONA } from './helpers/personas';
import { badCases, type FuzzCase, type Operation } from './helpers/fuzz-cases';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = 20_261_124;
/** Owners first: their records fill the path ids; the others only where the owners may not go. */
const PERSONAS = [
  PERSONA.OWNER, PERSONA.SELLER, PERSONA.ADMIN, PERSONA.SUPPLIER, PERSONA.ACCOUNTING, PERSONA.STAFF,
  PERSONA.SUPPORT, PERSONA.DESIGNER, PERSONA.EXPORTER, PERSONA.SELLER_ACCOUNTING, PERSONA.SELLER_DESIGNER,
  PERSONA.SELLER_SUPPORT,
];
/** Routes the walk cannot feed JSON, each with why. Everything else registered is walked. */
const SKIPPED: Array<[RegExp, string]> = [
  [/multipart/i, 'multipart upload: the file and its fields are read by the handler (lib/upload.ts cleans the name)'],
  [/Receive the bytes of a presigned/i, 'raw upload bytes: the signed link is checked in onRequest, before validation'],
];
const SQL_TEXT = /\bselect\s+[\w"*.,\s()]+\s+from\s|insert into|syntax error|violates .*constraint|relation "|column "|failed query|\bparams:/i;
const STACK_TEXT = /\n\s+at .+[(:]|node_modules|\.ts:\d+:\d+|\.js:\d+:\d+/;

// Schema refusals carry an x-validation header: the walk tells them from the handlers' own 400s.
const t = useApiTest({ markValidationErrors: true });
const { send } = t;
const actors = new Map<string, Actor>();

beforeAll(async () => {
  for (const email of PERSONAS) {
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    actors.set(email, {
      userId: u!.id, userType: u!.userType, authority: u!.authority as Authority | null, isSubUser: u!.isSubUser,
      agencyId: u!.agencyId, sellerTeamId: u!.sellerTeamId,
    });
  }
});
/**
 * The walk's own sessions, not the helper's cached ones: a walked route may end a persona's sessions
 * (logout, logout-all), and the walk then signs in again.
 */
const walkTokens = new Map<string, string>();
async function walkHeaders(email: string | null, fresh = false): Promise<Record<string, string>> {
  if (!email) return {};
  if (fresh || !walkTokens.has(email)) {
    const res = await send(null, 'POST', '/api/auth/login', { email, password: DEMO_PASSWORD });
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    walkTokens.set(email, res.json().access_token as string);
  }
  return { authorization: `Bearer ${walkTokens.get(email)}` };
}

/** The first id in a list answer (`data[]`, an array, or any object with a uuid `id`). */
function firstId(body: unknown): string | undefined {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const seen = [body];
  for (let i = 0; i < seen.length && i < 500; i++) {
    const v = seen[i];
    if (Array.isArray(v)) seen.push(...v);
    else if (v && typeof v === 'object') {
      const id = (v as { id?: unknown }).id;
      if (typeof id === 'string' && uuid.test(id)) return id;
      seen.push(...Object.values(v));
    }
  }
  return undefined;
}

/** The persona's own record for each path parameter: the first id its list at the path's prefix shows. */
const ownIds = new Map<string, string | undefined>();
async function pathIds(url: string, email: string | null): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  let resolved = url;
  for (const m of url.matchAll(/:(\w+)/g)) {
    const prefix = resolved.slice(0, resolved.indexOf(`:${m[1]}`)).replace(/\/$/, '');
    const key = `${email} ${prefix}`;
    if (!ownIds.has(key)) {
      const res = await send(await walkHeaders(email), 'GET', prefix);
      ownIds.set(key, res.statusCode === 200 ? firstId(res.json()) : undefined);
    }
    ids[m[1]!] = ownIds.get(key) ?? '00000000-0000-7000-8000-000000000000';
    resolved = resolved.replace(`:${m[1]}`, ids[m[1]!]!);
  }
  return ids;
}

const hash = (s: string) => [...s].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 0) & 0xffff;

interface RouteTally { route: string; persona: string; cases: number; schema400: number; handler: number; throttled: number }

function operationOf(doc: OpenApiDoc, method: string, url: string): Operation | undefined {
  return doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
}
interface OpenApiDoc { paths: Record<string, Record<string, Operation>> }

async function sendCase(route: { method: string; url: string }, email: string | null, c: FuzzCase) {
  let url = route.url;
  for (const [name, value] of Object.entries(c.params)) url = url.replace(`:${name}`, encodeURIComponent(value));
  const request = (headers: Record<string, string>) => t.app.inject({
    method: route.method as 'GET', url, query: c.query as Record<string, string>, headers,
    ...(c.body === undefined ? {} : { payload: JSON.stringify(c.body), headers: { ...headers, 'content-type': 'application/json' } }),
  });
  let res = await request(await walkHeaders(email));
  // A walked route may end the persona's sessions (logout, logout-all): sign in again and resend.
  if (res.statusCode === 401 && email) res = await request(await walkHeaders(email, true));
  return res;
}

describe('bad input never answers 500: the issue\'s examples', () => {
  it('a NUL byte in a search is 400 naming the field', async () => {
    const res = await send(PERSONA.SELLER, 'GET', '/api/orders?search=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ search: INPUT_MSG.controlChars });
    expect(res.headers['x-validation']).toBe('querystring');
  });

  it('a control character anywhere in a JSON body, even in a field no schema names, is 400', async () => {
    const res = await send(PERSONA.SELLER, 'PATCH', '/api/users/info', { fullName: 'Seller\u0007Name', extra: { deep: ['x\u0000'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.fullName).toBe(INPUT_MSG.controlChars);
  });

  it('a URL the router refuses (bad escape, overlong id) is answered without echoing it', async () => {
    const long = await send(PERSONA.OWNER, 'GET', `/api/orders/${'n'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'URL too long' });
    const bad = await send(PERSONA.OWNER, 'GET', '/api/orders/%zz-secret');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('secret');
  });

  it('a date filter such as from=100000 is 400 on the lists and the production export', async () => {
    for (const url of ['/api/invoices?from=100000', '/api/deposits?from=100000', '/api/tracking?to=100000', '/api/orders?dateFrom=0000-99-99']) {
      const res = await send(PERSONA.OWNER, 'GET', url);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('amount 1e-9, true or "5" never makes a deposit request', async () => {
    for (const amount of [1e-9, true, '5', -0]) {
      const res = await send(PERSONA.SELLER, 'POST', '/api/deposits/request', { amount, payWith: 'Payoneer', transactionId: 'TX-fuzz-1', note: 'fuzz note' });
      expect(res.statusCode, JSON.stringify(amount)).toBe(400);
      expect(Object.keys(res.json().errors)).toContain('amount');
    }
    const res = await send(PERSONA.SELLER, 'POST', '/api/deposits/request', { amount: 1e-9, payWith: 'Payoneer', transactionId: 'TX-fuzz-1', note: 'fuzz note' });
    expect(res.json().errors.amount).toBe(MONEY_MSG.amountCents);
  });

  it('a 250-character upload name is cleaned and shortened, not a 500', async () => {
    const query = new URLSearchParams({ file_name: `${'n'.repeat(250)}.png`, size: '1000', content_type: 'image/png' });
    const res = await send(PERSONA.SELLER, 'GET', `/api/images/presigned_url?${query}`);
    expect(res.statusCode).toBeLessThan(300);
    const path = res.json().file_path as string;
    expect(path.split('/').pop()!.length).toBeLessThan(200);
    expect(path.endsWith('.png')).toBe(true);
  });

  it('a multipart upload whose file name carries NUL and 250 characters is stored cleaned, not a 500', async () => {
    const boundary = '----fuzzwalk';
    const name = `${'t'.repeat(250)}\u0000.csv`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from('Order Name,Tracking Number,Carrier,Tracking URL,SKU\r\n#none,T1,USPS,,\r\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await send(PERSONA.OWNER, 'POST', '/api/tracking/import', payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.statusCode).toBeLessThan(300);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, res.json().data.jobId as string));
    const stored = (job!.payload as { fileName: string }).fileName;
    expect(stored).not.toContain('\u0000');
    expect(stored.length).toBeLessThanOrEqual(120);
    expect(stored.endsWith('.csv')).toBe(true);
  });

  it('a job that fails on a statement shows no SQL and no values', async () => {
    t.app.jobs.register('test.failing-statement', async () => {
      await t.database.db.execute(sql`select ${'jane.doe@example.com'}::int`);
      return {};
    });
    const owner = actors.get(PERSONA.OWNER)!;
    const job = await t.app.jobs.enqueue(t.database.db, { kind: 'test.failing-statement', maxAttempts: 1, agencyId: owner.agencyId, userId: owner.userId });
    await t.app.jobs.drain();
    const res = await send(PERSONA.OWNER, 'GET', `/api/jobs/${job.id}`);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.error).toBe('Internal server error');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/jane\.doe|select|::int/);
  });

  it('the log keeps no parameters of a failed statement', async () => {
    const secret = 'jane.doe@example.com';
    const err = await t.database.db.execute(sql`select ${secret}::int`).then(() => null, (e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err!)) + String(err!.message)).toContain(secret);
    const logged = JSON.stringify(logSafeError(err!));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('select');
  });
});

describe('the fuzz walk: every registered route, bad bodies, queries and params', () => {
  it(`answers no 5xx, no SQL, no stack; >= 80 % of the cases refused by the schema (${RUNS} a route)`, async () => {
    const doc = (t.app as unknown as { swagger(): OpenApiDoc }).swagger();
    const problems: string[] = [];
    const tallies: RouteTally[] = [];
    const skipped: string[] = [];
    const unvalidated: string[] = [];
    for (const route of t.app.apiRoutes) {
      const label = `${route.method} ${route.url}`;
      const op = operationOf(doc, route.method, route.url);
      const skip = SKIPPED.find(([re]) => re.test(op?.summary ?? ''));
      if (skip) { skipped.push(`${label}: ${skip[1]}`); continue; }
      const isPublic = route.permission.includes('public');
      const email = isPublic ? null : PERSONAS.find((e) => route.permission.some((p) => can(actors.get(e)!, p)));
      if (email === undefined) { skipped.push(`${label}: no persona of the walk may call it`); continue; }
      const ids = await pathIds(route.url, email);
      // Seeded by the route itself, so a route added elsewhere leaves the others' cases unchanged.
      const seed = SEED + hash(label);
      const cases = badCases(op, route.method, ids, seed, RUNS);
      if (!cases) { unvalidated.push(label); }
      const tally: RouteTally = { route: label, persona: email ?? 'anonymous', cases: 0, schema400: 0, handler: 0, throttled: 0 };
      for (const c of cases ?? badCases.junkOnly(route.method, ids, seed, Math.min(RUNS, 3))) {
        const res = await sendCase(route, email, c);
        const what = `${label} as ${tally.persona} ${JSON.stringify(c).slice(0, 300)} -> ${res.statusCode}`;
        if (res.statusCode >= 500) problems.push(`${what} (server error) ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 300 && (SQL_TEXT.test(res.body) || STACK_TEXT.test(res.body))) problems.push(`${what} (leaks) ${res.body.slice(0, 300)}`);
        if (res.statusCode === 429) { tally.throttled++; continue; }
        tally.cases++;
        if (res.statusCode === 400 && res.headers['x-validation']) tally.schema400++;
        else tally.handler++;
      }
      if (cases) tallies.push(tally);
    }
    const weak = tallies.filter((t) => t.cases > 0 && t.schema400 / t.cases < 0.8);
    const lines = tallies.map((t) => `${t.schema400}/${t.cases}${t.throttled ? ` (+${t.throttled} throttled)` : ''}  ${t.route}  [${t.persona}]`);
    console.info(
      `fuzz walk: ${tallies.length} routes with input schemas, ${unvalidated.length} without (walked for 5xx only), ${skipped.length} skipped\n` +
      `${lines.join('\n')}\nwithout input schemas: ${unvalidated.join(', ')}\nskipped:\n  ${skipped.join('\n  ')}`,
    );
    expect(problems).toEqual([]);
    expect(weak.map((t) => `${t.route}: ${t.schema400}/${t.cases} refused by the schema`)).toEqual([]);
    expect(tallies.length).toBeGreaterThan(100);
  }, 240_000);
});
