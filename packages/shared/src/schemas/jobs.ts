import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** A background job as its owner polls it (progress bars, import results). */
export const jobAnswer = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  /** Handler-defined outcome (counts, message). */
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  /** Signed download address of the job's report (rows that failed and why), when it made one. */
  reportUrl: z.string().nullable(),
  /** Signed download address of the file the job produced (an export), when it made one. */
  fileUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobAnswer = z.infer<typeof jobAnswer>;
export const jobResponse = z.object({ data: jobAnswer });

export const jobFileQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().max(200),
});
