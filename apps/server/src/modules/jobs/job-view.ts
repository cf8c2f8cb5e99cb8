import type { AppContext } from '../../context';
import type { JobRow } from '../../jobs/queue';

/**
 * What a job's owner sees of it; file ids in the result become signed download addresses while the
 * job is inside the retention (then none: its files are about to be deleted).
 */
export function jobView(ctx: AppContext, job: JobRow) {
  const result = job.result ?? null;
  const fileId = (key: string) => (result && typeof result[key] === 'string' ? (result[key] as string) : null);
  const report = fileId('reportFileId');
  const file = fileId('fileId');
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    total: job.total,
    processed: job.processed,
    failed: job.failed,
    result,
    error: job.error,
    reportUrl: report ? ctx.keptFileUrl(report, job.finishedAt) : null,
    fileUrl: file ? ctx.keptFileUrl(file, job.finishedAt) : null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}
