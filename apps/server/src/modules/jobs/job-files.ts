import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { jobFiles } from '../../db/schema/index';

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

/** Keeps a file the server made or received (database row: every replica can serve it). */
export async function saveJobFile(db: Db, file: NewJobFile): Promise<{ id: string }> {
  const [row] = await db
    .insert(jobFiles)
    .values({ ...file, jobId: file.jobId ?? null, agencyId: file.agencyId ?? null, size: file.data.length })
    .returning({ id: jobFiles.id });
  return row!;
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
