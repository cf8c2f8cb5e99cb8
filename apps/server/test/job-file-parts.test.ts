/**
 * Job files are kept in parts (job_file_parts, migration 0013), each written and read by a statement
 * of its own, and downloaded as a stream of those parts; files written before keep job_files.data.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobFileParts, jobFiles, users } from '../src/db/schema/index';
import { resolveUploadSecret } from '../src/modules/images/upload-secret';
import { JOB_FILE_PART_BYTES, jobFileUrl, readJobFile, saveJobFile } from '../src/modules/jobs/job-files';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const { send } = t;
let secret: string;
let ownerId: string;

beforeAll(async () => {
  secret = await resolveUploadSecret(db());
  const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.email, PERSONA.ADMIN));
  ownerId = owner!.id;
});

const db = () => t.database.db;
const partsOf = async (fileId: string) =>
  Number((await db().select({ n: count() }).from(jobFileParts).where(eq(jobFileParts.fileId, fileId)))[0]!.n);
const download = (fileId: string) => send(null, 'GET', jobFileUrl(secret, fileId));
const saveExport = (data: Buffer, name = 'orders.csv') =>
  saveJobFile(db(), { userId: ownerId, purpose: 'export', name, contentType: 'text/csv; charset=utf-8', data });

describe('job files in parts', () => {
  it('saves a file over several parts and downloads it byte for byte, with its size as Content-Length', async () => {
    const data = randomBytes(5 * JOB_FILE_PART_BYTES + 1234);
    const file = await saveExport(data, 'orders export.csv');

    const [row] = await db().select().from(jobFiles).where(eq(jobFiles.id, file.id));
    expect(row).toMatchObject({ data: null, size: data.length });
    expect(await partsOf(file.id)).toBe(6);

    const res = await download(file.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders export.csv"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(data)).toBe(true);

    const read = await readJobFile(db(), file.id);
    expect(read).toMatchObject({ name: 'orders export.csv', contentType: 'text/csv; charset=utf-8', size: data.length });
    expect(read!.data.equals(data)).toBe(true);
  });

  it('keeps a file of exactly one part, and an empty file, whole', async () => {
    for (const data of [randomBytes(JOB_FILE_PART_BYTES), Buffer.alloc(0)]) {
      const file = await saveExport(data);
      expect(await partsOf(file.id)).toBe(data.length === 0 ? 0 : 1);
      const res = await download(file.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(data.length));
      expect(res.rawPayload.equals(data)).toBe(true);
      expect((await readJobFile(db(), file.id))!.data.equals(data)).toBe(true);
    }
  });

  it('still serves a file written before the parts (its content in job_files.data)', async () => {
    const data = randomBytes(JOB_FILE_PART_BYTES + 10);
    const [old] = await db()
      .insert(jobFiles)
      .values({ userId: ownerId, purpose: 'report', name: 'old.xlsx', contentType: 'application/octet-stream', data, size: data.length })
      .returning({ id: jobFiles.id });
    expect(await partsOf(old!.id)).toBe(0);
    const res = await download(old!.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.rawPayload.equals(data)).toBe(true);
    expect((await readJobFile(db(), old!.id))!.data.equals(data)).toBe(true);
  });

  it('refuses to read a file whose parts do not add up to its size', async () => {
    const file = await saveExport(randomBytes(3 * JOB_FILE_PART_BYTES));
    await db().delete(jobFileParts).where(and(eq(jobFileParts.fileId, file.id), eq(jobFileParts.part, 2)));
    await expect(readJobFile(db(), file.id)).rejects.toThrow(/incomplete/);
  });

  it('answers 404 for a file that is not there', async () => {
    expect((await download('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await readJobFile(db(), '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('deletes the parts with their file (retention and agency deletion delete job_files rows)', async () => {
    const file = await saveExport(randomBytes(2 * JOB_FILE_PART_BYTES + 1));
    expect(await partsOf(file.id)).toBe(3);
    await db().delete(jobFiles).where(eq(jobFiles.id, file.id));
    expect(await partsOf(file.id)).toBe(0);
  });
});
