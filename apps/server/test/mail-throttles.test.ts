/**
 * Issue 12, item 3: what creates accounts or sends mail is throttled per e-mail and per client
 * address (MAIL_THROTTLE), in rate_events, answering 429 "Too many requests. Please try again in
 * N minutes." Each test uses its own client address (inject's remoteAddress), so they stay apart.
 */
import { describe, expect, it } from 'vitest';
import { MAIL_THROTTLE, MSG } from '@fbo/shared';
import { eq } from 'drizzle-orm';
import { rateEvents, users } from '../src/db/schema/index';
import { mailRules } from '../src/modules/auth/auth.throttles';
import { useMailingTestApp } from './helpers/smtp';
import { PERSONA } from './helpers/personas';

const mailing = useMailingTestApp();

let seq = 0;
const fresh = (label: string) => `throttle-${label}-${Date.now().toString(36)}-${(seq += 1)}@example.com`;
const addressOf = (n: number) => `10.77.0.${n}`;

const TOO_MANY = /^Too many requests\. Please try again in \d+ minutes?\.$/;

function post(url: string, payload: object, remoteAddress: string) {
  return mailing.t.app.inject({ method: 'POST', url, payload, remoteAddress });
}
const signup = (email: string, address: string) =>
  post('/api/auth/signup', { name: 'Throttle Test', email, password: 'secret-123', confirmPassword: 'secret-123' }, address);
const mailsTo = (email: string) => mailing.smtp.messages.filter((m) => m.to.includes(email)).length;

function expectThrottled(res: { statusCode: number; json(): { message: string } }) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toMatch(TOO_MANY);
}

describe('sign-up', () => {
  it(`allows ${MAIL_THROTTLE.signup.perAddress} sign-ups an hour from one address, then 429`, async () => {
    const address = addressOf(1);
    expect((await signup(fresh('signup'), address)).statusCode).toBe(201);
    // The rest of the window as rows, as sign-ups on other replicas leave them (a real sign-up
    // hashes a password, slowly on purpose, so the test does not make 20).
    const { bucket } = mailRules('signup').address;
    await mailing.t.database.db.insert(rateEvents).values(Array.from({ length: MAIL_THROTTLE.signup.perAddress - 2 }, () => ({ bucket, key: address })));
    expect((await signup(fresh('signup'), address)).statusCode).toBe(201);
    const email = fresh('signup-over');
    expectThrottled(await signup(email, address));
    // Refused before anything was made: no account, no mail.
    expect(await mailing.t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(mailsTo(email)).toBe(0);
    // Another address is not held back by this one.
    expect((await signup(email, addressOf(2))).statusCode).toBe(201);
  });

  it(`allows ${MAIL_THROTTLE.signup.perEmail} attempts an hour on one e-mail, from any addresses`, async () => {
    const email = fresh('signup-email');
    expect((await signup(email, addressOf(3))).statusCode).toBe(201);
    // The address is taken now: retries answer 400, and still count.
    for (let i = 1; i < MAIL_THROTTLE.signup.perEmail; i++) expect((await signup(email, addressOf(10 + i))).statusCode).toBe(400);
    expectThrottled(await signup(email, addressOf(30)));
  });
});

describe('resend-confirmation', () => {
  it(`mails one e-mail at most ${MAIL_THROTTLE.resendConfirmation.perEmail} times an hour, whatever the address`, async () => {
    const email = fresh('resend');
    expect((await signup(email, addressOf(40))).statusCode).toBe(201);
    for (let i = 0; i < MAIL_THROTTLE.resendConfirmation.perEmail; i++) {
      const res = await post('/api/auth/resend-confirmation', { email }, addressOf(41 + i));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.confirmationResent);
    }
    expectThrottled(await post('/api/auth/resend-confirmation', { email }, addressOf(60)));
    expect(mailsTo(email)).toBe(1 + MAIL_THROTTLE.resendConfirmation.perEmail);
  });

  it(`answers at most ${MAIL_THROTTLE.resendConfirmation.perAddress} requests an hour from one address`, async () => {
    const address = addressOf(61);
    // Unknown addresses cost the same as pending ones: the answer never tells which exist.
    for (let i = 0; i < MAIL_THROTTLE.resendConfirmation.perAddress; i++) {
      expect((await post('/api/auth/resend-confirmation', { email: fresh('resend-unknown') }, address)).statusCode).toBe(200);
    }
    expectThrottled(await post('/api/auth/resend-confirmation', { email: fresh('resend-unknown') }, address));
  });
});

describe('forgot-password', () => {
  it(`mails a known user at most ${MAIL_THROTTLE.forgotPassword.perEmail} reset links an hour, whatever the address`, async () => {
    const email = PERSONA.SELLER;
    const before = mailsTo(email);
    for (let i = 0; i < MAIL_THROTTLE.forgotPassword.perEmail; i++) {
      const res = await post('/api/auth/forgot-password', { email }, addressOf(70 + i));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.instructionsSent);
    }
    expectThrottled(await post('/api/auth/forgot-password', { email: 'Seller@Demo.test' }, addressOf(90)));
    expect(mailsTo(email) - before).toBe(MAIL_THROTTLE.forgotPassword.perEmail);
  });

  it('throttles an unknown e-mail exactly like a known one', async () => {
    const email = fresh('forgot-unknown');
    for (let i = 0; i < MAIL_THROTTLE.forgotPassword.perEmail; i++) {
      expect((await post('/api/auth/forgot-password', { email }, addressOf(100 + i))).json().message).toBe(MSG.notRegistered);
    }
    expectThrottled(await post('/api/auth/forgot-password', { email }, addressOf(120)));
  });

  it(`answers at most ${MAIL_THROTTLE.forgotPassword.perAddress} requests an hour from one address, known e-mails included`, async () => {
    const address = addressOf(121);
    // Ten known users, three requests each: no e-mail reaches its own limit first.
    const known = [PERSONA.ADMIN, PERSONA.SUPPLIER, PERSONA.OWNER, PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.ACCOUNTING, PERSONA.DESIGNER, PERSONA.EXPORTER, PERSONA.OTHER_OWNER, PERSONA.OTHER_SELLER];
    for (let i = 0; i < MAIL_THROTTLE.forgotPassword.perAddress; i++) {
      const res = await post('/api/auth/forgot-password', { email: known[i % known.length]! }, address);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    expectThrottled(await post('/api/auth/forgot-password', { email: PERSONA.SELLER_DESIGNER }, address));
  });

  it('counts in the database, so every replica sees the same attempts', async () => {
    const email = fresh('forgot-rows');
    await post('/api/auth/forgot-password', { email }, addressOf(130));
    const rows = await mailing.t.database.db.select().from(rateEvents).where(eq(rateEvents.key, email));
    expect(rows.map((r) => r.bucket)).toEqual(['forgotPassword:email']);
    // Rows older than the window no longer count.
    await mailing.t.database.db.update(rateEvents).set({ createdAt: new Date(Date.now() - 2 * MAIL_THROTTLE.windowMinutes * 60_000) }).where(eq(rateEvents.key, PERSONA.SELLER));
    expect((await post('/api/auth/forgot-password', { email: PERSONA.SELLER }, addressOf(131))).statusCode).toBe(200);
  });
});
