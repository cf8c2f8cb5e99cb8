import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@fbo/shared';
import { DEMO_PASSWORD } from './helpers/app';
import { PERSONA } from './helpers/personas';
import { linkIn, useMailingTestApp } from './helpers/smtp';
import { loginFailures, notifications, sellerTeams, users, accounts } from '../src/db/schema/index';

const mailing = useMailingTestApp();
const { send } = mailing.t;

describe('login', () => {
  it('answers a token and "Login Success!" for a demo persona', async () => {
    const res = await send(null, 'POST', '/api/auth/login', { email: PERSONA.OWNER, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.loginSuccess, access_token: expect.any(String) });
  });

  it('refuses a wrong password with a message and no token', async () => {
    const res = await send(null, 'POST', '/api/auth/login', { email: PERSONA.STAFF, password: 'wrong-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.invalidCredentials });
  });

  it('treats the e-mail case-insensitively', async () => {
    const res = await send(null, 'POST', '/api/auth/login', { email: 'Agency@Demo.TEST', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('throttles repeated failures per e-mail with a clear 429', async () => {
    for (let i = 0; i < 5; i++) await send(null, 'POST', '/api/auth/login', { email: PERSONA.DESIGNER, password: `bad-${i}-pass` });
    const res = await send(null, 'POST', '/api/auth/login', { email: PERSONA.DESIGNER, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    await mailing.t.database.db.delete(loginFailures).where(eq(loginFailures.email, PERSONA.DESIGNER));
  });

  it('rejects bad input with 400 and field errors, never 500', async () => {
    const res = await send(null, 'POST', '/api/auth/login', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('email');
  });
});

describe('sign-up, confirmation mail, activation', () => {
  const email = 'new.seller@example.com';

  it('creates a pending seller and its team in the default agency, mails a confirmation link', async () => {
    const res = await send(null, 'POST', '/api/auth/signup', { name: 'New Seller', email, password: 'secret-123', confirmPassword: 'secret-123', referralCode: 'ref1001' });
    expect(res.statusCode).toBe(201);
    const [user] = await mailing.t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ userType: 'seller', authority: 'seller', isSubUser: false, status: 'pending' });
    const [team] = await mailing.t.database.db.select().from(sellerTeams).where(eq(sellerTeams.id, user!.sellerTeamId!));
    expect(team!.managerId).toBe(user!.id);
    expect(team!.referralFromId).not.toBeNull();
    expect(await mailing.t.database.db.select().from(accounts).where(eq(accounts.sellerTeamId, team!.id))).toHaveLength(2);
    expect(mailing.smtp.lastTo(email)?.text).toContain('/cms/active-success?token=');
  });

  it('tells the agency owner about the new seller', async () => {
    const res = await send(PERSONA.OWNER, 'GET', '/api/push-notifications?limit=1');
    expect(res.json().data[0]).toMatchObject({ title: 'New seller signed up', viewed: false });
    expect(res.json().data[0].content).toContain(email);
  });

  it('refuses the same e-mail twice', async () => {
    const res = await send(null, 'POST', '/api/auth/signup', { name: 'Again', email, password: 'secret-123', confirmPassword: 'secret-123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.emailTaken);
  });

  it('refuses mismatched passwords with the spec message', async () => {
    const res = await send(null, 'POST', '/api/auth/signup', { name: 'Mismatch', email: 'mm@example.com', password: 'secret-123', confirmPassword: 'secret-124' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.confirmPassword).toBe(MSG.confirmNotMatch);
  });

  it('does not let a pending account sign in', async () => {
    const res = await send(null, 'POST', '/api/auth/login', { email, password: 'secret-123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.accountNotConfirmed);
  });

  it('resends a fresh link; the older one stops working', async () => {
    const first = linkIn(mailing.smtp.lastTo(email), '/cms/active-success');
    const res = await send(null, 'POST', '/api/auth/resend-confirmation', { email });
    expect(res.statusCode).toBe(200);
    const second = linkIn(mailing.smtp.lastTo(email), '/cms/active-success');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    const stale = await send(null, 'POST', '/api/auth/confirm-email', { token: first.searchParams.get('token')! });
    expect(stale.statusCode).toBe(400);
  });

  it('activates from the mailed link once, then signs in', async () => {
    const token = linkIn(mailing.smtp.lastTo(email), '/cms/active-success').searchParams.get('token')!;
    const ok = await send(null, 'POST', '/api/auth/confirm-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.verified);
    const again = await send(null, 'POST', '/api/auth/confirm-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.tokenInvalid);
    const login = await send(null, 'POST', '/api/auth/login', { email, password: 'secret-123' });
    expect(login.statusCode).toBe(200);
    const info = await send({ authorization: `Bearer ${login.json().access_token}` }, 'GET', '/api/users/info');
    expect(info.json().data).toMatchObject({ email, userType: 'seller', sellerTeam: { name: 'New Seller', basecost: { name: 'Standard' } } });
  });

  it("gives a new team the agency's auto-approve default", async () => {
    const { agencies } = await import('../src/db/schema/index');
    const [demo] = await mailing.t.database.db.select().from(agencies).where(eq(agencies.code, 'DEMO'));
    await mailing.t.database.db.update(agencies).set({ settings: { ...demo!.settings, autoApproveOrders: true } }).where(eq(agencies.id, demo!.id));
    const res = await send(null, 'POST', '/api/auth/signup', { name: 'Auto Team', email: 'auto.team@example.com', password: 'secret-123', confirmPassword: 'secret-123' });
    expect(res.statusCode).toBe(201);
    const [user] = await mailing.t.database.db.select().from(users).where(eq(users.email, 'auto.team@example.com'));
    const [team] = await mailing.t.database.db.select().from(sellerTeams).where(eq(sellerTeams.id, user!.sellerTeamId!));
    expect(team!.autoApproveOrder).toBe(true);
    await mailing.t.database.db.update(agencies).set({ settings: demo!.settings }).where(eq(agencies.id, demo!.id));
  });

  it('signs up into the agency that owns the requesting domain', async () => {
    const res = await send(null, 'POST', '/api/auth/signup',
      { name: 'Other Newcomer', email: 'other.new@example.com', password: 'secret-123', confirmPassword: 'secret-123' }, { host: 'other.localhost:3000' });
    expect(res.statusCode).toBe(201);
    const [user] = await mailing.t.database.db.select().from(users).where(eq(users.email, 'other.new@example.com'));
    const [agencyOwner] = await mailing.t.database.db.select().from(users).where(eq(users.email, PERSONA.OTHER_OWNER));
    expect(user!.agencyId).toBe(agencyOwner!.agencyId);
    const note = await mailing.t.database.db.select().from(notifications).where(eq(notifications.userId, agencyOwner!.id));
    expect(note.some((n) => n.content.includes('other.new@example.com'))).toBe(true);
  });
});

describe('forgot and reset password', () => {
  it('warns that an unknown address is not registered', async () => {
    const res = await send(null, 'POST', '/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.notRegistered);
  });

  it('mails a single-use link that sets the password and ends older sessions', async () => {
    const email = PERSONA.EXPORTER;
    const oldHeaders = await mailing.t.as(email);
    const res = await send(null, 'POST', '/api/auth/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.instructionsSent);
    const token = linkIn(mailing.smtp.lastTo(email), '/cms/auth/reset-password').searchParams.get('token')!;

    const mismatch = await send(null, 'POST', '/api/auth/reset-password', { token, password: 'brand-new-1', confirmPassword: 'brand-new-2' });
    expect(mismatch.statusCode).toBe(400);

    const ok = await send(null, 'POST', '/api/auth/reset-password', { token, password: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.passwordReseted);
    const reused = await send(null, 'POST', '/api/auth/reset-password', { token, password: 'brand-new-3', confirmPassword: 'brand-new-3' });
    expect(reused.statusCode).toBe(400);

    expect((await send(oldHeaders, 'GET', '/api/users/info')).statusCode).toBe(401);
    expect((await send(null, 'POST', '/api/auth/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(400);
    expect((await send(null, 'POST', '/api/auth/login', { email, password: 'brand-new-1' })).statusCode).toBe(200);
  });

  it('throttles address probing with 429, per address', async () => {
    const probe = (email: string) =>
      mailing.t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 30; i++) expect((await probe(`probe${i}@example.com`)).statusCode).toBe(400);
    expect((await probe(PERSONA.OWNER)).statusCode).toBe(429);
    const elsewhere = await mailing.t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.com' }, remoteAddress: '10.9.9.10' });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('refuses an expired token', async () => {
    const email = PERSONA.SUPPORT;
    await send(null, 'POST', '/api/auth/forgot-password', { email });
    const token = linkIn(mailing.smtp.lastTo(email), '/cms/auth/reset-password').searchParams.get('token')!;
    const { oneTimeTokens } = await import('../src/db/schema/index');
    await mailing.t.database.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await send(null, 'POST', '/api/auth/reset-password', { token, password: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.tokenInvalid);
  });
});

describe('sessions', () => {
  it('logout-all revokes every token of the user', async () => {
    const login = await send(null, 'POST', '/api/auth/login', { email: PERSONA.SELLER_DESIGNER, password: DEMO_PASSWORD });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    expect((await send(headers, 'POST', '/api/auth/logout-all', {})).statusCode).toBe(200);
    expect((await send(headers, 'GET', '/api/users/info')).statusCode).toBe(401);
  });

  it('accepts the token in the access_token header too', async () => {
    const login = await send(null, 'POST', '/api/auth/login', { email: PERSONA.ADMIN, password: DEMO_PASSWORD });
    const res = await send({ access_token: login.json().access_token }, 'GET', '/api/users/info');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a token signed with another algorithm or secret', async () => {
    const forged = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwidHYiOjF9.';
    expect((await send({ authorization: `Bearer ${forged}` }, 'GET', '/api/users/info')).statusCode).toBe(401);
  });
});

describe('store linking', () => {
  it('links a pending store authorisation once; a second use says "can not authorize"', async () => {
    const ok = await send(PERSONA.SELLER, 'POST', '/api/auth/link-store', { appToken: 'demo-store-app-token' });
    expect(ok.statusCode).toBe(200);
    const again = await send(PERSONA.SELLER, 'POST', '/api/auth/link-store', { appToken: 'demo-store-app-token' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.canNotAuthorize);
  });
});
