/**
 * Issue 12, item 1: links that leave the server never take their host from the request. A foreign
 * Host, X-Forwarded-Host or Forwarded header must not put a reset or confirmation link on the
 * attacker's host; only PUBLIC_URL (or http://localhost:<port> in development) or a connected
 * domain of the recipient's own agency may appear in a mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readConfig } from '../src/config';
import { basecosts } from '../src/db/schema/index';
import { useApiTest, type ApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { linkIn, startSmtp } from './helpers/smtp';

const PUBLIC = 'https://app.fulfilment.example';
/** Each way a client can name a host; trusted or not, none of them may reach a link. */
const FOREIGN: Array<[string, Record<string, string>]> = [
  ['Host', { host: 'evil.test' }],
  ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' }],
  ['Forwarded', { forwarded: 'host=evil.test;proto=https' }],
  ['all three', { host: 'evil.test:8080', 'x-forwarded-host': 'evil.test', forwarded: 'for=1.2.3.4;host=evil.test;proto=https' }],
];

let smtp: Awaited<ReturnType<typeof startSmtp>>;
// Started before the two apps below: their beforeAll hooks run after this one.
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());
/** No PUBLIC_URL (development), no proxy trusted. */
const bare = useApiTest(async () => ({ smtpUrl: smtp.url, publicUrl: null }));
/** PUBLIC_URL set and TRUST_PROXY on: X-Forwarded-Host is believed, but still not linked to. */
const proxied = useApiTest(async () => ({ smtpUrl: smtp.url, publicUrl: PUBLIC, trustProxy: true }));

let seq = 0;
const fresh = (label: string) => `link-${label}-${Date.now().toString(36)}-${(seq += 1)}@example.com`;

/** The origin of the newest mailed link to `email` under `pathPart`. */
function mailedOrigin(email: string, pathPart: string) {
  return linkIn(smtp.lastTo(email), pathPart).origin;
}

describe.each([
  ['without PUBLIC_URL', () => bare, 'http://localhost:3000'],
  ['with PUBLIC_URL and a trusted proxy', () => proxied, PUBLIC],
])('%s', (_name, app, expected) => {
  it.each(FOREIGN)('a reset link ignores a foreign %s', async (_header, headers) => {
    const email = fresh('reset');
    // A known user: sign up first (its confirmation link is checked below), then ask for a reset.
    expect((await app().send(null, 'POST', '/api/auth/signup', { name: 'Link Victim', email, password: 'secret-123', confirmPassword: 'secret-123' })).statusCode).toBe(201);
    const res = await app().send(null, 'POST', '/api/auth/forgot-password', { email }, headers);
    expect(res.statusCode).toBe(200);
    expect(mailedOrigin(email, '/cms/auth/reset-password')).toBe(expected);
  });

  it.each(FOREIGN)('a sign-up confirmation link ignores a foreign %s', async (_header, headers) => {
    const email = fresh('signup');
    const res = await app().send(null, 'POST', '/api/auth/signup', { name: 'Link Newcomer', email, password: 'secret-123', confirmPassword: 'secret-123' }, headers);
    expect(res.statusCode).toBe(201);
    expect(mailedOrigin(email, '/cms/active-success')).toBe(expected);
  });

  it.each(FOREIGN)('a resent confirmation link ignores a foreign %s', async (_header, headers) => {
    const email = fresh('resend');
    expect((await app().send(null, 'POST', '/api/auth/signup', { name: 'Link Pending', email, password: 'secret-123', confirmPassword: 'secret-123' })).statusCode).toBe(201);
    const res = await app().send(null, 'POST', '/api/auth/resend-confirmation', { email }, headers);
    expect(res.statusCode).toBe(200);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(2);
    expect(mailedOrigin(email, '/cms/active-success')).toBe(expected);
  });

  it('the set-password link of a seller created by the agency ignores a foreign Host', async () => {
    const [standard] = await app().database.db.select().from(basecosts).where(eq(basecosts.name, 'Standard'));
    const email = fresh('seller');
    const res = await app().send(PERSONA.OWNER, 'POST', '/api/seller-teams', { name: `Link Shop ${seq}`, code: `LNK${seq}`, manager: email, basecost: standard!.id }, FOREIGN[3]![1]);
    expect(res.statusCode).toBe(201);
    expect(mailedOrigin(email, '/cms/auth/reset-password')).toBe(expected);
  });

  it("the set-password link of a new agency's owner ignores a foreign Host", async () => {
    const email = fresh('owner');
    const res = await app().send(PERSONA.ADMIN, 'POST', '/api/agencies', { name: `Link Agency ${seq}`, code: `LNKA${seq}`, manager: email }, FOREIGN[3]![1]);
    expect(res.statusCode).toBe(201);
    expect(mailedOrigin(email, '/cms/auth/reset-password')).toBe(expected);
  });

  it("a connected domain of another agency is foreign too", async () => {
    // other.localhost is connected, but to Other Fulfilment; this user belongs to Demo Fulfilment.
    const res = await app().send(null, 'POST', '/api/auth/forgot-password', { email: PERSONA.SUPPORT }, { host: 'other.localhost:3000', 'x-forwarded-host': 'other.localhost' });
    expect(res.statusCode).toBe(200);
    expect(mailedOrigin(PERSONA.SUPPORT, '/cms/auth/reset-password')).toBe(expected);
  });
});

