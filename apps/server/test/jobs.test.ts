import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, jobs } from '../src/db/schema/index';
import { MAIL_RETRY_JOB } from '../src/mail/mail-retry';
import { createTestApp, type TestApp } from './helpers/app';
import { startSmtp } from './helpers/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
let smtpPort: number;

beforeAll(async () => {
  // A port where no SMTP server listens yet: every delivery fails until one starts.
  const probe = await startSmtp();
  smtpPort = probe.port;
  await probe.close();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
});
afterAll(async () => {
  await smtp?.close();
});

const db = () => t.database.db;
const makeDue = (id: string) => db().update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));

describe('job queue', () => {
  it('runs a queued job once, keeping its progress and result', async () => {
    const seen: string[] = [];
    t.app.jobs.register('test.count', async (run) => {
      seen.push(run.job.id);
      await run.progress({ total: 3, processed: 3, failed: 1 });
      return { ok: 2 };
    });
    const job = await t.app.jobs.enqueue(db(), { kind: 'test.count', payload: { n: 1 } });
    expect(await t.app.jobs.drain()).toBe(1);
    expect(await t.app.jobs.drain()).toBe(0);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'done', total: 3, processed: 3, failed: 1, result: { ok: 2 }, attempts: 1 });
    expect(seen).toEqual([job.id]);
  });

  it('retries a failing job later, then marks it failed after its last attempt', async () => {
    let calls = 0;
    t.app.jobs.register('test.flaky', async () => {
      calls++;
      throw new Error('upstream is down');
    });
    const job = await t.app.jobs.enqueue(db(), { kind: 'test.flaky', maxAttempts: 2 });
    await t.app.jobs.drain();
    let [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, error: 'upstream is down' });
    // Not due yet: the backoff keeps it waiting.
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await t.app.jobs.drain()).toBe(0);
    await makeDue(job.id);
    await t.app.jobs.drain();
    [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(calls).toBe(2);
  });
});

describe('failed mail is retried by the queue', () => {
  it('queues a retry for a failed delivery and sends it once the server answers', async () => {
    const email = 'seller@demo.test';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBeLessThan(300);
    const [message] = await db().select().from(emailMessages).where(eq(emailMessages.toAddress, email));
    expect(message).toMatchObject({ status: 'failed', templateCode: 'reset_password' });
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, MAIL_RETRY_JOB));
    expect(job).toMatchObject({ status: 'queued', payload: { messageId: message!.id } });

    // Still down: the attempt fails, the message stays failed, the job waits to try again.
    await makeDue(job!.id);
    await t.app.jobs.drain();
    let [after] = await db().select().from(emailMessages).where(eq(emailMessages.id, message!.id));
    expect(after!.status).toBe('failed');

    smtp = await startSmtp(undefined, smtpPort);
    await makeDue(job!.id);
    await t.app.jobs.drain();
    [after] = await db().select().from(emailMessages).where(eq(emailMessages.id, message!.id));
    expect(after!.status).toBe('sent');
    expect(smtp.lastTo(email)?.text).toContain('reset-password');
    const [done] = await db().select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
  });
});
