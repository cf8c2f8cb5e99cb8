import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_MSG } from '@fbo/shared';
import { useMailingTestApp } from './helpers/smtp';
import { PERSONA } from './helpers/personas';
import { agencies, auditEntries, emailMessages } from '../src/db/schema/index';
import { DEFAULT_TEMPLATE_LIST } from '../src/mail/templates';

const mailing = useMailingTestApp();
const { send } = mailing.t;

const { OWNER, OTHER_OWNER: OTHER } = PERSONA;

async function agencyId(code: string) {
  const [row] = await mailing.t.database.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, code));
  return row!.id;
}

/** Adds a default to the persona's agency and answers its id. */
async function add(as: string, code: string): Promise<string> {
  const res = await send(as, 'POST', '/api/mail-notifications', { code });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}

describe('mail templates', () => {
  let resetId: string;

  it('lists every default with its variables, none existing at first', async () => {
    const res = await send(OWNER, 'GET', '/api/mail-notifications/default-templates');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { code: string; existed: boolean; variables: string[]; html: string }[];
    expect(data.map((d) => d.code)).toEqual(DEFAULT_TEMPLATE_LIST.map((d) => d.code));
    expect(data.map((d) => d.code)).toEqual(expect.arrayContaining([
      'confirm_email', 'reset_password', 'deposit_approved', 'deposit_rejected', 'order_rejected', 'order_held', 'payout_approved', 'seller_created', 'user_created',
    ]));
    expect(data.every((d) => !d.existed && d.variables.length > 0 && d.html.length > 0)).toBe(true);
    expect((await send(OWNER, 'GET', '/api/mail-notifications')).json()).toEqual({ data: [] });
  });

  it("adds a default ('Add template success!'), then skips it ('Existed')", async () => {
    const res = await send(OWNER, 'POST', '/api/mail-notifications', { code: 'reset_password' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: EMAIL_MSG.addSuccess, data: { code: 'reset_password', name: 'Password reset', subject: 'Reset your {{agencyName}} password' } });
    resetId = res.json().data.id;

    const again = await send(OWNER, 'POST', '/api/mail-notifications', { code: 'reset_password' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Existed' });

    const list = await send(OWNER, 'GET', '/api/mail-notifications');
    expect(list.json().data).toEqual([{ id: resetId, code: 'reset_password', name: 'Password reset', subject: 'Reset your {{agencyName}} password' }]);
    const defaults = (await send(OWNER, 'GET', '/api/mail-notifications/default-templates')).json().data as { code: string; existed: boolean }[];
    expect(defaults.find((d) => d.code === 'reset_password')!.existed).toBe(true);
    expect(defaults.filter((d) => d.existed)).toHaveLength(1);
  });

  it('refuses an unknown code', async () => {
    const res = await send(OWNER, 'POST', '/api/mail-notifications', { code: 'no_such_mail' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EMAIL_MSG.unknownTemplate);
  });

  it('reads one template with its body and variables', async () => {
    const res = await send(OWNER, 'GET', `/api/mail-notifications/${resetId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: resetId, code: 'reset_password', variables: ['name', 'agencyName', 'link', 'minutes'] });
    expect(res.json().data.html).toContain('{{link}}');
  });

  it("saves subject and a sanitised body ('Save success!') and audits it", async () => {
    const html =
      '<p onclick="steal()">Hello <strong>{{name}}</strong>, <em>reset</em> <a href="{{link}}">here</a> or <a href="javascript:alert(1)">bad</a></p>' +
      '<ul><li>one</li></ul><script>alert(1)</script><img src=x onerror=alert(1)><p style="color:red">styled</p>';
    const res = await send(OWNER, 'PATCH', `/api/mail-notifications/${resetId}`, { subject: 'Custom reset for {{agencyName}}', html });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_MSG.saveSuccess });
    const saved = (await send(OWNER, 'GET', `/api/mail-notifications/${resetId}`)).json().data as { subject: string; html: string };
    expect(saved.subject).toBe('Custom reset for {{agencyName}}');
    expect(saved.html).toBe('<p>Hello <strong>{{name}}</strong>, <em>reset</em> <a href="{{link}}">here</a> or <a>bad</a></p><ul><li>one</li></ul><p>styled</p>');
    const audits = await mailing.t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, resetId));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses a missing subject or body, a subject over 255, and a body that sanitises to nothing', async () => {
    const url = `/api/mail-notifications/${resetId}`;
    const noSubject = await send(OWNER, 'PATCH', url, { subject: '  ', html: '<p>x</p>' });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().errors).toMatchObject({ subject: EMAIL_MSG.inputSubject });
    const noBody = await send(OWNER, 'PATCH', url, { subject: 'x' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().errors).toMatchObject({ html: EMAIL_MSG.inputBody });
    const long = await send(OWNER, 'PATCH', url, { subject: 'x'.repeat(256), html: '<p>x</p>' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toMatchObject({ subject: EMAIL_MSG.subjectLength });
    const onlyScript = await send(OWNER, 'PATCH', url, { subject: 'x', html: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().message).toBe(EMAIL_MSG.inputBody);
  });

  it('sends the customised template to Demo Fulfilment users, the default to Other Fulfilment', async () => {
    const forgot = await mailing.t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: OWNER } });
    expect(forgot.statusCode).toBe(200);
    const mine = mailing.smtp.lastTo(OWNER)!;
    expect(mine.text).toContain('Subject: Custom reset for Demo Fulfilment');
    expect(mine.text).toMatch(/Hello <strong>.+<\/strong>/);
    expect(mine.text).toMatch(/<a href="http:\/\/localhost:3000\/cms\/auth\/reset-password\?token=[^"]+">here<\/a>/);

    await mailing.t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: OTHER } });
    const theirs = mailing.smtp.lastTo(OTHER)!;
    expect(theirs.text).toContain('Subject: Reset your Other Fulfilment password');
    expect(theirs.text).not.toContain('Custom reset');

    const [row] = await mailing.t.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, OWNER));
    expect(row).toMatchObject({ templateCode: 'reset_password', status: 'sent', subject: 'Custom reset for Demo Fulfilment' });
  });

  it('keeps templates apart between agencies (404)', async () => {
    for (const [method, payload] of [['GET'], ['PATCH', { subject: 'x', html: '<p>x</p>' }], ['DELETE']] as const) {
      const res = await send(OTHER, method, `/api/mail-notifications/${resetId}`, payload);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await send(OTHER, 'GET', '/api/mail-notifications')).json()).toEqual({ data: [] });
    // The other agency may add the same code for itself.
    await add(OTHER, 'reset_password');
  });

  it('deletes the copy: the default is sent again', async () => {
    const res = await send(OWNER, 'DELETE', `/api/mail-notifications/${resetId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_MSG.deleted });
    expect((await send(OWNER, 'GET', `/api/mail-notifications/${resetId}`)).statusCode).toBe(404);
    await mailing.t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: OWNER } });
    expect(mailing.smtp.lastTo(OWNER)!.text).toContain('Subject: Reset your Demo Fulfilment password');
  });

  it('answers 403 to staff, support and sellers', async () => {
    const id = await add(OWNER, 'order_held');
    for (const persona of [PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.SELLER]) {
      expect((await send(persona, 'GET', '/api/mail-notifications')).statusCode, persona).toBe(403);
      expect((await send(persona, 'GET', '/api/mail-notifications/default-templates')).statusCode, persona).toBe(403);
      expect((await send(persona, 'GET', `/api/mail-notifications/${id}`)).statusCode, persona).toBe(403);
      expect((await send(persona, 'POST', '/api/mail-notifications', { code: 'order_held' })).statusCode, persona).toBe(403);
      expect((await send(persona, 'PATCH', `/api/mail-notifications/${id}`, { subject: 'x', html: '<p>x</p>' })).statusCode, persona).toBe(403);
      expect((await send(persona, 'DELETE', `/api/mail-notifications/${id}`)).statusCode, persona).toBe(403);
    }
  });
});

