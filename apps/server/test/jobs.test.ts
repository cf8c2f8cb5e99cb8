import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emailMessages, jobs } from '../src/db/schema/index';
import { MAIL_RETRY_JOB } from '../src/mail/mail-retry';
import { useApiTest } from './helpers/api';
import { startSmtp } from './helpers/smtp';
import { PERSONA } from './helpers/personas';

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
let smtpPort: number;

const t = useApiTest(async () => {
  // A port where no SMTP server listens yet: every delivery fails until one starts.
  const probe = await startSmtp();
  smtpPort = probe.port;
  await probe.close();
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}` };
});
const { send } = t;
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
    const email = PERSONA.SELLER;
    const res = await send(null, 'POST', '/api/auth/forgot-password', { email });
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

describe('job files and job status', () => {
  it('serves a job file only through a valid signed address, and a job only to its owner', async () => {
    const { saveJobFile, jobFileUrl } = await import('../src/modules/jobs/job-files');
    const { users } = await import('../src/db/schema/index');
    const [owner] = await db().select().from(users).where(eq(users.email, PERSONA.ADMIN));
    const file = await saveJobFile(db(), { userId: owner!.id, purpose: 'export', name: 'prices.csv', contentType: 'text/csv; charset=utf-8', data: Buffer.from('a,b\r\n1,2\r\n') });
    const job = await t.app.jobs.enqueue(db(), { kind: 'test.count', userId: owner!.id });
    await t.app.jobs.drain();

    const mine = await send(PERSONA.ADMIN, 'GET', `/api/jobs/${job.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: job.id, status: 'done', reportUrl: null });
    const theirs = await send(PERSONA.OWNER, 'GET', `/api/jobs/${job.id}`);
    expect(theirs.statusCode).toBe(404);

    // The address the app hands out works; a forged or expired one does not.
    const { resolveUploadSecret } = await import('../src/modules/images/upload-secret');
    const secret = await resolveUploadSecret(db());
    const url = jobFileUrl(secret, file.id);
    const ok = await send(null, 'GET', url);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toBe('attachment; filename="prices.csv"');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.body).toContain('1,2');
    const forged = await send(null, 'GET', url.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.statusCode).toBe(404);
    const expired = jobFileUrl(secret, file.id, Date.now() - 60 * 60_000);
    expect((await send(null, 'GET', expired)).statusCode).toBe(404);
  });
});

describe('spreadsheets', () => {
  it('writes formula-looking cells as text, in CSV and xlsx, and reads xlsx back', async () => {
    const { toCsv, toXlsx, readXlsx } = await import('../src/lib/spreadsheet');
    const rows = [{ name: '=HYPERLINK("http://evil")', qty: -5, note: '@SUM(A1)' }, { name: 'Plain, "quoted"', qty: 3, note: '\tTab' }];
    const columns = [
      { header: 'Name', value: (r: (typeof rows)[number]) => r.name },
      { header: 'Qty', value: (r: (typeof rows)[number]) => r.qty },
      { header: 'Note', value: (r: (typeof rows)[number]) => r.note },
    ];
    const csv = toCsv(columns, rows).toString('utf8');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")",-5,'@SUM(A1)`);
    expect(csv).toContain(`"Plain, ""quoted""",3,'\tTab`);
    const xlsx = await toXlsx('Sheet', columns, rows);
    const back = await readXlsx(xlsx);
    expect(back.headers).toEqual(['Name', 'Qty', 'Note']);
    expect(back.rows.map((r) => r.cells)).toEqual([
      { Name: '=HYPERLINK("http://evil")', Qty: '-5', Note: '@SUM(A1)' },
      { Name: 'Plain, "quoted"', Qty: '3', Note: 'Tab' }, // cells are read trimmed
    ]);
  });
});
