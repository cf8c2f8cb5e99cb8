import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobFileParts, jobFiles } from '../../db/schema/index';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';
/**
 * A download link works this long: enough to click it, short enough that a leaked one dies. Retention
 * (job-retention.ts) keeps a file at least this long after the last link to it could be minted.
 */
export const LINK_TTL_MS = 15 * 60_000;

export interface NewJobFile {
  jobId?: string | null;
  userId: string;
  agencyId?: string | null;
  purpose: 'import' | 'report' | 'export';
  name: string;
  contentType: string;
  data: Buffer;
}

/**
 * A file's content is written and read in parts of this size, one statement each (job_file_parts,
 * migration 0013). On the embedded database every statement holds the one connection; measured there
 * (docs/benchmarks.md, "Job batches on PGlite"): one 10 MB bytea took 3 to 4 s to insert and ~1 s to
 * select; in 256 KB parts an insert takes ~30 ms (95% under 70 ms) and a select ~25 ms. 128 KB parts
 * cut the typical insert only to ~23 ms and made a file 20% slower to save; 384 KB parts went over
 * 100 ms one time in ten. PostgreSQL needs no parts but loses nothing by them (10 MB saved in 60 to
 * 100 ms in 40 parts as in one insert, read in 135 to 210 ms either way): one size for both.
 */
export const JOB_FILE_PART_BYTES = 256 * 1024;

/**
 * Keeps a file the server made or received (database rows: every replica can serve it): the row
 * (size, no data) then the parts, so no statement holds the connection for the whole file. A job names
 * its file only after this returns, so nobody reads a file half written. Should a part fail, the row is
 * removed (its parts by the cascade); if even that fails, retention (job-retention.ts) deletes it.
 */
export async function saveJobFile(db: Db, file: NewJobFile): Promise<{ id: string }> {
  const { data, ...head } = file;
  const [row] = await db
    .insert(jobFiles)
    .values({ ...head, jobId: file.jobId ?? null, agencyId: file.agencyId ?? null, data: null, size: data.length })
    .returning({ id: jobFiles.id });
  try {
    for (let part = 0; part * JOB_FILE_PART_BYTES < data.length; part++) {
      const bytes = data.subarray(part * JOB_FILE_PART_BYTES, (part + 1) * JOB_FILE_PART_BYTES);
      await db.insert(jobFileParts).values({ fileId: row!.id, part, data: bytes });
    }
  } catch (err) {
    await db.delete(jobFiles).where(eq(jobFiles.id, row!.id)).catch(() => undefined);
    throw err;
  }
  return row!;
}

/**
 * Makes a job the owner of a file saved before it (an upload is saved outside the transaction that
 * queues its job, see the import services): the file then goes with its job (retention, agency deletion).
 */
export async function giveJobFile(db: Db, fileId: string, jobId: string): Promise<void> {
  await db.update(jobFiles).set({ jobId }).where(eq(jobFiles.id, fileId));
}

export interface JobFileHead {
  name: string;
  contentType: string;
  size: number;
}

/** A file's name, type and size, without its content; undefined when there is no such file. */
export async function jobFileHead(db: Db, id: string): Promise<JobFileHead | undefined> {
  const [row] = await db
    .select({ name: jobFiles.name, contentType: jobFiles.contentType, size: jobFiles.size })
    .from(jobFiles)
    .where(eq(jobFiles.id, id));
  return row;
}

/**
 * A file's content, part after part, each read by a statement of its own when the consumer asks for
 * it (a download streams it). A file written before the parts (0013) has its content in
 * job_files.data and comes in one statement, as before: such files are gone after the retention.
 * Throws when the content does not add up to the file's size.
 */
export async function* jobFileContent(db: Db, id: string, size: number): AsyncGenerator<Buffer> {
  let read = 0;
  for (let part = 0; read < size; part++) {
    const [row] = await db
      .select({ data: jobFileParts.data })
      .from(jobFileParts)
      .where(and(eq(jobFileParts.fileId, id), eq(jobFileParts.part, part)));
    if (!row) break;
    read += row.data.length;
    yield row.data;
  }
  if (read === 0 && size > 0) {
    const [old] = await db.select({ data: jobFiles.data }).from(jobFiles).where(eq(jobFiles.id, id));
    if (old?.data) {
      read = old.data.length;
      yield old.data;
    }
  }
  if (read !== size) throw new Error(`job file ${id} is incomplete: ${read} of ${size} bytes`);
}

/** A whole file in memory (a job reading its upload); undefined when there is no such file. */
export async function readJobFile(db: Db, id: string): Promise<(JobFileHead & { data: Buffer }) | undefined> {
  const head = await jobFileHead(db, id);
  if (!head) return undefined;
  const parts: Buffer[] = [];
  for await (const part of jobFileContent(db, id, head.size)) parts.push(part);
  return { ...head, data: Buffer.concat(parts) };
}

function sign(secret: string, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`job-file.${id}.${expires}`).digest('base64url');
}

/**
 * The address a browser downloads a job file from: `/api/job-files/<id>?expires=..&signature=..`.
 * Signed, because a plain navigation (the spec's "data.url is downloaded") carries no bearer token.
 */
export function jobFileUrl(secret: string, id: string, now = Date.now()): string {
  const expires = now + LINK_TTL_MS;
  return `/api/job-files/${id}?expires=${expires}&signature=${sign(secret, id, expires)}`;
}

export function verifyJobFileLink(secret: string, id: string, expires: number, signature: string, now = Date.now()): boolean {
  if (!Number.isFinite(expires) || expires < now) return false;
  const expected = Buffer.from(sign(secret, id, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