describe('email history', () => {
  let failedId: string;

  beforeAll(async () => {
    const [row] = await mailing.t.database.db
      .insert(emailMessages)
      .values({
        agencyId: await agencyId('DEMO'),
        toAddress: 'lost@example.com',
        templateCode: 'order_held',
        subject: 'Order #1001 is on hold',
        html: '<p>held</p>',
        text: 'held',
        status: 'failed',
        error: '550 mailbox unavailable',
      })
      .returning();
    failedId = row!.id;
  });

  it("lists the agency's e-mails newest first, with search and status filters", async () => {
    const res = await send(OWNER, 'GET', '/api/email-history?page=1&limit=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 10 });
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.data[0]).toEqual({
      id: failedId, toAddress: 'lost@example.com', subject: 'Order #1001 is on hold', templateCode: 'order_held',
      status: 'failed', error: '550 mailbox unavailable', createdAt: expect.any(String),
    });
    const times = (body.data as { createdAt: string }[]).map((d) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((body.data as { toAddress: string }[]).some((d) => d.toAddress === OTHER)).toBe(false);

    const failed = (await send(OWNER, 'GET', '/api/email-history?status=failed')).json();
    expect(failed.data.map((d: { id: string }) => d.id)).toEqual([failedId]);
    const bySubject = (await send(OWNER, 'GET', '/api/email-history?search=%20%231001%20')).json();
    expect(bySubject.data.map((d: { id: string }) => d.id)).toEqual([failedId]);
    const byTo = (await send(OWNER, 'GET', `/api/email-history?search=${encodeURIComponent('AGENCY@demo')}`)).json();
    expect(byTo.total).toBeGreaterThanOrEqual(2);
    expect((await send(OWNER, 'GET', '/api/email-history?search=%25')).json().total).toBe(0);
    expect((await send(OWNER, 'GET', '/api/email-history?status=lost')).statusCode).toBe(400);
  });

  it('reads one message with its body; another agency gets 404', async () => {
    const res = await send(OWNER, 'GET', `/api/email-history/${failedId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: failedId, html: '<p>held</p>', status: 'failed' });
    expect((await send(OTHER, 'GET', `/api/email-history/${failedId}`)).statusCode).toBe(404);
    expect((await send(OTHER, 'POST', `/api/email-history/${failedId}/retry`)).statusCode).toBe(404);
    const theirs = (await send(OTHER, 'GET', '/api/email-history')).json();
    expect(theirs.data.every((d: { toAddress: string }) => d.toAddress !== 'lost@example.com')).toBe(true);
  });

  it('sends a failed message again, once', async () => {
    const res = await send(OWNER, 'POST', `/api/email-history/${failedId}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: EMAIL_MSG.retrySent, data: { id: failedId, status: 'sent', error: null } });
    expect(mailing.smtp.lastTo('lost@example.com')!.text).toContain('Subject: Order #1001 is on hold');
    const again = await send(OWNER, 'POST', `/api/email-history/${failedId}/retry`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(EMAIL_MSG.retryOnlyFailed);
    const audits = await mailing.t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, failedId));
    expect(audits.map((a) => a.action)).toEqual(['retry']);
  });

  it('answers 403 to staff, support and sellers', async () => {
    for (const persona of [PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.SELLER]) {
      expect((await send(persona, 'GET', '/api/email-history')).statusCode, persona).toBe(403);
      expect((await send(persona, 'GET', `/api/email-history/${failedId}`)).statusCode, persona).toBe(403);
      expect((await send(persona, 'POST', `/api/email-history/${failedId}/retry`)).statusCode, persona).toBe(403);
    }
  });
});