describe("a connected domain of the user's own agency", () => {
  it('links to that domain, on the port of the development default', async () => {
    const res = await bare.send(null, 'POST', '/api/auth/forgot-password', { email: PERSONA.OTHER_OWNER }, { host: 'other.localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(mailedOrigin(PERSONA.OTHER_OWNER, '/cms/auth/reset-password')).toBe('http://other.localhost:3000');
  });

  it("takes PUBLIC_URL's scheme and port, never the header's (behind a trusted proxy)", async () => {
    const res = await proxied.send(null, 'POST', '/api/auth/forgot-password', { email: PERSONA.OTHER_SELLER }, { host: 'internal:8080', 'x-forwarded-host': 'Other.Localhost:9999', 'x-forwarded-proto': 'http' });
    expect(res.statusCode).toBe(200);
    expect(mailedOrigin(PERSONA.OTHER_SELLER, '/cms/auth/reset-password')).toBe('https://other.localhost');
  });

  it('a sign-up on it gets its confirmation there', async () => {
    const email = fresh('domain');
    const res = await bare.send(null, 'POST', '/api/auth/signup', { name: 'Domain Newcomer', email, password: 'secret-123', confirmPassword: 'secret-123' }, { host: 'other.localhost:3000' });
    expect(res.statusCode).toBe(201);
    expect(mailedOrigin(email, '/cms/active-success')).toBe('http://other.localhost:3000');
  });
});

describe('the referral link a seller copies', () => {
  const referralOrigin = async (t: ApiTest, email: string, headers: Record<string, string>) => {
    const res = await t.send(email, 'GET', '/api/referrals/mine', undefined, headers);
    expect(res.statusCode).toBe(200);
    return new URL(res.json().referralLink as string).origin;
  };

  it.each(FOREIGN)('ignores a foreign %s', async (_header, headers) => {
    expect(await referralOrigin(bare, PERSONA.OTHER_SELLER, headers)).toBe('http://localhost:3000');
    expect(await referralOrigin(proxied, PERSONA.OTHER_SELLER, headers)).toBe(PUBLIC);
  });

  it("stays on the connected domain of the seller's agency, where sign-up finds its referral code", async () => {
    expect(await referralOrigin(bare, PERSONA.OTHER_SELLER, { host: 'other.localhost:3000' })).toBe('http://other.localhost:3000');
    expect(await referralOrigin(proxied, PERSONA.OTHER_SELLER, { 'x-forwarded-host': 'other.localhost' })).toBe('https://other.localhost');
  });
});

describe('PUBLIC_URL in the configuration', () => {
  it('is required in production', () => {
    expect(() => readConfig({ NODE_ENV: 'production', JWT_SECRET: 'x' })).toThrow(/PUBLIC_URL/);
    expect(readConfig({ NODE_ENV: 'production', JWT_SECRET: 'x', PUBLIC_URL: PUBLIC, CREDENTIALS_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}` }).publicUrl).toBe(PUBLIC);
  });

  it('defaults to http://localhost:<port> in development, never a request header', () => {
    expect(readConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(readConfig({ PORT: '4123' }).publicUrl).toBe('http://localhost:4123');
  });

  it('must be a plain http(s) address', () => {
    for (const bad of ['app.example.com', 'javascript:alert(1)', 'https://app.example.com/?next=x', 'https://user:pw@app.example.com']) {
      expect(() => readConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it('trusts no proxy headers unless TRUST_PROXY=true', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});
